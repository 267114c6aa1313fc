import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysAnnouncementSend, sysUser } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { connect, listen, sleep } from '../websocket/test-clients.ts';
import { sample } from './test-helpers.ts';

const URL = '/jeecg-boot/sys/annountCement';
const SEND = '/jeecg-boot/sys/sysAnnouncementSend';

describe('the user side of announcements: bell, read state, my announcements (contract §4.8, §6.1)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let jeecg: string;
  let zhangsan: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
    zhangsan = await t.login('zhangsan', '123456');
    // start from an empty inbox: the seeded welcome notice is read by everyone
    for (const tok of [admin, jeecg, zhangsan]) await t.req({ method: 'PUT', url: `${SEND}/readAll`, token: tok });
  });
  afterAll(async () => {
    await t?.close();
  });

  const publish = async (over: Record<string, unknown>) => {
    const add = await t.req({ method: 'POST', url: `${URL}/add`, payload: sample(over), token: admin });
    expect(add.json.success).toBe(true);
    const list = await t.req({
      method: 'GET',
      url: `${URL}/list?titile=${encodeURIComponent(String(over.titile))}`,
      token: admin,
    });
    const id = list.json.result.records[0].id as string;
    const rel = await t.req({ method: 'GET', url: `${URL}/doReleaseData?id=${id}`, token: admin });
    expect(rel.json.success).toBe(true);
    return id;
  };
  const bell = async (token: string) => (await t.req({ method: 'GET', url: `${URL}/listByUser`, token })).json;

  it('pushes a topic frame to every socket on release of an ALL announcement, and the bell counts it', async () => {
    const ws = await connect(base, USER_IDS.jeecg, [jeecg]);
    const id = await publish({ titile: '全体通知一', msgCategory: '1' });
    expect(await ws.next((f) => f.msgId === id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全体通知一' });
    const b = await bell(jeecg);
    expect(b).toMatchObject({ success: true, code: 200 });
    expect(b.result.anntMsgTotal).toBe(1);
    expect(b.result.anntMsgList[0]).toMatchObject({ id, titile: '全体通知一', priority: 'M', sendStatus: '1' });
    expect(b.result.sysMsgTotal).toBe(0);
    ws.ws.close();
  });

  it('pushes user frames only to the chosen users of a USER announcement', async () => {
    const j = await connect(base, USER_IDS.jeecg, [jeecg]);
    const z = await connect(base, USER_IDS.zhangsan, [zhangsan]);
    const id = await publish({ titile: '只给jeecg', msgType: 'USER', userIds: `${USER_IDS.jeecg},`, msgCategory: '2' });
    expect(await j.next((f) => f.msgId === id)).toEqual({ cmd: 'user', msgId: id, msgTxt: '只给jeecg' });
    await sleep(150);
    expect(z.frames.find((f: any) => f.msgId === id)).toBeUndefined();
    expect((await bell(jeecg)).result.sysMsgList.map((r: any) => r.id)).toContain(id);
    expect((await bell(zhangsan)).result.sysMsgList.map((r: any) => r.id)).not.toContain(id);
    // the recipient may open it; someone else may not
    const own = await t.req({ method: 'GET', url: `${URL}/queryById?id=${id}`, token: jeecg });
    expect(own.json.result.titile).toBe('只给jeecg');
    const other = await t.req({ method: 'GET', url: `${URL}/queryById?id=${id}`, token: zhangsan });
    expect(other.json.success).toBe(false);
    j.ws.close();
    z.ws.close();
  });

  it('shows at most 5 per list, newest first, with the unread totals', async () => {
    for (let i = 1; i <= 6; i++) await publish({ titile: `批量${i}`, msgCategory: '2' });
    const b = await bell(zhangsan);
    expect(b.result.sysMsgList).toHaveLength(5);
    expect(b.result.sysMsgTotal).toBe(6);
    expect(b.result.sysMsgList[0].titile).toBe('批量6');
  });

  it('does not show drafts, revoked or deleted announcements, nor ones that ended before the user existed', async () => {
    const add = await t.req({ method: 'POST', url: `${URL}/add`, payload: sample({ titile: '草稿' }), token: admin });
    expect(add.json.success).toBe(true);
    const revoked = await publish({ titile: '将撤销' });
    await t.req({ method: 'GET', url: `${URL}/doReovkeData?id=${revoked}`, token: admin });
    const deleted = await publish({ titile: '将删除' });
    await t.req({ method: 'DELETE', url: `${URL}/delete?id=${deleted}`, token: admin });
    const old = await publish({ titile: '过期', endTime: '2000-01-01 00:00:00', startTime: '1999-01-01 00:00:00' });
    await t.app.ctx.db
      .update(sysUser)
      .set({ createTime: new Date('2020-01-01T00:00:00Z') })
      .where(eq(sysUser.id, USER_IDS.zhangsan));
    const titles = [...(await bell(zhangsan)).result.anntMsgList, ...(await bell(zhangsan)).result.sysMsgList].map(
      (r: any) => r.titile,
    );
    expect(titles).not.toContain('草稿');
    expect(titles).not.toContain('将撤销');
    expect(titles).not.toContain('将删除');
    expect(titles).not.toContain('过期');
    expect(old).toBeTruthy();
  });

  it('creates the read rows race-free when several tabs poll at once', async () => {
    const id = await publish({ titile: '并发' });
    const results = await Promise.all(Array.from({ length: 6 }, () => bell(zhangsan)));
    for (const r of results) expect(r.success).toBe(true);
    const rows = await t.app.ctx.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, id), eq(sysAnnouncementSend.userId, USER_IDS.zhangsan)));
    expect(rows).toHaveLength(1);
  });

  it('marks one announcement read for the current user only (editByAnntIdAndUserId)', async () => {
    const id = await publish({ titile: '标记已读' });
    const before = (await bell(jeecg)).result.anntMsgTotal;
    const res = await t.req({
      method: 'PUT',
      url: `${SEND}/editByAnntIdAndUserId`,
      payload: { anntId: id },
      token: jeecg,
    });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect((await bell(jeecg)).result.anntMsgTotal).toBe(before - 1);
    const [row] = await t.app.ctx.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, id), eq(sysAnnouncementSend.userId, USER_IDS.jeecg)));
    expect(row.readFlag).toBe('1');
    expect(row.readTime).toBeTruthy();
    // zhangsan's copy is untouched
    expect((await bell(zhangsan)).result.anntMsgList.map((r: any) => r.id)).toContain(id);
    // the anntId is a bound parameter, never SQL
    const inj = await t.req({
      method: 'PUT',
      url: `${SEND}/editByAnntIdAndUserId`,
      payload: { anntId: "x' or '1'='1" },
      token: zhangsan,
    });
    expect(inj.json.success).toBe(false);
    expect((await bell(zhangsan)).result.anntMsgList.map((r: any) => r.id)).toContain(id);
    const bad = await t.req({ method: 'PUT', url: `${SEND}/editByAnntIdAndUserId`, payload: {}, token: jeecg });
    expect(bad.statusCode).toBe(400);
  });

  it("readAll marks all of the user's announcements read with 全部已读", async () => {
    await publish({ titile: '全部已读前' });
    expect((await bell(zhangsan)).result.anntMsgTotal).toBeGreaterThan(0);
    const res = await t.req({ method: 'PUT', url: `${SEND}/readAll`, token: zhangsan });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '全部已读' });
    const b = await bell(zhangsan);
    expect(b.result.anntMsgTotal + b.result.sysMsgTotal).toBe(0);
    expect((await bell(jeecg)).result.anntMsgTotal).toBeGreaterThan(0);
  });

  it('getMyAnnouncementSend lists own announcements unread first, then newest, with filters', async () => {
    const first = await publish({ titile: '我的甲' });
    await publish({ titile: '我的乙' });
    await t.req({ method: 'PUT', url: `${SEND}/editByAnntIdAndUserId`, payload: { anntId: first }, token: jeecg });
    const res = await t.req({
      method: 'GET',
      url: `${SEND}/getMyAnnouncementSend?titile=我的&pageSize=10`,
      token: jeecg,
    });
    expect(res.json.success).toBe(true);
    const recs = res.json.result.records;
    expect(recs.map((r: any) => [r.titile, r.readFlag])).toEqual([
      ['我的乙', '0'],
      ['我的甲', '1'],
    ]);
    expect(recs[0]).toMatchObject({ userId: USER_IDS.jeecg, sender: 'admin', priority_dictText: '中' });
    expect(Object.keys(recs[0])).toEqual(
      expect.arrayContaining([
        'id',
        'anntId',
        'msgContent',
        'sendTime',
        'msgCategory',
        'openType',
        'openPage',
        'busId',
      ]),
    );
    const unread = await t.req({
      method: 'GET',
      url: `${SEND}/getMyAnnouncementSend?titile=我的&readFlag=0`,
      token: jeecg,
    });
    expect(unread.json.result.records.map((r: any) => r.titile)).toEqual(['我的乙']);
    const bySender = await t.req({
      method: 'GET',
      url: `${SEND}/getMyAnnouncementSend?titile=我的&sender=${encodeURIComponent('管理')}`,
      token: jeecg,
    });
    expect(bySender.json.result.total).toBe(2);
    const likeEscape = await t.req({ method: 'GET', url: `${SEND}/getMyAnnouncementSend?titile=%25`, token: jeecg });
    expect(likeEscape.json.result.total).toBe(0);
    const badFlag = await t.req({ method: 'GET', url: `${SEND}/getMyAnnouncementSend?readFlag=9`, token: jeecg });
    expect(badFlag.statusCode).toBe(400);
  });

  it("syncNotic refreshes only the caller's own tabs unless the caller may release", async () => {
    const id = await publish({ titile: '同步' });
    const j = await connect(base, USER_IDS.jeecg, [jeecg]);
    const z = await connect(base, USER_IDS.zhangsan, [zhangsan]);
    const mine = await t.req({ method: 'GET', url: `${URL}/syncNotic`, token: jeecg });
    expect(mine.json.success).toBe(true);
    expect(await j.next((f) => f.msgTxt === '批量设置已读')).toEqual({ cmd: 'topic', msgTxt: '批量设置已读' });
    await t.req({ method: 'GET', url: `${URL}/syncNotic?anntId=${id}`, token: jeecg });
    expect(await j.next((f) => f.msgId === id)).toMatchObject({ cmd: 'user', msgId: id });
    await sleep(150);
    expect(z.frames).toEqual([]);
    await t.req({ method: 'GET', url: `${URL}/syncNotic?anntId=${id}`, token: admin });
    expect(await z.next((f) => f.msgId === id)).toEqual({ cmd: 'topic', msgId: id, msgTxt: '同步' });
    j.ws.close();
    z.ws.close();
  });

  it('answers the admin CRUD of read rows', async () => {
    const id = await publish({ titile: 'CRUD行' });
    const add = await t.req({
      method: 'POST',
      url: `${SEND}/add`,
      payload: { anntId: id, userId: USER_IDS.admin },
      token: admin,
    });
    expect(add.json.success).toBe(true);
    const list = await t.req({
      method: 'GET',
      url: `${SEND}/list?anntId=${id}&userId=${USER_IDS.admin}`,
      token: admin,
    });
    const row = list.json.result.records[0];
    expect(row).toMatchObject({ anntId: id, readFlag: '0', userId_dictText: '管理员' });
    const dup = await t.req({
      method: 'POST',
      url: `${SEND}/add`,
      payload: { anntId: id, userId: USER_IDS.admin },
      token: admin,
    });
    expect(dup.json).toMatchObject({ success: false, message: '数据库中已存在该记录' });
    const edit = await t.req({
      method: 'PUT',
      url: `${SEND}/edit`,
      payload: { id: row.id, readFlag: '1' },
      token: admin,
    });
    expect(edit.json.success).toBe(true);
    const one = await t.req({ method: 'GET', url: `${SEND}/queryById?id=${row.id}`, token: admin });
    expect(one.json.result.readFlag).toBe('1');
    const del = await t.req({ method: 'DELETE', url: `${SEND}/delete?id=${row.id}`, token: admin });
    expect(del.json.success).toBe(true);
    const [{ n }] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysAnnouncementSend)
      .where(eq(sysAnnouncementSend.id, row.id));
    expect(n).toBe(0);
  });
});
