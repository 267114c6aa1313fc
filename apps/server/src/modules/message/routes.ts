import { ok, okCode0 } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportList } from '../../platform/excel.ts';
import { listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf, withoutTenant } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { EditMessageBody, IdQuery, IdsQuery, MessageFields } from './schema.ts';
import {
  type Actor,
  addMessage,
  deleteMessages,
  dispatchMessage,
  editMessage,
  findMessage,
  messageList,
  NOT_FOUND,
  SEND_STATUS,
} from './service.ts';

const MESSAGE_MENU = 'modules/message/SysMessageList';

const idsOf = (raw: string) => {
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length) throw bizError('请选择要删除的记录');
  if (ids.length > 1000) throw bizError('一次最多删除 1000 条');
  return ids;
};

const MESSAGE_COLUMNS: ExcelColumn[] = [
  { key: 'esTitle', title: '消息标题', width: 30 },
  { key: 'esType', title: '发送方式', dict: 'msgType' },
  { key: 'esReceiver', title: '接收人', width: 24 },
  { key: 'esContent', title: '发送内容', width: 50 },
  { key: 'esSendTime', title: '发送时间', width: 20 },
  { key: 'esSendStatus', title: '发送状态', dict: 'msgSendStatus' },
  { key: 'esSendNum', title: '发送次数' },
  { key: 'esResult', title: '发送失败原因', width: 30 },
  { key: 'remark', title: '备注', width: 30 },
];

/**
 * Message center: messages (sys_sms) under JeecgBoot's paths `/sys/message/sysMessage/*` (templates: templates.ts).
 * A message is sent when it is added and again on `resend`; the channel is 1 SMS / 2 e-mail (providers.ts, the log by
 * default) or 3 system (an announcement for the receiving user, pushed live).
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  const actor = (req: FastifyRequest): Actor => ({ ...req.auth!.user, tenancy: tenantOf(req) });

  // ---------------------------------------------------------------- messages
  const msg = '/sys/message/sysMessage';

  app.get(`${msg}/list`, { config: { access: { menu: MESSAGE_MENU } } }, async (req) =>
    okCode0(await listPage(app.ctx, messageList, req.query, { tenant: tenantOf(req) })),
  );

  app.get(`${msg}/queryById`, { config: { access: { menu: MESSAGE_MENU } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    return ok(rowJson(withoutTenant(await findMessage(app.ctx.db, id, tenantOf(req)))));
  });

  app.post(`${msg}/add`, { config: { access: { perm: 'message:add' } } }, async (req) => {
    const stored = await addMessage(app, actor(req), parse(MessageFields, req.body));
    const sent = await dispatchMessage(app, actor(req), stored);
    return ok(
      rowJson(withoutTenant(sent)),
      sent.esSendStatus === SEND_STATUS.sent ? '添加成功！' : `添加成功，但${sent.esResult ?? '发送失败'}`,
    );
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${msg}/edit`,
    config: { access: { perm: 'message:edit' } },
    handler: async (req) => {
      await editMessage(app, actor(req), parse(EditMessageBody, req.body));
      return ok(null, '修改成功!');
    },
  });

  app.route({
    method: ['GET', 'PUT', 'POST'],
    url: `${msg}/resend`,
    config: { access: { perm: 'message:edit' }, audit: { content: '重新发送消息' } },
    handler: async (req) => {
      const { id } = parse(
        IdQuery,
        req.method === 'GET' ? req.query : { ...(req.query as object), ...(req.body as object) },
      );
      const sent = await dispatchMessage(app, actor(req), await findMessage(app.ctx.db, id, tenantOf(req)));
      if (sent.esSendStatus !== SEND_STATUS.sent) throw bizError(sent.esResult ?? '发送失败');
      return ok(rowJson(withoutTenant(sent)), '发送成功！');
    },
  });

  app.delete(`${msg}/delete`, { config: { access: { perm: 'message:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await deleteMessages(app.ctx.db, [id], tenantOf(req)))) throw bizError(NOT_FOUND);
    return ok(null, '删除成功!');
  });

  app.delete(
    `${msg}/deleteBatch`,
    { config: { access: { perm: ['message:deleteBatch', 'message:delete'] } } },
    async (req) => {
      await deleteMessages(app.ctx.db, idsOf(parse(IdsQuery, req.query).ids), tenantOf(req));
      return ok(null, '批量删除成功!');
    },
  );

  app.get(`${msg}/exportXls`, { config: { access: { menu: MESSAGE_MENU } } }, async (req, reply) =>
    exportList(app, req, reply, { entity: messageList, columns: MESSAGE_COLUMNS, fileName: '消息' }),
  );
}
