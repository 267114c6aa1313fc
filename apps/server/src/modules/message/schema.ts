import { z } from 'zod';
import { requiredStr } from '../../platform/validation.ts';

/** Inputs of /sys/message/sysMessage and /sys/message/sysMessageTemplate. */

export const CHANNEL_MESSAGE = '消息类型只能是 1（短信）、2（邮件）或 3（系统消息）';
const channel = z
  .string({ message: CHANNEL_MESSAGE })
  .refine((v) => v === '1' || v === '2' || v === '3', CHANNEL_MESSAGE);

const optional = (label: string, max: number) =>
  z
    .string({ message: `${label}必须是字符串` })
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .nullish();

export const TemplateFields = z.object({
  templateName: requiredStr('模板标题', 50),
  templateCode: requiredStr('模板CODE', 32).refine(
    (v) => /^[A-Za-z0-9_-]+$/.test(v),
    '模板CODE只能包含字母、数字、下划线和中划线',
  ),
  templateType: channel,
  templateContent: requiredStr('模板内容', 1000),
  templateTestJson: optional('测试数据', 1000),
});
export type TemplateFields = z.output<typeof TemplateFields>;
export const EditTemplateBody = TemplateFields.partial().extend({ id: requiredStr('id', 36) });

export const SendTestBody = z.object({
  templateCode: requiredStr('模板CODE', 32),
  testData: optional('测试数据', 1000),
  receiver: requiredStr('消息接收方', 50),
  msgType: channel.nullish(),
});

export const MessageFields = z.object({
  esTitle: requiredStr('消息标题', 100),
  esType: channel,
  esReceiver: requiredStr('接收人', 50),
  esParam: optional('发送所需参数', 1000),
  esContent: requiredStr('推送内容', 100_000),
  remark: optional('备注', 500),
});
export type MessageFields = z.output<typeof MessageFields>;
export const EditMessageBody = MessageFields.partial().extend({ id: requiredStr('id', 36) });

export const IdQuery = z.object({ id: requiredStr('id', 36) });
export const IdsQuery = z.object({ ids: requiredStr('ids', 40_000) });
