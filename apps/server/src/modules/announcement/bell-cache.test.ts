import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession, onRealPg } from '../../../test/harness.ts';
import { recordStatements } from '../../../test/pglite-statements.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../db/schema/index.ts';
import { sample } from './test-helpers.ts';

const URL = '/jeecg-boot/sys/annountCement';
const SEND = '/jeecg-boot/sys/sysAnnouncementSend';

/**
 * The bell's answer is kept per user while the announcement tables are unchanged (ADR 058): a repeated poll reads
 * nothing but the tables' stamp, and every write — through the API, another code path or plain SQL — is seen by the
 * next poll.
 */
describe('the bell poll (listByUser) kept per user with exact invalidation', () => {
  const s = adminSession({}, { jeecg: true });
  const bell = async (token = s.jeecg) => (await s.get(`${URL}/listByUser`, token)).json.result;
  const publish = async (titile: string, msgCategory = '1') => {
    expect((await s.call('POST', `${URL}/add`, sample({ titile, msgCategory }))).json.success).toBe(true);
    const id = (await s.get(`${URL}/list?titile=${encodeURIComponent(titile)}`)).json.result.records[0].id as string;
    expect((await s.get(`${URL}/doReleaseData?id=${id}`)).json.success).toBe(true);
    return id;
  };

  it('a repeated poll runs no query on the embedded database (one version read on PostgreSQL)', async () => {
    await s.call('PUT', `${SEND}/readAll`, undefined, s.jeecg);
    await bell();
    await bell();
    if (onRealPg) return; // PostgreSQL: the stamp is one statement; covered by the behaviour below
    const rec = recordStatements(s.t.database.pglite!);
    try {
      const again = await bell();
      expect(again.anntMsgTotal).toBe(0);
      expect(rec.executed.filter((q) => /sys_announcement/.test(q))).toEqual([]);
    } finally {
      rec.stop();
    }
  });

  it('sees a release, a read, a revoke and a write in plain SQL at the next poll', async () => {
    await s.call('PUT', `${SEND}/readAll`, undefined, s.jeecg);
    expect((await bell()).anntMsgTotal).toBe(0);
    const id = await publish('缓存通知一');
    const b1 = await bell();
    expect(b1.anntMsgTotal).toBe(1);
    expect(b1.anntMsgList[0].id).toBe(id);
    expect((await bell()).anntMsgTotal).toBe(1);

    // another user's reading does not change this user's answer; this user's does
    await s.call('PUT', `${SEND}/editByAnntIdAndUserId`, { anntId: id });
    expect((await bell()).anntMsgTotal).toBe(1);
    await s.call('PUT', `${SEND}/editByAnntIdAndUserId`, { anntId: id }, s.jeecg);
    expect((await bell()).anntMsgTotal).toBe(0);

    const id2 = await publish('缓存系统消息', '2');
    expect((await bell()).sysMsgTotal).toBe(1);
    expect((await s.get(`${URL}/doReovkeData?id=${id2}`)).json.success).toBe(true);
    expect((await bell()).sysMsgTotal).toBe(0);

    // a write the module never sees (another program on the same database)
    const id3 = await publish('缓存通知三');
    expect((await bell()).anntMsgTotal).toBe(1);
    await s.t.app.ctx.db.update(sysAnnouncement).set({ titile: '外部改名' }).where(eq(sysAnnouncement.id, id3));
    expect((await bell()).anntMsgList[0].titile).toBe('外部改名');
    await s.t.app.ctx.db.execute(sql`update sys_announcement_send set read_flag = '1' where annt_id = ${id3}`);
    expect((await bell()).anntMsgTotal).toBe(0);
    await s.t.app.ctx.db.delete(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, id3));
    // the ALL announcement's row is materialized again, unread
    expect((await bell()).anntMsgTotal).toBe(1);
    expect((await bell()).anntMsgTotal).toBe(1);
  });

  it('keeps each user’s answer apart', async () => {
    await s.call('PUT', `${SEND}/readAll`, undefined, s.jeecg);
    await s.call('PUT', `${SEND}/readAll`);
    const id = await publish('缓存通知四');
    expect((await bell()).anntMsgTotal).toBe(1);
    expect((await bell(s.token)).anntMsgTotal).toBe(1);
    await s.call('PUT', `${SEND}/editByAnntIdAndUserId`, { anntId: id }, s.jeecg);
    expect((await bell()).anntMsgTotal).toBe(0);
    expect((await bell(s.token)).anntMsgTotal).toBe(1);
  });
});
