import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysAnnouncement, sysAnnouncementSend, sysDataLog } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { multipartBody } from '../common/test-helpers.ts';
import { sample } from './test-helpers.ts';

const URL = '/jeecg-boot/sys/annountCement';

describe('announcement management /sys/annountCement (contract §4.8)', () => {
  let t: TestApp;
  let admin: string;
  let jeecg: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (payload: Record<string, unknown>, token = admin) =>
    t.req({ method: 'POST', url: `${URL}/add`, payload, token });
  const find = async (titile: string) => {
    const res = await t.req({ method: 'GET', url: `${URL}/list?titile=${encodeURIComponent(titile)}`, token: admin });
    return res.json.result.records as any[];
  };

  it('adds a draft with sanitised content and a plain-text title, and lists it with _dictText', async () => {
    const res = await add(
      sample({
        titile: '<b>安全</b>通告<script>alert(1)</script>',
        msgContent:
          '<p onclick="x()">正文</p><script>alert(1)</script><img src="x" onerror="alert(1)" /><a href="javascript:alert(1)">链接</a>',
      }),
    );
    expect(res.json).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const [row] = await find('安全通告');
    expect(row).toMatchObject({
      titile: '安全通告',
      sendStatus: '0',
      delFlag: '0',
      priority: 'M',
      priority_dictText: '中',
      msgCategory_dictText: '通知公告',
      msgType_dictText: '全体用户',
      sendStatus_dictText: '未发布',
      createBy: 'admin',
      startTime: '2030-01-01 00:00:00',
    });
    expect(row.msgContent).toBe('<p>正文</p><img src="x" /><a>链接</a>');
    expect(row.id).toMatch(/^\d{19}$/);
    const one = await t.req({ method: 'GET', url: `${URL}/queryById?id=${row.id}`, token: admin });
    expect(one.json.result).toMatchObject({ id: row.id, titile: '安全通告' });
  });

  it('lists with JeecgBoot filters, sorting and paging', async () => {
    await add(sample({ titile: '排序甲', priority: 'H' }));
    await add(sample({ titile: '排序乙', priority: 'L', msgCategory: '2' }));
    const res = await t.req({
      method: 'GET',
      url: `${URL}/list?titile=${encodeURIComponent('排序*')}&column=priority&order=asc&pageSize=1`,
      token: admin,
    });
    expect(res.json.code).toBe(0);
    expect(res.json.result.total).toBe(2);
    expect(res.json.result.records).toHaveLength(1);
    expect(res.json.result.records[0].priority).toBe('H');
    const cat = await t.req({ method: 'GET', url: `${URL}/list?msgCategory=2&titile=排序乙`, token: admin });
    expect(cat.json.result.records.map((r: any) => r.titile)).toEqual(['排序乙']);
    const bad = await t.req({ method: 'GET', url: `${URL}/list?column=msg_content;drop`, token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    [{ priority: 'X' }, '优先级只能是'],
    [{ msgCategory: '3' }, '消息类型只能是'],
    [{ msgType: 'SOME' }, '通告对象类型只能是'],
    [{ openType: 'iframe', openPage: '/x' }, '打开方式只能是'],
    [{ titile: '' }, '标题不能为空'],
    [{ startTime: '2030-13-01 00:00:00' }, '开始时间格式'],
  ])('rejects malformed input %j with a Chinese message (400)', async (over, text) => {
    const res = await add(sample(over));
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain(text);
  });

  it.each([
    [{ msgType: 'USER', userIds: '' }, '请选择用户'],
    [{ msgType: 'USER', userIds: 'no-such-user,' }, '指定用户不存在'],
    [{ openType: 'url', openPage: 'https://evil.example' }, '跳转地址只能是系统内的页面路径'],
    [{ openType: 'url', openPage: '//evil.example' }, '跳转地址只能是系统内的页面路径'],
    [{ openType: 'url', openPage: '/\\evil.example' }, '跳转地址只能是系统内的页面路径'],
    [{ openType: 'url', openPage: 'javascript:alert(1)' }, '跳转地址只能是系统内的页面路径'],
    [{ openType: 'component', openPage: '../../x' }, '组件路径只能是系统内的页面组件'],
    [{ openType: 'url', openPage: '' }, '请填写跳转地址'],
    [{ startTime: '2030-02-01 00:00:00', endTime: '2030-01-01 00:00:00' }, '结束时间不能早于开始时间'],
  ])('rejects invalid values %j as a business error, nothing stored', async (over, text) => {
    const before = (await t.req({ method: 'GET', url: `${URL}/list?pageSize=1`, token: admin })).json.result.total;
    const res = await add(sample({ titile: '无效', ...over }));
    expect(res.json).toMatchObject({ success: false, code: 500 });
    expect(res.json.message).toContain(text);
    const after = (await t.req({ method: 'GET', url: `${URL}/list?pageSize=1`, token: admin })).json.result.total;
    expect(after).toBe(before);
  });

  it('stores USER targets with a trailing comma and one unread row per user; edit re-syncs them', async () => {
    await add(sample({ titile: '指定用户通告', msgType: 'USER', userIds: `${USER_IDS.jeecg},${USER_IDS.zhangsan},` }));
    const [row] = await find('指定用户通告');
    expect(row.userIds).toBe(`${USER_IDS.jeecg},${USER_IDS.zhangsan},`);
    const rows = () => t.app.ctx.db.select().from(sysAnnouncementSend).where(eq(sysAnnouncementSend.anntId, row.id));
    expect((await rows()).map((r) => r.userId).sort()).toEqual([USER_IDS.jeecg, USER_IDS.zhangsan].sort());
    const edit = await t.req({
      method: 'PUT',
      url: `${URL}/edit`,
      payload: { id: row.id, userIds: `${USER_IDS.jeecg},` },
      token: admin,
    });
    expect(edit.json).toMatchObject({ success: true, message: '修改成功!' });
    expect((await rows()).map((r) => r.userId)).toEqual([USER_IDS.jeecg]);
    const log = await t.app.ctx.db
      .select()
      .from(sysDataLog)
      .where(and(eq(sysDataLog.dataTable, 'sys_announcement'), eq(sysDataLog.dataId, row.id)));
    expect(log.map((l) => l.dataVersion).sort()).toEqual([1, 2]);
  });

  it('edits keep fields that are not sent, sanitise again and refuse a published announcement', async () => {
    await add(sample({ titile: '可编辑' }));
    const [row] = await find('可编辑');
    const edit = await t.req({
      method: 'PUT',
      url: `${URL}/edit`,
      payload: { id: row.id, msgContent: '<p>新</p><iframe src="x"></iframe>' },
      token: admin,
    });
    expect(edit.json.success).toBe(true);
    const [after] = await find('可编辑');
    expect(after).toMatchObject({ msgContent: '<p>新</p>', priority: 'M', msgAbstract: '国庆' });
    await t.req({ method: 'GET', url: `${URL}/doReleaseData?id=${row.id}`, token: admin });
    const refused = await t.req({
      method: 'PUT',
      url: `${URL}/edit`,
      payload: { id: row.id, titile: 'x' },
      token: admin,
    });
    expect(refused.json).toMatchObject({ success: false, message: '已发布的通告不能编辑，请先撤销' });
    const missing = await t.req({
      method: 'PUT',
      url: `${URL}/edit`,
      payload: { id: 'nope', titile: 'x' },
      token: admin,
    });
    expect(missing.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('releases (status 1, send time, sender) and revokes (status 2, cancel time)', async () => {
    await add(sample({ titile: '发布撤销' }));
    const [row] = await find('发布撤销');
    const rel = await t.req({ method: 'GET', url: `${URL}/doReleaseData?id=${row.id}`, token: admin });
    expect(rel.json).toMatchObject({ success: true, code: 200, message: '该系统通知发布成功' });
    const [pub] = await find('发布撤销');
    expect(pub).toMatchObject({ sendStatus: '1', sender: 'admin', sender_dictText: '管理员' });
    expect(pub.sendTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await t.req({ method: 'GET', url: `${URL}/doReleaseData?id=${row.id}`, token: admin });
    expect(again.json.success).toBe(false);
    const rev = await t.req({ method: 'GET', url: `${URL}/doReovkeData?id=${row.id}`, token: admin });
    expect(rev.json).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const [revoked] = await find('发布撤销');
    expect(revoked.sendStatus).toBe('2');
    expect(revoked.cancelTime).toBeTruthy();
    const rev2 = await t.req({ method: 'GET', url: `${URL}/doReovkeData?id=${row.id}`, token: admin });
    expect(rev2.json).toMatchObject({ success: false, message: '只能撤销已发布的系统通知' });
  });

  it('deletes logically, one or a batch', async () => {
    await add(sample({ titile: '删除一' }));
    await add(sample({ titile: '删除二' }));
    await add(sample({ titile: '删除三' }));
    const [a] = await find('删除一');
    const [b] = await find('删除二');
    const [c] = await find('删除三');
    const del = await t.req({ method: 'DELETE', url: `${URL}/delete?id=${a.id}`, token: admin });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    const batch = await t.req({ method: 'DELETE', url: `${URL}/deleteBatch?ids=${b.id},${c.id}`, token: admin });
    expect(batch.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await find('删除*')).toEqual([]);
    const gone = await t.req({ method: 'GET', url: `${URL}/queryById?id=${a.id}`, token: admin });
    expect(gone.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const [raw] = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, a.id));
    expect(raw.delFlag).toBe('1');
  });

  it('exports the list as an .xlsx attachment', async () => {
    const res = await t.req({ method: 'GET', url: `${URL}/exportXls?titile=放假通知`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('imports ALL announcements from .xlsx as drafts (sanitised) and reports bad rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('系统通告');
    ws.addRow(['标题', '内容', '优先级', '消息类型', '通告对象类型', '开始时间']);
    ws.addRow([
      '导入甲<script>x</script>',
      '<p>正文</p><script>alert(1)</script>',
      '高',
      '通知公告',
      '全体用户',
      '2030-01-01 08:00:00',
    ]);
    ws.addRow(['导入乙', '', '极高', '通知公告', '全体用户', '']);
    ws.addRow(['导入丙', '', '低', '系统消息', '指定用户', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const { payload, headers } = multipartBody({}, { name: 'a.xlsx', content: file });
    const res = await t.req({ method: 'POST', url: `${URL}/importExcel`, payload, headers, token: admin });
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toContain('已导入行数：1');
    const [row] = await find('导入甲');
    expect(row).toMatchObject({
      sendStatus: '0',
      priority: 'H',
      msgContent: '<p>正文</p>',
      startTime: '2030-01-01 08:00:00',
    });
    expect(await find('导入乙')).toEqual([]);
    expect(await find('导入丙')).toEqual([]);
  });

  it('denies every mutation to a user without the buttons (403) and the list to one without the page', async () => {
    await add(sample({ titile: '权限' }));
    const [row] = await find('权限');
    const calls = [
      { method: 'POST', url: `${URL}/add`, payload: sample() },
      { method: 'PUT', url: `${URL}/edit`, payload: { id: row.id, titile: 'x' } },
      { method: 'DELETE', url: `${URL}/delete?id=${row.id}` },
      { method: 'DELETE', url: `${URL}/deleteBatch?ids=${row.id}` },
      { method: 'GET', url: `${URL}/doReleaseData?id=${row.id}` },
      { method: 'GET', url: `${URL}/doReovkeData?id=${row.id}` },
      { method: 'POST', url: `${URL}/importExcel` },
      { method: 'GET', url: `${URL}/list` },
      { method: 'GET', url: `${URL}/exportXls` },
      { method: 'GET', url: '/jeecg-boot/sys/sysAnnouncementSend/list' },
      { method: 'POST', url: '/jeecg-boot/sys/sysAnnouncementSend/add', payload: { anntId: row.id, userId: 'x' } },
      { method: 'DELETE', url: `/jeecg-boot/sys/sysAnnouncementSend/delete?id=x` },
    ] as const;
    for (const c of calls) {
      const res = await t.req({ ...c, token: jeecg } as never);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    // a draft is not readable by someone who is neither a manager nor a recipient
    const draft = await t.req({ method: 'GET', url: `${URL}/queryById?id=${row.id}`, token: jeecg });
    expect(draft.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const [still] = await find('权限');
    expect(still.titile).toBe('权限');
    const anon = await t.req({ method: 'GET', url: `${URL}/listByUser` });
    expect(anon.statusCode).toBe(401);
  });
});
