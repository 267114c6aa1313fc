import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysAnnouncement } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { WELCOME_ANNOUNCEMENT_ID } from '../../db/seed/message-area.ts';
import { connect, listen } from '../websocket/test-clients.ts';
import { type OutboundMessage, setMessageProvider } from './providers.ts';
import { parseTestData, renderTemplate } from './service.ts';

const MSG = '/jeecg-boot/sys/message/sysMessage';
const TPL = '/jeecg-boot/sys/message/sysMessageTemplate';

describe('template rendering is plain substitution (security rule 7)', () => {
  it('fills ${name} placeholders and leaves unknown ones and expressions alone', () => {
    expect(renderTemplate('你好 ${name}，${ name }！${missing}', { name: '张三' })).toBe('你好 张三，张三！${missing}');
    expect(renderTemplate('${a.b} ${x}', { 'a.b': '1', x: '${a.b}' })).toBe('1 ${a.b}');
    expect(renderTemplate('<#assign x="freemarker.template.utility.Execute"?new()>${x("id")}', {})).toContain(
      '<#assign',
    );
    expect(renderTemplate('${constructor} ${__proto__}', {})).toBe('${constructor} ${__proto__}');
  });
  it('accepts only a flat JSON object as test data', () => {
    expect(parseTestData('{"a":1,"b":true,"c":null}')).toEqual({ a: '1', b: 'true', c: '' });
    expect(parseTestData('')).toEqual({});
    expect(() => parseTestData('[1]')).toThrow('测试数据必须是 JSON 对象');
    expect(() => parseTestData('{x')).toThrow('测试数据必须是 JSON 对象');
    expect(() => parseTestData('{"a":{"b":1}}')).toThrow('的值只能是文字');
  });
});

describe('message center /sys/message (templates, messages, 发送测试)', () => {
  let t: TestApp;
  let admin: string;
  let jeecg: string;
  const sent: OutboundMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
    const capture = { name: 'capture', send: async (m: OutboundMessage) => void sent.push(m) };
    setMessageProvider('sms', capture);
    setMessageProvider('email', capture);
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    setMessageProvider('sms', null);
    setMessageProvider('email', null);
    await t?.close();
  });

  it('seeds templates and a published welcome announcement everyone sees in the bell', async () => {
    const list = await t.req({ method: 'GET', url: `${TPL}/list`, token: admin });
    expect(list.json.code).toBe(0);
    const codes = list.json.result.records.map((r: any) => r.templateCode);
    expect(codes).toEqual(expect.arrayContaining(['SYS_NOTICE', 'EMAIL_EXAM', 'SMS_EXAM']));
    const sys = list.json.result.records.find((r: any) => r.templateCode === 'SYS_NOTICE');
    expect(sys.templateType_dictText).toBe('系统消息');
    const bell = await t.req({ method: 'GET', url: '/jeecg-boot/sys/annountCement/listByUser', token: jeecg });
    expect(bell.json.result.anntMsgList.map((r: any) => r.id)).toContain(WELCOME_ANNOUNCEMENT_ID);
  });

  it('adds, edits, reads and deletes templates; the code is unique', async () => {
    const body = {
      templateName: '测试模板',
      templateCode: 'T_CRUD',
      templateType: '2',
      templateContent: '${name} 你好',
      templateTestJson: '{"name":"李四"}',
    };
    const add = await t.req({ method: 'POST', url: `${TPL}/add`, payload: body, token: admin });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const dup = await t.req({ method: 'POST', url: `${TPL}/add`, payload: body, token: admin });
    expect(dup.json).toMatchObject({ success: false, message: '模板CODE已存在' });
    const [row] = (await t.req({ method: 'GET', url: `${TPL}/list?templateCode=T_CRUD`, token: admin })).json.result
      .records;
    expect(row).toMatchObject({ templateName: '测试模板', templateType_dictText: '邮件', createBy: 'admin' });
    const edit = await t.req({
      method: 'PUT',
      url: `${TPL}/edit`,
      payload: { id: row.id, templateContent: '${name} 您好' },
      token: admin,
    });
    expect(edit.json).toMatchObject({ success: true, message: '修改成功!' });
    const one = await t.req({ method: 'GET', url: `${TPL}/queryById?id=${row.id}`, token: admin });
    expect(one.json.result).toMatchObject({ templateContent: '${name} 您好', templateCode: 'T_CRUD' });
    const clash = await t.req({
      method: 'PUT',
      url: `${TPL}/edit`,
      payload: { id: row.id, templateCode: 'SMS_EXAM' },
      token: admin,
    });
    expect(clash.json).toMatchObject({ success: false, message: '模板CODE已存在' });
    const del = await t.req({ method: 'DELETE', url: `${TPL}/delete?id=${row.id}`, token: admin });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    const again = await t.req({ method: 'DELETE', url: `${TPL}/delete?id=${row.id}`, token: admin });
    expect(again.json).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it.each([
    [{ templateType: '9' }, 400, '消息类型只能是'],
    [{ templateCode: 'a b' }, 400, '模板CODE只能包含'],
    [{ templateContent: '' }, 400, '模板内容不能为空'],
    [{ templateTestJson: 'not json' }, 200, '测试数据必须是 JSON 对象'],
  ])('rejects template input %j', async (over, status, text) => {
    const res = await t.req({
      method: 'POST',
      url: `${TPL}/add`,
      payload: { templateName: 'x', templateCode: 'BAD', templateType: '1', templateContent: 'c', ...over },
      token: admin,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toContain(text);
  });

  it('发送测试 by e-mail fills the template, stores a sent message and hands it to the provider', async () => {
    const res = await t.req({
      method: 'POST',
      url: `${TPL}/sendMsg`,
      payload: {
        templateCode: 'EMAIL_EXAM',
        testData: '{"name":"王五","exam":"期末考试","time":"明天"}',
        receiver: 'wangwu@example.com',
        msgType: '2',
      },
      token: admin,
    });
    expect(res.json).toMatchObject({ success: true, message: '消息发送成功！' });
    expect(sent).toEqual([
      {
        receiver: 'wangwu@example.com',
        title: '考试提醒邮件',
        content: '王五 同学：您报名的《期末考试》将于 明天 开始，请提前 15 分钟进入考场。',
      },
    ]);
    const list = await t.req({ method: 'GET', url: `${MSG}/list?esReceiver=wangwu@example.com`, token: admin });
    expect(list.json.result.records[0]).toMatchObject({
      esType: '2',
      esType_dictText: '邮件',
      esSendStatus: '1',
      esSendStatus_dictText: '推送成功',
      esSendNum: 1,
      esResult: '发送成功',
    });
  });

  it('发送测试 by system message creates an unread 系统消息 for the user and pushes it live', async () => {
    const base = await listen(t.app);
    const ws = await connect(base, USER_IDS.jeecg, [jeecg]);
    const res = await t.req({
      method: 'POST',
      url: `${TPL}/sendMsg`,
      payload: {
        templateCode: 'SYS_NOTICE',
        testData: '{"name":"<script>x</script>jeecg","time":"今晚"}',
        receiver: 'jeecg',
        msgType: '3',
      },
      token: admin,
    });
    expect(res.json.success).toBe(true);
    const frame = await ws.next((f) => f.cmd === 'user');
    expect(frame.msgTxt).toBe('系统维护通知');
    const bell = await t.req({ method: 'GET', url: '/jeecg-boot/sys/annountCement/listByUser', token: jeecg });
    const msg = bell.json.result.sysMsgList.find((r: any) => r.id === frame.msgId);
    expect(msg.msgContent).toBe(
      '<p>尊敬的 jeecg，您好：</p><p>系统将于 今晚 进行升级维护，届时请暂停答题与阅卷操作。</p>',
    );
    ws.ws.close();
  });

  it('发送测试 rejects unknown templates and receivers that do not fit the channel', async () => {
    const cases = [
      [{ templateCode: 'NOPE', receiver: 'jeecg' }, '消息模板不存在'],
      [{ templateCode: 'SMS_EXAM', receiver: 'abc', msgType: '1' }, '短信接收人必须是 11 位手机号'],
      [{ templateCode: 'SMS_EXAM', receiver: 'abc', msgType: '2' }, '邮件接收人必须是邮箱地址'],
      [{ templateCode: 'SMS_EXAM', receiver: 'nobody', msgType: '3' }, '系统消息接收人必须是已存在的用户账号'],
      [{ templateCode: 'SMS_EXAM', receiver: '13800000000', testData: '[]' }, '测试数据必须是 JSON 对象'],
    ] as const;
    for (const [payload, text] of cases) {
      const res = await t.req({ method: 'POST', url: `${TPL}/sendMsg`, payload, token: admin });
      expect(res.json.success, text).toBe(false);
      expect(res.json.message).toContain(text);
    }
    expect(sent).toEqual([]);
  });

  it('records a failed send (status 2, reason, count) and resends it', async () => {
    setMessageProvider('sms', {
      name: 'down',
      send: async () => {
        throw new Error('短信网关不可用');
      },
    });
    const add = await t.req({
      method: 'POST',
      url: `${MSG}/add`,
      payload: { esTitle: '提醒', esType: '1', esReceiver: '13800000001', esContent: '明天考试' },
      token: admin,
    });
    expect(add.json.success).toBe(true);
    expect(add.json.message).toContain('发送失败：短信网关不可用');
    const id = add.json.result.id;
    const failed = await t.req({ method: 'GET', url: `${MSG}/queryById?id=${id}`, token: admin });
    expect(failed.json.result).toMatchObject({ esSendStatus: '2', esSendNum: 1, esResult: '发送失败：短信网关不可用' });
    const retryFail = await t.req({ method: 'POST', url: `${MSG}/resend`, payload: { id }, token: admin });
    expect(retryFail.json).toMatchObject({ success: false, message: '发送失败：短信网关不可用' });
    setMessageProvider('sms', { name: 'capture', send: async (m: OutboundMessage) => void sent.push(m) });
    const retry = await t.req({ method: 'POST', url: `${MSG}/resend`, payload: { id }, token: admin });
    expect(retry.json).toMatchObject({ success: true, message: '发送成功！' });
    expect(retry.json.result).toMatchObject({ esSendStatus: '1', esSendNum: 3, esResult: '发送成功' });
    expect(sent.map((m) => m.receiver)).toEqual(['13800000001']);
  });

  it('edits and deletes messages, one or a batch; a system message body is sanitised', async () => {
    const add = await t.req({
      method: 'POST',
      url: `${MSG}/add`,
      payload: {
        esTitle: '系统',
        esType: '3',
        esReceiver: 'zhangsan',
        esContent: '<p>hi</p><img src=x onerror=alert(1)>',
      },
      token: admin,
    });
    const id = add.json.result.id;
    expect(add.json.result.esContent).toBe('<p>hi</p><img src="x" />');
    const annt = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.busId, id));
    expect(annt[0]).toMatchObject({
      msgType: 'USER',
      userIds: `${USER_IDS.zhangsan},`,
      msgCategory: '2',
      sendStatus: '1',
    });
    const edit = await t.req({ method: 'PUT', url: `${MSG}/edit`, payload: { id, remark: '备注' }, token: admin });
    expect(edit.json).toMatchObject({ success: true, message: '修改成功!' });
    const badEdit = await t.req({ method: 'PUT', url: `${MSG}/edit`, payload: { id, esType: '1' }, token: admin });
    expect(badEdit.json.message).toContain('短信接收人必须是 11 位手机号');
    const add2 = await t.req({
      method: 'POST',
      url: `${MSG}/add`,
      payload: { esTitle: '二', esType: '2', esReceiver: 'a@b.cn', esContent: 'x' },
      token: admin,
    });
    const batch = await t.req({
      method: 'DELETE',
      url: `${MSG}/deleteBatch?ids=${id},${add2.json.result.id}`,
      token: admin,
    });
    expect(batch.json).toMatchObject({ success: true, message: '批量删除成功!' });
    const gone = await t.req({ method: 'GET', url: `${MSG}/queryById?id=${id}`, token: admin });
    expect(gone.json).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('exports messages and templates as .xlsx', async () => {
    for (const url of [`${MSG}/exportXls`, `${TPL}/exportXls`]) {
      const res = await t.req({ method: 'GET', url, token: admin });
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('denies every read and mutation to a user without the pages and buttons', async () => {
    const calls = [
      { method: 'GET', url: `${MSG}/list` },
      { method: 'GET', url: `${MSG}/queryById?id=1` },
      {
        method: 'POST',
        url: `${MSG}/add`,
        payload: { esTitle: 'x', esType: '1', esReceiver: '13800000000', esContent: 'x' },
      },
      { method: 'PUT', url: `${MSG}/edit`, payload: { id: '1' } },
      { method: 'POST', url: `${MSG}/resend`, payload: { id: '1' } },
      { method: 'DELETE', url: `${MSG}/delete?id=1` },
      { method: 'DELETE', url: `${MSG}/deleteBatch?ids=1` },
      { method: 'GET', url: `${TPL}/list` },
      { method: 'POST', url: `${TPL}/add`, payload: {} },
      { method: 'PUT', url: `${TPL}/edit`, payload: { id: '1' } },
      { method: 'DELETE', url: `${TPL}/delete?id=1` },
      { method: 'DELETE', url: `${TPL}/deleteBatch?ids=1` },
      { method: 'POST', url: `${TPL}/sendMsg`, payload: { templateCode: 'SYS_NOTICE', receiver: 'jeecg' } },
    ] as const;
    for (const c of calls) {
      const res = await t.req({ ...c, token: jeecg } as never);
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});
