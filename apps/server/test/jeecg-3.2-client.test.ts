import { describe, expect, it } from 'vitest';
import { USER_IDS } from '../src/db/seed/data.ts';
import { computeSign, signParams } from '../src/platform/sign.ts';
import { adminSession, onRedis } from './harness.ts';

/**
 * JeecgBoot's own 3.2 Vue client against this server (issue 28): the calls its pages make, with the headers and
 * parameters it sends, where they once broke it. The old client cannot change, so each stays answered here.
 */

const API = '/jeecg-boot';
const s = adminSession({}, { jeecg: true });
/** the headers every call of the 3.2 client carries (request.js: token, `tenant-id` 0 when none was chosen) */
const h = (more: Record<string, string> = {}) => ({ 'tenant-id': '0', ...more });
const get = (url: string, headers: Record<string, string> = {}, token = s.token) =>
  s.t.req({ method: 'GET', url: `${API}${url}`, token, headers: h(headers) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = s.token) =>
  s.t.req({ method, url: `${API}${url}`, payload: payload as never, token, headers: h() });

describe('Online表单开发 through the 3.2 designer', () => {
  it('checkOnlyTable under /api/, then save, sync, and the generated list and form', async () => {
    // the designer validates the name while typing (OnlCgformApiController path), id empty for a new form
    const free = await get('/online/cgform/api/checkOnlyTable?tbname=t_old_client&id=');
    expect(free.json).toMatchObject({ success: true, result: 1 });
    const taken = await get('/online/cgform/api/checkOnlyTable?tbname=sys_user&id=');
    expect(taken.json).toMatchObject({ success: true, result: -1 });

    const field = (dbFieldName: string, more: Record<string, unknown> = {}) => ({
      dbFieldName,
      dbFieldTxt: dbFieldName,
      dbType: 'string',
      dbLength: 32,
      isShowForm: 1,
      isShowList: 1,
      isQuery: 0,
      ...more,
    });
    const saved = await send('POST', '/online/cgform/api/addAll', {
      head: { tableName: 't_old_client', tableTxt: '旧客户端表', tableType: 1, isCheckbox: 'Y', isPage: 'Y' },
      fields: [field('id', { dbIsKey: 1, dbLength: 36, dbIsNull: 0, isShowForm: 0 }), field('name')],
      indexs: [],
    });
    expect(saved.json).toMatchObject({ success: true });
    const id = saved.json.result as string;
    // after the save the name is the form's own: still free for it, taken for a new one
    expect((await get(`/online/cgform/api/checkOnlyTable?tbname=t_old_client&id=${id}`)).json.result).toBe(1);
    expect((await get('/online/cgform/api/checkOnlyTable?tbname=t_old_client&id=')).json.result).toBe(-1);

    expect((await send('POST', `/online/cgform/api/doDbSynch/${id}`, { synMethod: 'normal' })).json.success).toBe(true);
    expect((await get(`/online/cgform/api/getColumns/${id}`)).json.success).toBe(true);
    expect((await send('POST', `/online/cgform/api/form/${id}`, { name: '旧客户端' })).json.success).toBe(true);
    const rows = await get(`/online/cgform/api/getData/${id}?pageNo=1&pageSize=10`);
    expect(rows.json.result.records.map((r: { name: string }) => r.name)).toEqual(['旧客户端']);
    const rowId = rows.json.result.records[0].id;
    expect((await send('PUT', `/online/cgform/api/form/${id}`, { id: rowId, name: '改过' })).json.success).toBe(true);
    expect((await send('DELETE', `/online/cgform/api/form/${id}/${rowId}`)).json.success).toBe(true);
    // the reload after the delete asks for page 0
    const after = await get(`/online/cgform/api/getData/${id}?pageNo=0&pageSize=10`);
    expect(after.json).toMatchObject({ success: true, result: { total: 0 } });
  });
});

describe('paging after a delete', () => {
  it('pageNo 0 or below is page 1 (MyBatis-Plus), on every kind of list; not a number at all is still 400', async () => {
    for (const url of [
      '/sys/user/list?pageNo=0&pageSize=10',
      '/sys/role/list?pageNo=-1&pageSize=10',
      '/sys/dict/list?pageNo=0&pageSize=10',
      '/sys/annountCement/list?pageNo=0&pageSize=10',
      '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=0&pageSize=10',
      '/test/jeecgDemo/list?pageNo=0&pageSize=10',
      '/mock/vxe/getData?pageNo=0&pageSize=10',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json.success, url).toBe(true);
      expect(res.json.result.current ?? 1, url).toBe(1);
    }
    const same = await get('/sys/user/list?pageNo=1&pageSize=10');
    const zero = await get('/sys/user/list?pageNo=0&pageSize=10');
    expect(zero.json.result.records).toEqual(same.json.result.records);
    const bad = await get('/sys/user/list?pageNo=abc&pageSize=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toBe('参数 pageNo 有误：必须是正整数');
  });
});

describe('signed dictionary calls', () => {
  const signed = (url: string, stamp: string) =>
    get(url, { 'X-Sign': computeSign(signParams(`${API}${url}`), s.t.config.signSecret), 'X-TIMESTAMP': stamp });

  it('accept the epoch-millisecond X-TIMESTAMP of the 3.2 getAction, sent once or joined twice', async () => {
    const url = '/sys/dict/getDictItems/sex';
    const now = Date.now();
    const once = await signed(url, String(now));
    expect(once.json).toMatchObject({ success: true });
    expect(once.json.result.map((i: { value: string }) => i.value)).toEqual(['1', '2']);
    expect((await signed(url, `${now}, ${now}`)).json.success).toBe(true);
    // stale, and not a number at all: JeecgBoot's two refusals
    expect((await signed(url, String(now - 10 * 60_000))).json.message).toBe(
      '操作失败，签名验证失败:X-TIMESTAMP已过期',
    );
    expect((await signed(url, 'now')).json.message).toBe('操作失败，签名验证失败:X-TIMESTAMP格式必须为:yyyyMMddHHmmss');
  });
});

describe('user form', () => {
  it('userDepartList answers the departments, and a user without any is not an error of code 500', async () => {
    const jeecg = await get(`/sys/user/userDepartList?userId=${USER_IDS.jeecg}`);
    expect(jeecg.json).toMatchObject({ success: true, message: '查找成功' });
    expect(jeecg.json.result.length).toBeGreaterThan(0);
    const added = await send('POST', '/sys/user/add', {
      username: 'nodept32',
      realname: '无部门',
      password: 'Passw0rd!x',
      confirmpassword: 'Passw0rd!x',
      selectedroles: '',
      selecteddeparts: '',
      userIdentity: 1,
      activitiSync: '0',
    });
    expect(added.json.success).toBe(true);
    const list = await get('/sys/user/list?username=nodept32');
    const id = list.json.result.records[0].id;
    const none = await get(`/sys/user/userDepartList?userId=${id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json).toMatchObject({ success: false, message: '查找失败', code: 0 });
  });
});

describe('announcements', () => {
  it('撤销 then syncNotic (the 3.2 list does both) answers 操作成功, not 未找到对应实体', async () => {
    const add = await send('POST', '/sys/annountCement/add', {
      titile: '旧客户端撤销',
      msgContent: '<p>x</p>',
      msgCategory: '1',
      msgType: 'ALL',
      priority: 'M',
    });
    expect(add.json.success).toBe(true);
    const list = await get(`/sys/annountCement/list?titile=${encodeURIComponent('旧客户端撤销')}`);
    const id = list.json.result.records[0].id;
    expect((await get(`/sys/annountCement/doReleaseData?id=${id}`)).json.success).toBe(true);
    expect((await get(`/sys/annountCement/syncNotic?anntId=${id}`)).json.success).toBe(true);
    expect((await get(`/sys/annountCement/doReovkeData?id=${id}`)).json.success).toBe(true);
    const sync = await get(`/sys/annountCement/syncNotic?anntId=${id}`);
    expect(sync.json).toMatchObject({ success: true });
    // a user who may not manage announcements still cannot probe a revoked one
    expect((await get(`/sys/annountCement/syncNotic?anntId=${id}`, {}, s.jeecg)).json.message).toBe('未找到对应实体');
  });
});

describe('内嵌Table and the order tab demo (/test/order)', () => {
  it('orderList pages the orders; customers and tickets of one order page by orderId and are written', async () => {
    const orders = await get('/test/order/orderList?pageNo=1&pageSize=10');
    expect(orders.json).toMatchObject({ success: true });
    expect(orders.json.result.records.map((r: { orderCode: string }) => r.orderCode)).toEqual(['A001', 'A002', 'A003']);
    const order = orders.json.result.records[0];
    expect((await get(`/test/order/queryById?id=${order.id}`)).json.result.orderCode).toBe('A001');

    const customers = await get(`/test/order/listOrderCustomerByMainId?orderId=${order.id}&pageNo=1&pageSize=10`);
    expect(customers.json.result.records.map((c: { name: string }) => c.name).sort()).toEqual(['张三', '李四']);
    const tickets = await get(`/test/order/listOrderTicketByMainId?orderId=${order.id}&pageNo=1&pageSize=10`);
    expect(tickets.json.result.total).toBe(2);

    const add = await send('POST', '/test/order/addCustomer', { orderId: order.id, name: '王五', sex: '1' });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const three = await get(`/test/order/listOrderCustomerByMainId?orderId=${order.id}&column=name&order=asc`);
    expect(three.json.result.total).toBe(3);
    const wang = three.json.result.records.find((c: { name: string }) => c.name === '王五');
    const edit = await send('PUT', '/test/order/editCustomer', { id: wang.id, orderId: order.id, telphone: '010-1' });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功！' });
    expect((await send('DELETE', `/test/order/deleteCustomer?id=${wang.id}`)).json.message).toBe('删除成功!');
    // a customer for an order that does not exist is refused, nothing stored
    const orphan = await send('POST', '/test/order/addCustomer', { orderId: 'nope', name: '孤儿' });
    expect(orphan.json).toMatchObject({ success: false, message: '订单不存在或已被删除' });

    const ticket = await send('POST', '/test/order/addTicket', {
      orderId: order.id,
      ticketCode: 'MU1',
      tickectDate: '2030-02-01',
    });
    expect(ticket.json.success).toBe(true);
    const t3 = await get(`/test/order/listOrderTicketByMainId?orderId=${order.id}`);
    const mu = t3.json.result.records.find((t: { ticketCode: string }) => t.ticketCode === 'MU1');
    expect(mu.tickectDate).toBe('2030-02-01');
    expect((await send('DELETE', `/test/order/deleteBatchTicket?ids=${mu.id}`)).json.message).toBe('批量删除成功!');

    // the main row: add, edit, delete through the tab demo's own paths
    const main = await send('POST', '/test/order/add', { orderCode: 'OLD-1', ctype: '1', orderMoney: 5 });
    expect(main.json).toMatchObject({ success: true, message: '添加成功！' });
    const found = await get('/test/order/orderList?orderCode=OLD-1');
    const mainId = found.json.result.records[0].id;
    expect((await send('PUT', '/test/order/edit', { id: mainId, orderMoney: 6 })).json.success).toBe(true);
    expect((await send('DELETE', `/test/order/delete?id=${mainId}`)).json.message).toBe('删除成功!');
    // a user without the demo pages may not read them
    expect((await get('/test/order/orderList', {}, s.jeecg)).statusCode).toBe(403);
  });
});

describe('PDF预览 and same-origin framing', () => {
  it('pdfPreviewIframe answers a page, and every answer allows framing by the console itself only', async () => {
    const page = await get('/sys/common/pdf/pdfPreviewIframe');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<iframe');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const script = await get('/sys/common/pdf/pdfPreviewIframe.js');
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});

describe('Redis监控', () => {
  it.skipIf(onRedis)('answers the in-process cache’s figures in the Redis shapes in the embedded mode', async () => {
    const info = await get('/sys/actuator/redis/info');
    expect(info.json.success).toBe(true);
    const keys = Object.fromEntries(info.json.result.map((r: { key: string; value: string }) => [r.key, r.value]));
    expect(keys.redis_mode).toBe('embedded');
    expect(Number(keys.used_memory)).toBeGreaterThan(0);
    const size = await get('/sys/actuator/redis/keysSize');
    expect(size.json).toMatchObject({ dbSize: expect.any(Number), create_time: expect.any(Number) });
    // the sign-ins above left sessions in the cache
    expect(size.json.dbSize).toBeGreaterThan(0);
    const mem = await get('/sys/actuator/redis/memoryInfo');
    expect(Number(mem.json.used_memory)).toBeGreaterThan(0);
    const ours = await get('/sys/monitor/redis');
    expect(ours.json.result).toMatchObject({ dbSize: size.json.dbSize, info: { server: { redis_mode: 'embedded' } } });
  });
});
