import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  answerReservation,
  answerSession,
  sysAnnouncement,
  sysAnnouncementSend,
  sysPermission,
  sysQuartzJob,
  sysRolePermission,
} from '../../db/schema/index.ts';
import { ABSENCE_JOB_CLASS } from '../../db/seed/answer-area.ts';
import { seedId } from '../../db/seed/ids.ts';
import { findMenu, menuId, ROLE_IDS, USER_IDS } from '../../db/seed/index.ts';
import { newId } from '../../platform/ids.ts';
import { listPage } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { xlsxUpload } from '../demo/test-helpers.ts';
import { jobClassOf } from '../quartz/registry.ts';
import { connect, listen } from '../websocket/test-clients.ts';
import { book, reservationStats, sessionList } from './service.ts';
import { idCard } from './test-helpers.ts';

const A = '/jeecg-boot/answer';
const MIN = 60_000;
const H = 60 * MIN;

let t: TestApp;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
  // the seeded absence job would also fire every 5 minutes: the tests run it themselves
  await t.app.ctx.db.update(sysQuartzJob).set({ status: -1 }).where(eq(sysQuartzJob.jobClassName, ABSENCE_JOB_CLASS));
});
afterAll(async () => {
  await t.close();
});

const fmt = (ms: number) => formatDateTime(new Date(ms))!;
const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });
const post = (url: string, payload: unknown, token = admin) =>
  t.req({ method: 'POST', url, token, payload: payload as never });

let seq = 0;
/** a fresh valid outside person */
function person(name = `外部${++seq}`) {
  const n = String(++seq % 1000).padStart(3, '0');
  return { personType: '2', name, mobile: `139${String(seq).padStart(8, '0')}`, idCard: idCard(`11010519900101${n}`) };
}

/** a session through the API; times relative to now (ms offsets) */
async function session(
  opts: { start?: number; end?: number; open?: number; close?: number; capacity?: number; name?: string } = {},
) {
  const now = Date.now();
  const name = opts.name ?? `场次${newId()}`;
  const res = await post(`${A}/session/add`, {
    name,
    subject: 'safety',
    startTime: fmt(now + (opts.start ?? 2 * H)),
    endTime: fmt(now + (opts.end ?? 4 * H)),
    place: '一号楼 301',
    capacity: opts.capacity ?? 10,
    reserveStart: fmt(now + (opts.open ?? -H)),
    reserveEnd: fmt(now + (opts.close ?? H)),
    description: '<p onclick="x()">说明<script>alert(1)</script></p>',
  });
  expect(res.json).toMatchObject({ success: true, message: '添加成功！' });
  const [row] = await t.app.ctx.db.select().from(answerSession).where(eq(answerSession.name, name));
  return row;
}

const reservation = async (id: string) =>
  (await t.app.ctx.db.select().from(answerReservation).where(eq(answerReservation.id, id)))[0];
const sessionRow = async (id: string) =>
  (await t.app.ctx.db.select().from(answerSession).where(eq(answerSession.id, id)))[0];

async function bookOk(sessionId: string, who: Record<string, unknown> = person(), token = admin): Promise<string> {
  const res = await post(`${A}/reservation/add`, { sessionId, ...who }, token);
  expect(res.json.success, res.json.message).toBe(true);
  expect(res.json.message).toMatch(/^预约成功，预约编号：YY\d{12}$/);
  return res.json.result.id;
}

describe('答题场次', () => {
  it('adds a session (rich text sanitised), lists it with the derived status and filters by status', async () => {
    const s = await session();
    expect(s.description).toBe('<p>说明</p>');
    const list = await get(`${A}/session/list?name=${encodeURIComponent(s.name)}`);
    expect(list.json.result.total).toBe(1);
    expect(list.json.result.records[0]).toMatchObject({
      id: s.id,
      status: '0',
      status_dictText: '未开始',
      subject_dictText: '安全知识',
      capacity: 10,
      bookedCount: 0,
    });
    expect(list.json.result.records[0]).not.toHaveProperty('tenantId');
    const running = await session({ start: -H, end: H });
    const byStatus = async (st: string) =>
      (await get(`${A}/session/list?status=${st}&pageSize=200`)).json.result.records.map((r: { id: string }) => r.id);
    expect(await byStatus('1')).toContain(running.id);
    expect(await byStatus('1')).not.toContain(s.id);
    expect(await byStatus('0')).toContain(s.id);
    expect((await get(`${A}/session/list?status=9`)).statusCode).toBe(400);
  });

  it('filters by calendar day (date=yyyy-MM-dd, GMT+8: sessions running that day) with the status; bad dates refused', async () => {
    const gmt8 = (ms: number) => new Date(ms + 8 * H).toISOString().slice(0, 10);
    const day = gmt8(Date.now() + 30 * MIN);
    const today = await session({ start: 30 * MIN, end: 40 * MIN, close: 20 * MIN });
    const later = await session({ start: 3 * 24 * H, end: 3 * 24 * H + H });
    const cancelled = await session({ start: 30 * MIN, end: 40 * MIN, close: 20 * MIN });
    expect((await post(`${A}/session/cancel`, { id: cancelled.id, reason: '测试' })).json.success).toBe(true);
    const ids = async (q: string) => {
      const res = await get(`${A}/session/list?${q}&pageSize=500`);
      expect(res.json.success, res.json.message).toBe(true);
      return res.json.result.records.map((r: { id: string }) => r.id) as string[];
    };
    const onDay = await ids(`date=${day}`);
    expect(onDay).toContain(today.id);
    expect(onDay).toContain(cancelled.id);
    expect(onDay).not.toContain(later.id);
    // the 任务 page's 今日场次: that day, not cancelled
    const live = await ids(`date=${day}&status=0,1,2`);
    expect(live).toContain(today.id);
    expect(live).not.toContain(cancelled.id);
    expect(await ids(`date=${gmt8(Date.now() + 3 * 24 * H + 30 * MIN)}`)).toContain(later.id);
    for (const bad of ['2026-02-30', '20261125', 'today', '2026-1-5']) {
      const res = await get(`${A}/session/list?date=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: '参数 date 有误：应为 yyyy-MM-dd 格式的日期' });
    }
  });

  it('refuses bad sessions with Chinese messages and changes nothing', async () => {
    const now = Date.now();
    const base = {
      name: '坏场次',
      startTime: fmt(now + 2 * H),
      endTime: fmt(now + 4 * H),
      place: 'A',
      capacity: 5,
      reserveStart: fmt(now),
      reserveEnd: fmt(now + H),
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endTime: fmt(now + H) }, '结束时间必须晚于开始时间'],
      [{ reserveEnd: fmt(now - H) }, '预约截止时间必须晚于预约开始时间'],
      [{ reserveEnd: fmt(now + 5 * H) }, '预约截止时间不能晚于场次结束时间'],
      [{ place: '' }, '请填写答题地点或线上链接'],
      [{ capacity: 0 }, '容量至少为 1'],
      [{ onlineLink: 'javascript:alert(1)' }, '线上链接必须以 http:// 或 https:// 开头'],
      [{ startTime: '2030-02-30 10:00:00' }, '开始时间格式应为 yyyy-MM-dd HH:mm:ss'],
    ];
    for (const [patch, message] of cases) {
      const res = await post(`${A}/session/add`, { ...base, ...patch });
      expect(res.json.success).toBe(false);
      expect(res.json.message).toContain(message);
    }
    const rows = await t.app.ctx.db.select().from(answerSession).where(eq(answerSession.name, '坏场次'));
    expect(rows).toHaveLength(0);
  });

  it('edit cannot lower the capacity under the booked count', async () => {
    const s = await session({ capacity: 3 });
    await bookOk(s.id);
    await bookOk(s.id);
    const res = await t.req({
      method: 'PUT',
      url: `${A}/session/edit`,
      token: admin,
      payload: { id: s.id, capacity: 1 },
    });
    expect(res.json).toMatchObject({ success: false, message: '容量不能小于已预约人数（2）' });
    const ok = await t.req({
      method: 'PUT',
      url: `${A}/session/edit`,
      token: admin,
      payload: { id: s.id, capacity: 2 },
    });
    expect(ok.json.success).toBe(true);
    expect((await sessionRow(s.id)).capacity).toBe(2);
    expect((await post(`${A}/reservation/add`, { sessionId: s.id, ...person() })).json.message).toBe('该场次名额已满');
  });
});

describe('预约规则', () => {
  it('books an outside person with a fill-rule number; validates mobile and ID number', async () => {
    const s = await session();
    const id = await bookOk(s.id);
    const r = await reservation(id);
    expect(r).toMatchObject({ status: '0', personType: '2', sysOrgCode: 'A01', createBy: 'admin' });
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ mobile: '12345678901' }, '请输入正确手机号'],
      [{ idCard: '110105194912310021' }, '请输入正确的身份证号码'],
      [{ name: '' }, '请输入姓名'],
      [{ personType: '1', userId: '' }, '请选择预约用户'],
    ];
    for (const [patch, message] of bad) {
      const res = await post(`${A}/reservation/add`, { sessionId: s.id, ...person(), ...patch });
      expect(res.json.success).toBe(false);
      expect(res.json.message).toContain(message);
    }
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });

  it('one active reservation per person and session (system user or ID number); again after a cancel', async () => {
    const s = await session();
    const p = person();
    const first = await bookOk(s.id, p);
    const again = await post(`${A}/reservation/add`, { sessionId: s.id, ...p, idCard: p.idCard.toLowerCase() });
    expect(again.json).toMatchObject({ success: false, message: '该人员已预约此场次，不能重复预约' });
    const u = await bookOk(s.id, { personType: '1', userId: USER_IDS.zhangsan });
    expect(await reservation(u)).toMatchObject({ name: '张三', username: 'zhangsan', personType: '1' });
    const u2 = await post(`${A}/reservation/add`, { sessionId: s.id, personType: '1', userId: USER_IDS.zhangsan });
    expect(u2.json.message).toBe('该人员已预约此场次，不能重复预约');
    await post(`${A}/reservation/cancel`, { ids: first, reason: '个人原因' });
    await bookOk(s.id, p);
    expect((await sessionRow(s.id)).bookedCount).toBe(2);
  });

  it('no booking outside the reservation window or on a cancelled session', async () => {
    const early = await session({ open: H, close: 2 * H });
    const res = await post(`${A}/reservation/add`, { sessionId: early.id, ...person() });
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(/^不在预约时间内，预约时间为 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 至 /);
    const closed = await session({ open: -3 * H, close: -MIN });
    expect((await post(`${A}/reservation/add`, { sessionId: closed.id, ...person() })).json.success).toBe(false);
    const c = await session();
    await post(`${A}/session/cancel`, { id: c.id, reason: '场地维修' });
    const onCancelled = await post(`${A}/reservation/add`, { sessionId: c.id, ...person() });
    expect(onCancelled.json).toMatchObject({ success: false, message: '该场次已取消，不能预约' });
    const rows = await t.app.ctx.db
      .select()
      .from(answerReservation)
      .where(inArray(answerReservation.sessionId, [early.id, closed.id, c.id]));
    expect(rows).toHaveLength(0);
  });

  it('50 parallel bookings for 10 seats: exactly 10 succeed, the rest are told the session is full', async () => {
    const s = await session({ capacity: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(`${A}/reservation/add`, { sessionId: s.id, ...person() })),
    );
    const ok = results.filter((r) => r.json.success);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => !x.json.success)) expect(r.json.message).toBe('该场次名额已满');
    const rows = await t.app.ctx.db.select().from(answerReservation).where(eq(answerReservation.sessionId, s.id));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.reservationNo)).size).toBe(10);
    expect((await sessionRow(s.id)).bookedCount).toBe(10);
  });

  it('10 parallel bookings of one person: one reservation, one seat', async () => {
    const s = await session({ capacity: 10 });
    const p = person();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(`${A}/reservation/add`, { sessionId: s.id, ...p })),
    );
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    for (const r of results.filter((x) => !x.json.success))
      expect(r.json.message).toBe('该人员已预约此场次，不能重复预约');
    expect((await sessionRow(s.id)).bookedCount).toBe(1);
  });
});

describe('编辑与删除', () => {
  it('edits a pending reservation (validated, duplicates refused); a cancelled one cannot be edited', async () => {
    const s = await session();
    const a = person();
    const b = person();
    const ra = await bookOk(s.id, a);
    await bookOk(s.id, b);
    const put = (payload: unknown) =>
      t.req({ method: 'PUT', url: `${A}/reservation/edit`, token: admin, payload: payload as never });
    expect((await put({ id: ra, mobile: '10000000000' })).json.message).toContain('请输入正确手机号');
    expect((await put({ id: ra, idCard: b.idCard })).json).toMatchObject({
      success: false,
      message: '该人员已预约此场次，不能重复预约',
    });
    expect((await put({ id: ra, sessionId: newId() })).json.message).toBe('不能更换场次，请取消后重新预约');
    expect((await put({ id: ra, name: '改名', mobile: '13700001234', remark: '备注' })).json).toMatchObject({
      success: true,
      message: '编辑成功!',
    });
    expect(await reservation(ra)).toMatchObject({
      name: '改名',
      mobile: '13700001234',
      remark: '备注',
      idCard: a.idCard,
    });
    const q = await get(`${A}/reservation/queryById?id=${ra}`);
    expect(q.json.result).toMatchObject({ status: '0', status_dictText: '待确认', sessionName: s.name });
    await post(`${A}/reservation/cancel`, { ids: ra, reason: '重约' });
    expect((await put({ id: ra, remark: 'x' })).json.message).toBe('只有待确认或已确认的预约可以编辑');
  });

  it('a session with active reservations cannot be deleted; deleting a reservation gives its seat back', async () => {
    const s = await session();
    const r = await bookOk(s.id);
    const del = (url: string) => t.req({ method: 'DELETE', url, token: admin });
    expect((await del(`${A}/session/delete?id=${s.id}`)).json.message).toBe('该场次还有 1 条有效预约，请先取消场次');
    expect((await del(`${A}/reservation/delete?id=${r}`)).json.message).toBe('删除成功!');
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
    expect((await get(`${A}/reservation/queryById?id=${r}`)).json.message).toBe('未找到对应的预约');
    expect((await del(`${A}/session/delete?id=${s.id}`)).json.message).toBe('删除成功!');
    expect((await get(`${A}/session/queryById?id=${s.id}`)).json.message).toBe('未找到对应的答题场次');
  });
});

describe('预约状态', () => {
  it('confirm → check in inside the session time; refusals name the reason', async () => {
    const running = await session({ start: -H, end: H, open: -2 * H, close: 30 * MIN });
    const id = await bookOk(running.id);
    expect((await post(`${A}/reservation/checkin`, { id })).json).toMatchObject({
      success: false,
      message: '预约尚未确认，不能签到',
    });
    expect((await post(`${A}/reservation/confirm`, { ids: id })).json).toMatchObject({
      success: true,
      message: '确认成功',
    });
    expect((await post(`${A}/reservation/confirm`, { ids: id })).json.message).toBe(
      '只有待确认的预约可以确认（当前状态：已确认）',
    );
    expect((await post(`${A}/reservation/checkin`, { id })).json).toMatchObject({ success: true, message: '签到成功' });
    expect(await reservation(id)).toMatchObject({ status: '2', checkinBy: 'admin' });
    expect((await post(`${A}/reservation/cancel`, { ids: id, reason: 'x' })).json.message).toBe(
      '只有待确认或已确认的预约可以取消（当前状态：已签到）',
    );
    // cancelling the running session cancels the pending one; the checked-in one stays 已签到 and keeps its seat
    const pending = await bookOk(running.id);
    expect((await post(`${A}/session/cancel`, { id: running.id, reason: '停电' })).json.message).toBe(
      '场次已取消，1 条预约已取消，已通知 0 位用户',
    );
    expect((await reservation(id)).status).toBe('2');
    expect((await reservation(pending)).status).toBe('3');
    expect((await sessionRow(running.id)).bookedCount).toBe(1);

    const later = await session();
    const l = await bookOk(later.id);
    await post(`${A}/reservation/confirm`, { ids: l });
    const early = await post(`${A}/reservation/checkin`, { id: l });
    expect(early.json.success).toBe(false);
    expect(early.json.message).toMatch(/^只能在场次时间内签到（/);
    expect((await reservation(l)).status).toBe('1');
  });

  it('cancel needs a reason and gives the seat back; batch confirm/cancel report what they skipped', async () => {
    const s = await session({ capacity: 5 });
    const ids = [await bookOk(s.id), await bookOk(s.id), await bookOk(s.id)];
    expect((await post(`${A}/reservation/cancel`, { ids: ids[0], reason: ' ' })).json).toMatchObject({
      success: false,
      message: '请填写取消原因',
    });
    expect((await post(`${A}/reservation/confirm`, { ids: ids[0] })).json.success).toBe(true);
    const batch = await post(`${A}/reservation/confirm`, { ids: ids.join(',') });
    expect(batch.json).toMatchObject({
      success: true,
      message: '已确认 2 条，1 条未处理（只有待确认的预约可以确认（当前状态：已确认））',
    });
    const cancel = await post(`${A}/reservation/cancel`, { ids: ids.join(','), reason: '批量取消' });
    expect(cancel.json).toMatchObject({ success: true, message: '批量取消成功，共 3 条' });
    for (const id of ids) expect(await reservation(id)).toMatchObject({ status: '3', cancelReason: '批量取消' });
    expect((await sessionRow(s.id)).bookedCount).toBe(0);
    const none = await post(`${A}/reservation/confirm`, { ids: ids.join(',') });
    expect(none.json).toMatchObject({ success: false });
    expect(none.json.message).toMatch(/^确认失败：只有待确认的预约可以确认/);
  });

  it('the absence job marks pending and confirmed reservations of ended sessions 缺席, once', async () => {
    const now = Date.now();
    const s = await session({ start: 2 * H, end: 3 * H, open: -H, close: H });
    const actor = {
      user: { id: USER_IDS.admin, username: 'admin', orgCode: 'A01' },
      tenancy: { kind: 'all' as const },
    };
    const p1 = (await book(t.app, actor, { sessionId: s.id, ...person() })).id;
    const p2 = (await book(t.app, actor, { sessionId: s.id, ...person() })).id;
    const p3 = (await book(t.app, actor, { sessionId: s.id, ...person() })).id;
    await post(`${A}/reservation/confirm`, { ids: p2 });
    await post(`${A}/reservation/cancel`, { ids: p3, reason: '不来了' });
    // the session is over
    await t.app.ctx.db
      .update(answerSession)
      .set({ startTime: new Date(now - 3 * H), endTime: new Date(now - H), reserveEnd: new Date(now - 4 * H) })
      .where(eq(answerSession.id, s.id));
    const job = jobClassOf(ABSENCE_JOB_CLASS)!;
    const run = () => job.run({ app: t.app, jobId: 'x', parameter: null, owner: 'admin', fireTime: new Date() });
    expect(await run()).toMatch(/^标记缺席 \d+ 条/);
    expect((await reservation(p1)).status).toBe('4');
    expect((await reservation(p2)).status).toBe('4');
    expect((await reservation(p3)).status).toBe('3');
    expect((await sessionRow(s.id)).absenceMarked).toBe(1);
    expect(await run()).toBe('标记缺席 0 条（0 个已结束场次）');
    expect((await post(`${A}/reservation/confirm`, { ids: p1 })).json.message).toBe(
      '只有待确认的预约可以确认（当前状态：缺席）',
    );
  });
});

describe('取消场次', () => {
  it('cancels every active reservation and notifies the booked system users (announcement + live push)', async () => {
    const base = await listen(t.app);
    const socket = await connect(base, USER_IDS.jeecg, [jeecg]);
    const s = await session({ name: `通知场次${newId()}` });
    const rJeecg = await bookOk(s.id, { personType: '1', userId: USER_IDS.jeecg });
    const rAdmin = await bookOk(s.id, { personType: '1', userId: USER_IDS.admin });
    const rOut = await bookOk(s.id);
    await post(`${A}/reservation/cancel`, { ids: rAdmin, reason: '先取消' });
    expect((await post(`${A}/session/cancel`, { id: s.id, reason: '' })).json.success).toBe(false);
    const res = await post(`${A}/session/cancel`, { id: s.id, reason: '讲师临时出差' });
    expect(res.json).toMatchObject({ success: true, message: '场次已取消，2 条预约已取消，已通知 1 位用户' });
    const frame = await socket.next((f) => f.cmd === 'user');
    expect(frame.msgTxt).toBe(`答题场次已取消：${s.name}`);
    socket.ws.close();
    for (const id of [rJeecg, rOut]) {
      expect(await reservation(id)).toMatchObject({ status: '3', cancelReason: '场次已取消：讲师临时出差' });
    }
    expect((await reservation(rAdmin)).cancelReason).toBe('先取消');
    const [annt] = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.busId, s.id));
    expect(annt).toMatchObject({ msgType: 'USER', sendStatus: '1', userIds: `${USER_IDS.jeecg},` });
    const sends = await t.app.ctx.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, annt.id));
    expect(sends.map((x) => x.userId)).toEqual([USER_IDS.jeecg]);
    // jeecg sees it among their notices
    const mine = await get('/jeecg-boot/sys/annountCement/listByUser', jeecg);
    expect(JSON.stringify(mine.json.result)).toContain(`答题场次已取消：${s.name}`);
    const listed = await get(`${A}/session/list?name=${encodeURIComponent(s.name)}`);
    expect(listed.json.result.records[0]).toMatchObject({
      status: '3',
      status_dictText: '已取消',
      cancelReason: '讲师临时出差',
    });
    expect((await post(`${A}/session/cancel`, { id: s.id, reason: '再取消' })).json.message).toBe(
      '该场次已取消，无需重复取消',
    );
    expect(
      (await t.req({ method: 'PUT', url: `${A}/session/edit`, token: admin, payload: { id: s.id, capacity: 3 } })).json
        .message,
    ).toBe('已取消的场次不能编辑');
  });
});

describe('权限与数据规则', () => {
  const RES_PAGE = () => menuId(findMenu('/answer/reservation')!);

  it('refuses users without the button permissions (nothing written)', async () => {
    const s = await session();
    const before = (await t.app.ctx.db.select().from(answerReservation)).length;
    for (const [url, body] of [
      [`${A}/reservation/add`, { sessionId: s.id, ...person() }],
      [`${A}/session/add`, { name: 'x' }],
      [`${A}/session/cancel`, { id: s.id, reason: 'x' }],
      [`${A}/reservation/confirm`, { ids: 'x' }],
    ] as const) {
      const res = await post(url, body, jeecg);
      expect(res.statusCode, url).toBe(403);
      expect(res.json.success).toBe(false);
    }
    expect((await get(`${A}/reservation/list`, jeecg)).statusCode).toBe(403);
    expect((await t.app.ctx.db.select().from(answerReservation)).length).toBe(before);
    expect((await sessionRow(s.id)).cancelled).toBe(0);
  });

  it('the data rule 本部门预约 limits the list and the export to the own department', async () => {
    const s = await session({ capacity: 20 });
    // grant the test role (jeecg, A01A05) the list, 新增, and the seeded rule
    const perms = (await t.app.ctx.db.select().from(sysPermission)).filter(
      (p) => p.id === RES_PAGE() || p.perms === 'reservation:add' || p.perms === 'reservation:export',
    );
    await t.app.ctx.db.insert(sysRolePermission).values(
      perms.map((p) => ({
        id: newId(),
        roleId: ROLE_IDS.test,
        permissionId: p.id,
        dataRuleIds: p.id === RES_PAGE() ? `${seedId('data_rule:answer:own-depart')},` : null,
      })),
    );
    await t.app.ctx.perms.invalidate();
    const mine = await bookOk(s.id, person(), jeecg);
    const theirs = await bookOk(s.id, person(), admin);
    const ids = async (token: string) =>
      (await get(`${A}/reservation/list?sessionId=${s.id}&pageSize=100`, token)).json.result.records.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids(jeecg)).toEqual([mine]);
    expect((await ids(admin)).sort()).toEqual([mine, theirs].sort());
    const all = await get(`${A}/reservation/list?pageSize=200`, jeecg);
    expect(all.json.result.records.every((r: { sysOrgCode: string }) => r.sysOrgCode === 'A01A05')).toBe(true);
    const xlsx = await get(`${A}/reservation/exportXls?sessionId=${s.id}`, jeecg);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(wb.worksheets[0].rowCount).toBe(2);
    await t.app.ctx.db.delete(sysRolePermission).where(
      and(
        eq(sysRolePermission.roleId, ROLE_IDS.test),
        inArray(
          sysRolePermission.permissionId,
          perms.map((p) => p.id),
        ),
      ),
    );
    await t.app.ctx.perms.invalidate();
  });
});

describe('租户', () => {
  it('a tenant sees and books only its own sessions (tenant-scoped tables)', async () => {
    const s = await session();
    const inTenant = {
      user: { id: USER_IDS.jeecg, username: 'jeecg', orgCode: 'A01A05' },
      tenancy: { kind: 'tenant' as const, id: 1 },
    };
    await expect(book(t.app, inTenant, { sessionId: s.id, ...person() })).rejects.toThrow('未找到对应的答题场次');
    const page = await listPage(t.app.ctx, sessionList, { pageSize: '200' }, { tenant: inTenant.tenancy });
    expect(page.records.map((r) => r.id)).not.toContain(s.id);
    const platform = await listPage(t.app.ctx, sessionList, { pageSize: '200' }, { tenant: { kind: 'tenant', id: 0 } });
    expect(platform.records.map((r) => r.id)).toContain(s.id);
    expect((await reservationStats(t.app.ctx.db, inTenant.tenancy)).sessions).toEqual([]);
  });
});

describe('导出 / 导入 / 统计', () => {
  it('exports with dictionary texts and the session name; imports good rows and reports bad ones in an error file', async () => {
    const s = await session({ name: `导入场次${newId()}`, capacity: 10 });
    await bookOk(s.id, person('导出甲'));
    const exp = await get(`${A}/reservation/exportXls?sessionId=${s.id}`);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as never);
    const header = wb.worksheets[0].getRow(1).values as string[];
    const row = wb.worksheets[0].getRow(2).values as string[];
    expect(row[header.indexOf('答题场次')]).toBe(s.name);
    expect(row[header.indexOf('状态')]).toBe('待确认');
    expect(row[header.indexOf('预约对象')]).toBe('外部人员');

    const iw = new ExcelJS.Workbook();
    const ws = iw.addWorksheet('预约');
    ws.addRow(['答题场次', '用户账号', '姓名', '手机号', '身份证号', '备注']);
    const p = person('导入乙');
    ws.addRow([s.name, '', p.name, p.mobile, p.idCard, '导入']);
    ws.addRow([s.name, 'zhangsan', '', '', '', '']);
    ws.addRow([s.name, '', '导入丙', '123', p.idCard, '']);
    ws.addRow(['没有这个场次', '', '导入丁', p.mobile, idCard('11010519900101123'), '']);
    ws.addRow([s.name, '', p.name, p.mobile, p.idCard, '重复']);
    // several problems in one row: all of them, in the row's one line
    ws.addRow(['', '', '', '123', '110105', '']);
    ws.addRow(['没有这个场次', 'nobody', '', '', '', '']);
    const up = xlsxUpload(Buffer.from(await iw.xlsx.writeBuffer()));
    const res = await t.req({ method: 'POST', url: `${A}/reservation/importExcel`, token: admin, ...up });
    expect(res.json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.json.result.msg).toBe('总上传行数：7，已导入行数：2，错误行数：5');
    const report = await t.req({ method: 'GET', url: `/jeecg-boot${res.json.result.fileUrl}`, token: admin });
    expect(report.body).toContain('第4行：请输入正确手机号');
    expect(report.body).toContain('第5行：答题场次【没有这个场次】不存在');
    expect(report.body).toContain('第6行：该人员已预约此场次，不能重复预约');
    expect(report.body).toContain('第7行：答题场次不能为空；请输入正确手机号；请输入正确的身份证号码；请输入姓名');
    expect(report.body).toContain('第8行：答题场次【没有这个场次】不存在；用户账号【nobody】不存在');
    expect((await sessionRow(s.id)).bookedCount).toBe(3);
  });

  it('answers the dashboard figures: bookings per day, fill rate per session, no-show rate', async () => {
    const res = await get(`${A}/reservation/stats?days=7`);
    expect(res.json.success).toBe(true);
    const { bookingsPerDay, sessions, noShow } = res.json.result;
    expect(bookingsPerDay).toHaveLength(7);
    expect(bookingsPerDay[6].count).toBeGreaterThan(0);
    const total = (await t.app.ctx.db.select().from(answerReservation).where(eq(answerReservation.delFlag, 0))).filter(
      (r) => r.createTime && r.createTime.getTime() > Date.now() - 6 * 86_400_000 - 86_400_000,
    ).length;
    expect(bookingsPerDay.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBeLessThanOrEqual(total);
    expect(sessions.length).toBeGreaterThan(0);
    for (const x of sessions) expect(x.fillRate).toBe(Math.round((x.booked / x.capacity) * 1000) / 10);
    const rows = await t.app.ctx.db.select().from(answerReservation).where(eq(answerReservation.delFlag, 0));
    const due = rows.filter((r) => r.status === '2' || r.status === '4').length;
    const absent = rows.filter((r) => r.status === '4').length;
    expect(noShow).toEqual({ due, absent, rate: Math.round((absent / due) * 1000) / 10 });
  });
});

describe('data rules on every path (issue 28 security 3)', () => {
  const resPage = () => menuId(findMenu('/answer/reservation')!);
  it('a reservation hidden by the data rule cannot be read by id, edited, confirmed, cancelled or deleted', async () => {
    const s = await session({ capacity: 20 });
    const perms = (await t.app.ctx.db.select().from(sysPermission)).filter(
      (p) =>
        p.id === resPage() ||
        [
          'reservation:add',
          'reservation:edit',
          'reservation:confirm',
          'reservation:cancel',
          'reservation:delete',
        ].includes(p.perms ?? ''),
    );
    expect(perms.length).toBe(6);
    await t.app.ctx.db.insert(sysRolePermission).values(
      perms.map((p) => ({
        id: newId(),
        roleId: ROLE_IDS.test,
        permissionId: p.id,
        dataRuleIds: p.id === resPage() ? `${seedId('data_rule:answer:own-depart')},` : null,
      })),
    );
    await t.app.ctx.perms.invalidate();
    try {
      const mine = await bookOk(s.id, person(), jeecg);
      const theirs = await bookOk(s.id, person(), admin);
      const before = await reservation(theirs);
      const notFound = { success: false, message: expect.stringMatching(/未找到/) };
      expect((await get(`${A}/reservation/queryById?id=${theirs}`, jeecg)).json).toMatchObject(notFound);
      expect((await post(`${A}/reservation/edit`, { id: theirs, remark: '改' }, jeecg)).json).toMatchObject(notFound);
      expect((await post(`${A}/reservation/confirm`, { ids: theirs }, jeecg)).json).toMatchObject(notFound);
      expect((await post(`${A}/reservation/cancel`, { ids: theirs, reason: '试' }, jeecg)).json).toMatchObject(
        notFound,
      );
      const del = await t.req({ method: 'DELETE', url: `${A}/reservation/delete?id=${theirs}`, token: jeecg });
      expect(del.json).toMatchObject(notFound);
      // deleteBatch is honest: nothing it may touch → refused; a mix → how many
      const none = await t.req({ method: 'DELETE', url: `${A}/reservation/deleteBatch?ids=${theirs}`, token: jeecg });
      expect(none.json).toMatchObject({ success: false, message: '未找到可删除的预约（不存在或无权删除）' });
      expect(await reservation(theirs)).toEqual(before);
      // the own department's reservation still works on every path (control)
      expect((await get(`${A}/reservation/queryById?id=${mine}`, jeecg)).json.success).toBe(true);
      expect((await post(`${A}/reservation/confirm`, { ids: mine }, jeecg)).json.success).toBe(true);
      const mixed = await t.req({
        method: 'DELETE',
        url: `${A}/reservation/deleteBatch?ids=${mine},${theirs}`,
        token: jeecg,
      });
      expect(mixed.json).toMatchObject({ success: true, message: '已删除 1 条，1 条不存在或无权删除' });
      expect((await reservation(theirs)).delFlag).toBe(0);
    } finally {
      await t.app.ctx.db.delete(sysRolePermission).where(
        and(
          eq(sysRolePermission.roleId, ROLE_IDS.test),
          inArray(
            sysRolePermission.permissionId,
            perms.map((p) => p.id),
          ),
        ),
      );
      await t.app.ctx.perms.invalidate();
    }
  });
});

describe('personal data (issue 28 security 7)', () => {
  it('masks ID numbers and mobiles in list, detail and export without the see-in-full button; admin sees them in full, audited', async () => {
    const { sysLog } = await import('../../db/schema/index.ts');
    const s = await session({ capacity: 5 });
    const p = person();
    const id = await bookOk(s.id, p);
    const perms = (await t.app.ctx.db.select().from(sysPermission)).filter(
      (x) =>
        x.id === menuId(findMenu('/answer/reservation')!) ||
        ['reservation:export', 'reservation:edit'].includes(x.perms ?? ''),
    );
    await t.app.ctx.db
      .insert(sysRolePermission)
      .values(perms.map((x) => ({ id: newId(), roleId: ROLE_IDS.test, permissionId: x.id })));
    await t.app.ctx.perms.invalidate();
    try {
      const maskedId = `${p.idCard.slice(0, 6)}********${p.idCard.slice(-4)}`;
      const maskedMobile = `${p.mobile.slice(0, 3)}****${p.mobile.slice(-4)}`;
      const list = (await get(`${A}/reservation/list?sessionId=${s.id}`, jeecg)).json.result.records;
      expect(list[0]).toMatchObject({ idCard: maskedId, mobile: maskedMobile });
      const one = (await get(`${A}/reservation/queryById?id=${id}`, jeecg)).json.result;
      expect(one).toMatchObject({ idCard: maskedId, mobile: maskedMobile });
      const xlsx = await get(`${A}/reservation/exportXls?sessionId=${s.id}`, jeecg);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as never);
      const texts: string[] = [];
      wb.worksheets[0].eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
      expect(texts).toContain(maskedId);
      expect(texts).not.toContain(p.idCard);
      // the form sends the masked values back: they mean unchanged
      const edit = await post(`${A}/reservation/edit`, { ...one, remark: '备注' }, jeecg);
      expect(edit.json.success, edit.json.message).toBe(true);
      expect(await reservation(id)).toMatchObject({ idCard: p.idCard, mobile: p.mobile, remark: '备注' });
      // admin holds reservation:sensitive: full values, and the use is in the operation log
      const full = (await get(`${A}/reservation/queryById?id=${id}`)).json.result;
      expect(full).toMatchObject({ idCard: p.idCard, mobile: p.mobile });
      const logs = await t.app.ctx.db.select().from(sysLog).where(eq(sysLog.userid, 'admin'));
      expect(
        logs.some((l) => (l.logContent ?? '').startsWith('查看完整个人信息（证件号、手机号）: 答题预约详情')),
      ).toBe(true);
    } finally {
      await t.app.ctx.db.delete(sysRolePermission).where(
        and(
          eq(sysRolePermission.roleId, ROLE_IDS.test),
          inArray(
            sysRolePermission.permissionId,
            perms.map((x) => x.id),
          ),
        ),
      );
      await t.app.ctx.perms.invalidate();
    }
  });
});
