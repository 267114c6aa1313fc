import { describe, expect, it } from 'vitest';
import type { NoticeRecord, NoticeSummary } from '../../api/header';
import { newNotices } from './index';

const rec = (id: string, sendTime: string): NoticeRecord => ({ id, titile: `标题${id}`, sendTime }) as NoticeRecord;
const summary = (annt: NoticeRecord[], sys: NoticeRecord[]): NoticeSummary => ({
  anntMsgList: annt,
  anntMsgTotal: annt.length,
  sysMsgList: sys,
  sysMsgTotal: sys.length,
});

describe('newNotices (toast + the tab that has the new item, issue 29)', () => {
  it('announces nothing on the first load', () => {
    expect(newNotices(null, summary([rec('1', '2026-12-04 09:00:00')], []))).toEqual([]);
  });

  it('a cancelled-session notice lands under 系统消息: tab 2, newest first', () => {
    const seen = new Set(['1']);
    const next = summary(
      [rec('1', '2026-12-04 09:00:00'), rec('3', '2026-12-04 09:01:00')],
      [rec('2', '2026-12-04 09:02:00')],
    );
    expect(newNotices(seen, next).map((n) => [n.record.id, n.tab])).toEqual([
      ['2', '2'],
      ['3', '1'],
    ]);
  });
});
