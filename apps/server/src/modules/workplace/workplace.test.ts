import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import {
  answerReservation,
  answerSession,
  sysAnnouncement,
  sysAnnouncementSend,
  sysLog,
  sysQuartzJob,
  sysQuartzJobRun,
} from '../../db/schema/index.ts';
import { ROLE_IDS, USER_IDS } from '../../db/seed/data.ts';
import { newId } from '../../platform/ids.ts';
import { resourceOf, signAction } from './service.ts';

let t: TestApp;
let admin: string;
let jeecg: string;
const B = '/jeecg-boot';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url: `${B}${url}`, token });

/** the operation log is written after the answer: wait for the row */
async function waitForLog(username: string, url: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db.select().from(sysLog).where(eq(sysLog.requestUrl, url));
    if (rows.some((r) => r.userid === username)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log row of ${username} for ${url}`);
}

describe('/mock/api/workplace/* answers the caller’s own data', () => {
  it('activity: an action the user does appears first, with the original client’s fields; not in another user’s', async () => {
    const code = `dash${Date.now().toString(36)}`;
    const add = await t.req({
      method: 'POST',
      url: `${B}/sys/position/add`,
      token: admin,
      payload: { code, name: '看板岗位', postRank: '2' },
    });
    expect(add.json.success).toBe(true);
    await waitForLog('admin', '/jeecg-boot/sys/position/add');

    const r = await get('/mock/api/workplace/activity');
    expect(r.statusCode).toBe(200);
    expect(r.json.success).toBe(true);
    const first = r.json.result[0];
    expect(first.user.nickname).toBe('管理员');
    expect(first.project).toEqual({
      name: '/sys/position',
      action: '添加',
      event: 'POST /jeecg-boot/sys/position/add',
    });
    expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the sign-in of beforeAll is there too
    expect(r.json.result.some((a: { project: { action: string } }) => a.project.action === '登录')).toBe(true);

    const other = await get('/mock/api/workplace/activity', jeecg);
    expect(other.json.success).toBe(true);
    expect(other.json.result.length).toBeGreaterThan(0);
    for (const a of other.json.result) {
      expect(a.user.nickname).toBe('jeecg');
      expect(a.requestUrl).not.toBe('/sys/position/add');
    }
  });

  it('teams: the user’s departments with member counts', async () => {
    const a = await get('/mock/api/workplace/teams');
    expect(a.json.result.map((d: { name: string }) => d.name)).toEqual(['北京国炬软件']);
    expect(a.json.result[0]).toMatchObject({ orgCode: 'A01', avatar: null, parentName: null });
    expect(a.json.result[0].memberCount).toBeGreaterThanOrEqual(1);
    const j = await get('/mock/api/workplace/teams', jeecg);
    expect(j.json.result).toHaveLength(1);
    expect(j.json.result[0]).toMatchObject({ name: '研发部', orgCode: 'A01A05', parentName: '北京国炬软件' });
  });

  it('radar: activity by kind; the user’s own action raises 个人, another user’s only their 部门', async () => {
    const before = (await get('/mock/api/workplace/radar', jeecg)).json.result;
    expect(before.map((r: { item: string }) => r.item)).toEqual(['登录', '查询', '添加', '编辑', '删除', '导入导出']);
    for (const row of before) expect(Object.keys(row).sort()).toEqual(['item', '个人', '团队', '部门'].sort());
    const sign = before.find((r: { item: string }) => r.item === '登录');
    expect(sign.个人).toBeGreaterThanOrEqual(1);

    const mine = (await get('/mock/api/workplace/radar')).json.result;
    const added = mine.find((r: { item: string }) => r.item === '添加');
    expect(added.个人).toBeGreaterThanOrEqual(1);
    // admin is in A01, jeecg in A01A05: admin's additions are not jeecg's, nor in jeecg's department
    const jAdded = before.find((r: { item: string }) => r.item === '添加');
    expect(jAdded.个人).toBe(0);
    expect(jAdded.部门).toBe(0);
  });

  it('role and service: the caller’s roles; the API resources they called, paged; bad paging is refused', async () => {
    expect((await get('/mock/api/role')).json.result.map((r: { roleCode: string }) => r.roleCode)).toEqual(['admin']);
    expect((await get('/mock/api/role', jeecg)).json.result.map((r: { roleCode: string }) => r.roleCode)).toEqual([
      'test',
    ]);
    const s = await get('/mock/api/service?pageNo=1&pageSize=5');
    expect(s.json.success).toBe(true);
    expect(s.json.result).toMatchObject({ pageNo: 1, pageSize: 5 });
    const row = s.json.result.data.find((d: { no: string }) => d.no === '/sys/position/add');
    expect(row).toMatchObject({ callNo: 1, description: '添加 /sys/position', status: 1 });
    const none = await get('/mock/api/service', jeecg);
    expect(none.json.result.data.some((d: { no: string }) => d.no === '/sys/position/add')).toBe(false);
    const bad = await get('/mock/api/service?pageSize=1000');
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toBe('参数 pageSize 有误：每页最多100条');
  });

  it('profile: position names, departments and roles; sign-in required', async () => {
    const p = (await get('/dashboard/profile')).json.result;
    expect(p.posts).toEqual([{ code: 'manager', name: '部门经理' }]);
    expect(p.departs.map((d: { name: string }) => d.name)).toEqual(['北京国炬软件']);
    expect(p.roles[0]).toMatchObject({ roleCode: 'admin', roleName: '管理员' });
    const j = (await get('/dashboard/profile', jeecg)).json.result;
    expect(j.posts).toEqual([{ code: 'devleader', name: '研发组长' }]);
    for (const url of ['/dashboard/profile', '/mock/api/workplace/teams', '/mock/api/workplace/activity']) {
      expect((await t.req({ method: 'GET', url: `${B}${url}` })).statusCode, url).toBe(401);
    }
  });
});

describe('/dashboard/tasks: the operator’s pending work', () => {
  interface Card {
    key: string;
    count: number;
    link: string | null;
    items: Array<{ title: string; description: string | null }>;
  }
  const card = (cards: Card[], key: string) => cards.find((c) => c.key === key) as Card;

  it('counts pending reservations, today’s sessions, unread notices and failed runs; cards follow the grants', async () => {
    const { db } = t.database;
    const before = (await get('/dashboard/tasks')).json.result.cards;
    expect(before.map((c: { key: string }) => c.key)).toEqual(['reservations', 'sessions', 'notices', 'jobs']);
    expect(card(before, 'reservations').link).toBe('/answer/reservation?status=0');
    expect(card(before, 'sessions').link).toBe('/answer/session');
    expect(card(before, 'jobs').link).toBe('/isystem/QuartzJobList');

    const now = Date.now();
    const sessionId = newId();
    await db.insert(answerSession).values({
      id: sessionId,
      name: '看板测试场次',
      startTime: new Date(now),
      endTime: new Date(now + 3_600_000),
      capacity: 10,
      bookedCount: 2,
      reserveStart: new Date(now - 86_400_000),
      reserveEnd: new Date(now),
      createTime: new Date(),
    });
    const cancelledId = newId();
    await db.insert(answerSession).values({
      id: cancelledId,
      name: '已取消场次',
      startTime: new Date(now),
      endTime: new Date(now + 3_600_000),
      capacity: 10,
      cancelled: 1,
      reserveStart: new Date(now - 86_400_000),
      reserveEnd: new Date(now),
    });
    for (const [status, name] of [
      ['0', '待确认甲'],
      ['1', '已确认乙'],
    ]) {
      await db.insert(answerReservation).values({
        id: newId(),
        reservationNo: `YY${newId()}`,
        sessionId,
        personType: '2',
        name,
        personKey: `p:${newId()}`,
        status,
        createTime: new Date(),
      });
    }
    const jobId = newId();
    await db.insert(sysQuartzJob).values({ id: jobId, jobClassName: 'demo.FailingJob', description: '看板失败任务' });
    await db.insert(sysQuartzJobRun).values({
      id: newId(),
      jobId,
      jobClassName: 'demo.FailingJob',
      fireTime: new Date(now),
      trigger: 'manual',
      startTime: new Date(now),
      outcome: 'failed',
      errorMessage: '连接超时',
    });

    const after = (await get('/dashboard/tasks')).json.result.cards;
    const res = card(after, 'reservations');
    expect(res.count).toBe(card(before, 'reservations').count + 1);
    expect(res.items.some((i: { title: string }) => i.title === '待确认甲 · 看板测试场次')).toBe(true);
    expect(res.items.some((i: { title: string }) => i.title.startsWith('已确认乙'))).toBe(false);
    const ses = card(after, 'sessions');
    expect(ses.count).toBe(card(before, 'sessions').count + 1);
    expect(ses.items.map((i: { title: string }) => i.title)).toContain('看板测试场次');
    expect(ses.items.map((i: { title: string }) => i.title)).not.toContain('已取消场次');
    const jobs = card(after, 'jobs');
    expect(jobs.count).toBe(card(before, 'jobs').count + 1);
    expect(jobs.items[0]).toMatchObject({ title: '看板失败任务', description: '连接超时' });
  });

  it('pending reservations follow the reservation page’s data rules (本部门预约) and the tenant', async () => {
    const { db } = t.database;
    const [session] = await db.select({ id: answerSession.id }).from(answerSession).limit(1);
    const mk = (name: string, sysOrgCode: string, tenantId = 0) =>
      db.insert(answerReservation).values({
        id: newId(),
        reservationNo: `YY${newId()}`,
        sessionId: session.id,
        personType: '2',
        name,
        personKey: `p:${newId()}`,
        status: '0',
        sysOrgCode,
        tenantId,
        createTime: new Date(Date.now() - 86_400_000 * 400),
      });
    await mk('本部门的甲', 'A01');
    await mk('别部门的乙', 'A02');
    await mk('别租户的丙', 'A01', 1);
    const pending = (await get('/dashboard/tasks')).json.result.cards.find((c: Card) => c.key === 'reservations');
    const all = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from answer_reservation where status = '0' and del_flag = 0 and tenant_id = 0`,
    );
    // the platform administrator sees every tenant while the header is 0
    const everyTenant = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from answer_reservation where status = '0' and del_flag = 0`,
    );
    expect(pending.count).toBe(everyTenant[0].n);
    const inTenant1 = await t.req({
      method: 'GET',
      url: `${B}/dashboard/tasks`,
      token: admin,
      headers: { 'tenant-id': '1' },
    });
    const t1 = inTenant1.json.result.cards.find((c: Card) => c.key === 'reservations');
    expect(t1.count).toBe(everyTenant[0].n - all[0].n);

    // grant the offered rule to the admin role on 答题预约
    await db.execute(sql`
      update sys_role_permission set data_rule_ids = (
        select id from sys_permission_data_rule where rule_name = '本部门预约' limit 1)
       where role_id = ${ROLE_IDS.admin}
         and permission_id = (select id from sys_permission where component = 'answer/ReservationList' and del_flag = 0 limit 1)`);
    await t.app.ctx.perms.invalidate();
    try {
      const own = (await get('/dashboard/tasks')).json.result.cards.find((c: Card) => c.key === 'reservations');
      const a01 = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from answer_reservation where status = '0' and del_flag = 0 and sys_org_code = 'A01'`,
      );
      expect(own.count).toBe(a01[0].n);
      expect(own.count).toBeLessThan(pending.count);
      // oldest first: the A01 row created 400 days ago leads the list; the A02 one is not there
      const titles = own.items.map((i: { title: string }) => i.title.split(' · ')[0]);
      expect(titles).toContain('本部门的甲');
      expect(titles).not.toContain('别部门的乙');
    } finally {
      await db.execute(sql`
        update sys_role_permission set data_rule_ids = null
         where role_id = ${ROLE_IDS.admin}
           and permission_id = (select id from sys_permission where component = 'answer/ReservationList' and del_flag = 0 limit 1)`);
      await t.app.ctx.perms.invalidate();
    }
  });

  it('a user without the reservation and job pages sees only their own unread notices', async () => {
    const { db } = t.database;
    const before = (await get('/dashboard/tasks', jeecg)).json.result.cards;
    expect(before.map((c: { key: string }) => c.key)).toEqual(['notices']);
    const anntId = newId();
    await db.insert(sysAnnouncement).values({
      id: anntId,
      titile: '给jeecg的看板通知',
      msgContent: '<p>内容</p>',
      msgCategory: '1',
      msgType: 'USER',
      sendStatus: '1',
      sendTime: new Date(),
      delFlag: '0',
      createTime: new Date(),
      userIds: `${USER_IDS.jeecg},`,
    });
    await db.insert(sysAnnouncementSend).values({ id: newId(), anntId, userId: USER_IDS.jeecg, readFlag: '0' });
    const after = card((await get('/dashboard/tasks', jeecg)).json.result.cards, 'notices');
    expect(after.count).toBe(card(before, 'notices').count + 1);
    expect(after.items[0].title).toBe('给jeecg的看板通知');
    expect(after.link).toBe('/isps/userAnnouncement');
    // the admin's count does not include jeecg's notice
    const mine = card((await get('/dashboard/tasks')).json.result.cards, 'notices');
    expect(mine.items.some((i: { title: string }) => i.title === '给jeecg的看板通知')).toBe(false);
    // read → gone
    await t.req({
      method: 'PUT',
      url: `${B}/sys/sysAnnouncementSend/editByAnntIdAndUserId`,
      token: jeecg,
      payload: { anntId },
    });
    const read = card((await get('/dashboard/tasks', jeecg)).json.result.cards, 'notices');
    expect(read.count).toBe(card(before, 'notices').count);
  });
});

describe('/dashboard/monitor: the live overview', () => {
  it('answers the monitoring figures; requests grow between two samples; the database is UP', async () => {
    const a = (await get('/dashboard/monitor')).json.result;
    await get('/mock/api/role');
    await get('/this/does/not/exist');
    const b = (await get('/dashboard/monitor')).json.result;
    expect(b.requests).toBeGreaterThanOrEqual(a.requests + 2);
    expect(b.errors4xx).toBeGreaterThanOrEqual(a.errors4xx + 1);
    expect(b.time).toBeGreaterThanOrEqual(a.time);
    expect(b.latency.p99Ms).toBeGreaterThanOrEqual(b.latency.p50Ms);
    expect(b.eventLoopDelay).toMatchObject({ windowMs: 5000 });
    expect(b.database).toMatchObject({ kind: t.database.kind, status: 'UP' });
    expect(b.database.pingMs).toBeGreaterThanOrEqual(0);
    if (onRedis) expect(b.redis).toMatchObject({ configured: true, status: 'UP' });
    else expect(b.redis).toEqual({ configured: false, status: null, pingMs: null });
  });

  it('needs the monitoring pages: refused to a user without them', async () => {
    const r = await get('/dashboard/monitor', jeecg);
    expect(r.statusCode).toBe(403);
    expect(r.json.message).toBe('没有权限，请联系管理员授权');
  });
});

describe('resourceOf', () => {
  it('drops the action segment', () => {
    expect(resourceOf('/sys/user/add')).toBe('/sys/user');
    expect(resourceOf('/sys/user/edit?x=1')).toBe('/sys/user');
    expect(resourceOf('/jeecg-boot/sys/position/deleteBatch')).toBe('/sys/position');
    expect(resourceOf('/login')).toBe('/login');
    expect(resourceOf(null)).toBe('/');
  });
});

describe('signAction', () => {
  it('tells sign-in, sign-out and failed sign-in lines apart', () => {
    expect(signAction('用户名: admin,登录成功！')).toBe('登录');
    expect(signAction('用户名: 管理员,退出成功！')).toBe('退出');
    expect(signAction('用户名: admin,登录失败：密码错误')).toBe('登录失败');
  });
});
