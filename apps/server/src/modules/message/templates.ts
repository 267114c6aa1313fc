import { ok } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../context.ts';
import { sysMessageTemplate } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { stripHtml } from '../announcement/sanitize.ts';
import { EditTemplateBody, SendTestBody, TemplateFields } from './schema.ts';
import { parseTestData, SEND_STATUS, sendTest, type TemplateRow } from './service.ts';

/**
 * Message templates (sys_sms_template) under JeecgBoot's `/sys/message/sysMessageTemplate/*`: CRUD and export through
 * platform/crud.ts, plus 发送测试 (sendMsg), which fills a template and sends it as a message (service.ts).
 */

const TEMPLATE_MENU = 'modules/message/SysMessageTemplateList';
const read: Access = { menu: TEMPLATE_MENU };

/** the stored columns of a template: test data usable by 发送测试, the title without markup */
function templateRow(f: TemplateFields) {
  if (f.templateTestJson?.trim()) parseTestData(f.templateTestJson);
  return {
    templateName: stripHtml(f.templateName) || f.templateName.trim(),
    templateCode: f.templateCode.trim(),
    templateType: f.templateType,
    templateContent: f.templateContent,
    templateTestJson: f.templateTestJson?.trim() || null,
  };
}

export const messageTemplates = defineCrud({
  base: '/sys/message/sysMessageTemplate',
  table: sysMessageTemplate,
  list: {
    sortable: ['createTime', 'templateCode', 'templateName', 'templateType'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: { templateType: 'msgType' },
  },
  access: {
    list: read,
    add: { perm: 'msgTemplate:add' },
    edit: { perm: 'msgTemplate:edit' },
    delete: { perm: 'msgTemplate:delete' },
    exportXls: read,
  },
  messages: { edited: '修改成功!', noIds: '请选择要删除的记录' },
  add: { schema: TemplateFields, toRow: templateRow },
  edit: {
    // an edit may send only the fields it changes
    schema: EditTemplateBody,
    toRow: (f, row) => {
      const current = row as TemplateRow;
      return templateRow({
        templateName: f.templateName ?? current.templateName ?? '',
        templateCode: f.templateCode ?? current.templateCode,
        templateType: (f.templateType ?? current.templateType) as TemplateFields['templateType'],
        templateContent: f.templateContent ?? current.templateContent,
        templateTestJson: f.templateTestJson === undefined ? current.templateTestJson : f.templateTestJson,
      });
    },
  },
  unique: [{ column: sysMessageTemplate.templateCode, message: '模板CODE已存在' }],
  exportXls: {
    fileName: '消息模板',
    columns: [
      { key: 'templateCode', title: '模板CODE' },
      { key: 'templateName', title: '模板标题', width: 24 },
      { key: 'templateType', title: '模板类型', dict: 'msgType' },
      { key: 'templateContent', title: '模板内容', width: 50 },
      { key: 'templateTestJson', title: '测试数据', width: 30 },
    ],
  },
});

export default async function templateRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, messageTemplates);

  // 发送测试
  app.post(
    '/sys/message/sysMessageTemplate/sendMsg',
    {
      config: {
        access: { perm: 'msgTemplate:test' },
        rateLimit: { bucket: 'msg-send-test', max: 30, windowMs: 60_000 },
        audit: { content: '消息模板发送测试' },
      },
    },
    async (req) => {
      // the test message belongs to the request's tenant and reaches only its users (ADR 017)
      const sent = await sendTest(app, { ...req.auth!.user, tenancy: tenantOf(req) }, parse(SendTestBody, req.body));
      if (sent.esSendStatus !== SEND_STATUS.sent) throw bizError(sent.esResult ?? '发送失败');
      return ok(rowJson(sent), '消息发送成功！');
    },
  );
}
