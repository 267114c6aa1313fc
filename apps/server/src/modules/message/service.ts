import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  sysAnnouncement,
  sysAnnouncementSend,
  sysMessage,
  sysMessageTemplate,
  sysUser,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity } from '../../platform/list-query.ts';
import { stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { sanitizeRichText, stripHtml } from '../announcement/sanitize.ts';
import { pushAnnouncement } from '../announcement/service.ts';
import { messageProvider } from './providers.ts';
import type { MessageFields } from './schema.ts';

/** who acts, and in which tenancy (`tenantOf(req)`; messages are tenant-scoped, ADR 017) */
export type Actor = Pick<UserRow, 'id' | 'username'> & { tenancy: Tenancy };
const tenancyOf = (actor: Actor): Tenancy => actor.tenancy;
export type MessageRow = typeof sysMessage.$inferSelect;
export type TemplateRow = typeof sysMessageTemplate.$inferSelect;

export const NOT_FOUND = '未找到对应数据';
/** es_type / template_type: 1 SMS, 2 e-mail, 3 system message (dictionary msgType) */
export type Channel = '1' | '2' | '3';
/** es_send_status (dictionary msgSendStatus) */
export const SEND_STATUS = { pending: '0', sent: '1', failed: '2' } as const;

export const messageList = defineListEntity({
  table: sysMessage,
  sortable: ['createTime', 'esSendTime', 'esTitle', 'esType', 'esSendStatus', 'esSendNum', 'esReceiver'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { esType: 'msgType', esSendStatus: 'msgSendStatus' },
});

// ---------------------------------------------------------------- templates

/**
 * Fills `${name}` placeholders with the values of `data` by plain substitution — no template engine ever sees the
 * content or the data (security rule 7). Unknown placeholders stay as they are.
 */
export function renderTemplate(content: string, data: Record<string, string>): string {
  return content.replace(/\$\{\s*([A-Za-z0-9_.-]{1,64})\s*\}/g, (m, key: string) =>
    Object.hasOwn(data, key) ? data[key] : m,
  );
}

/** Test data of a template: a JSON object whose values are text, numbers or booleans. Empty → {}. */
export function parseTestData(raw: string | null | undefined): Record<string, string> {
  const text = (raw ?? '').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bizError('测试数据必须是 JSON 对象，例如 {"name":"张三"}');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw bizError('测试数据必须是 JSON 对象，例如 {"name":"张三"}');
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null) out[k] = '';
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else throw bizError(`测试数据 ${k.slice(0, 32)} 的值只能是文字、数字或布尔值`);
  }
  return out;
}

export async function findTemplate(db: Db, where: { id?: string; code?: string }): Promise<TemplateRow> {
  const cond = where.id ? eq(sysMessageTemplate.id, where.id) : eq(sysMessageTemplate.templateCode, where.code ?? '');
  const [row] = await db.select().from(sysMessageTemplate).where(cond).limit(1);
  if (!row) throw bizError(where.code ? '消息模板不存在' : NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------- messages

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** The receiver must fit the channel: a mobile number, an e-mail address, or the username of an active user. */
async function checkReceiver(db: Db, channel: Channel, receiver: string, tenancy: Tenancy): Promise<void> {
  if (channel === '1' && !PHONE.test(receiver)) throw bizError('短信接收人必须是 11 位手机号');
  if (channel === '2' && !EMAIL.test(receiver)) throw bizError('邮件接收人必须是邮箱地址');
  if (channel === '3' && !(await activeUser(db, receiver, tenancy))) {
    throw bizError('系统消息接收人必须是已存在的用户账号');
  }
}

/** a user of the tenancy (a system message never reaches another tenant's user) */
async function activeUser(db: Db, username: string, tenancy: Tenancy) {
  const [u] = await db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)))
    .limit(1);
  return u;
}

/** a message of the tenancy; another tenant's id answers not found */
export async function findMessage(db: Db, id: string, tenancy: Tenancy): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(sysMessage)
    .where(and(eq(sysMessage.id, id), tenantWhere(sysMessage, tenancy)))
    .limit(1);
  if (!row) throw bizError(NOT_FOUND);
  return row;
}

async function cleanMessage(db: Db, f: MessageFields, tenancy: Tenancy) {
  const receiver = f.esReceiver.trim();
  await checkReceiver(db, f.esType as Channel, receiver, tenancy);
  if (f.esParam?.trim()) parseTestData(f.esParam);
  return {
    esTitle: stripHtml(f.esTitle) || f.esTitle.trim(),
    esType: f.esType,
    esReceiver: receiver,
    esParam: f.esParam?.trim() || null,
    // system messages are shown as HTML: stored through the announcement allow-list
    esContent: f.esType === '3' ? sanitizeRichText(f.esContent) : f.esContent,
    remark: f.remark?.trim() || null,
  };
}

export async function addMessage(app: FastifyInstance, actor: Actor, f: MessageFields): Promise<MessageRow> {
  const values = await cleanMessage(app.ctx.db, f, tenancyOf(actor));
  const [row] = await app.ctx.db
    .insert(sysMessage)
    .values({
      id: newId(),
      ...values,
      tenantId: stampTenantId(tenancyOf(actor)),
      esSendStatus: SEND_STATUS.pending,
      esSendNum: 0,
      createBy: actor.username,
      createTime: new Date(),
    })
    .returning();
  return row;
}

export async function editMessage(app: FastifyInstance, actor: Actor, f: Partial<MessageFields> & { id: string }) {
  const { db } = app.ctx;
  const current = await findMessage(db, f.id, tenancyOf(actor));
  const merged: MessageFields = {
    esTitle: f.esTitle ?? current.esTitle ?? '',
    esType: (f.esType ?? current.esType ?? '3') as MessageFields['esType'],
    esReceiver: f.esReceiver ?? current.esReceiver ?? '',
    esParam: f.esParam === undefined ? current.esParam : f.esParam,
    esContent: f.esContent ?? current.esContent ?? '',
    remark: f.remark === undefined ? current.remark : f.remark,
  };
  const values = await cleanMessage(db, merged, tenancyOf(actor));
  await db
    .update(sysMessage)
    .set({ ...values, updateBy: actor.username, updateTime: new Date() })
    .where(eq(sysMessage.id, current.id));
}

export async function deleteMessages(db: Db, ids: string[], tenancy: Tenancy): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(sysMessage)
    .where(and(inArray(sysMessage.id, ids), tenantWhere(sysMessage, tenancy)))
    .returning({ id: sysMessage.id });
  return rows.length;
}

/** System channel: a published USER announcement (系统消息) for the receiver, with its unread row, pushed live. */
async function deliverSystem(app: FastifyInstance, actor: Actor, msg: MessageRow): Promise<void> {
  const user = await activeUser(app.ctx.db, msg.esReceiver ?? '', tenancyOf(actor));
  if (!user) throw new Error('接收用户不存在或已删除');
  const now = new Date();
  const annt = await app.ctx.db.transaction(async (tx) => {
    const [a] = await tx
      .insert(sysAnnouncement)
      .values({
        id: newId(),
        titile: stripHtml(msg.esTitle) || '系统消息',
        msgContent: sanitizeRichText(msg.esContent),
        sender: actor.username,
        priority: 'L',
        msgCategory: '2',
        msgType: 'USER',
        sendStatus: '1',
        sendTime: now,
        delFlag: '0',
        busType: 'msg',
        busId: msg.id,
        tenantId: msg.tenantId,
        userIds: `${user.id},`,
        createBy: actor.username,
        createTime: now,
      })
      .returning();
    await tx
      .insert(sysAnnouncementSend)
      .values({ id: newId(), anntId: a.id, userId: user.id, readFlag: '0', createBy: actor.username, createTime: now });
    return a;
  });
  await pushAnnouncement(app, annt);
}

/**
 * Sends one message through its channel and records the attempt: status 1 发送成功 / 2 发送失败, the result text,
 * the send time, and one more in the send count. Returns the updated row.
 */
export async function dispatchMessage(app: FastifyInstance, actor: Actor, msg: MessageRow): Promise<MessageRow> {
  let status: string = SEND_STATUS.sent;
  let result = '发送成功';
  try {
    const channel = msg.esType as Channel;
    if (channel === '3') {
      await deliverSystem(app, actor, msg);
    } else if (channel === '1' || channel === '2') {
      await messageProvider(channel === '1' ? 'sms' : 'email').send(
        { receiver: msg.esReceiver ?? '', title: msg.esTitle ?? '', content: msg.esContent ?? '' },
        app.log,
      );
    } else {
      throw new Error('不支持的消息类型');
    }
  } catch (err) {
    status = SEND_STATUS.failed;
    result = `发送失败：${err instanceof Error ? err.message : String(err)}`.slice(0, 255);
    app.log.warn({ err: (err as Error)?.message, messageId: msg.id }, 'message send failed');
  }
  const [row] = await app.ctx.db
    .update(sysMessage)
    .set({
      esSendStatus: status,
      esResult: result,
      esSendTime: new Date(),
      esSendNum: sql`coalesce(${sysMessage.esSendNum}, 0) + 1`,
    })
    .where(eq(sysMessage.id, msg.id))
    .returning();
  return row;
}

/** 发送测试: the template filled with the test data, stored as a message and sent through the chosen channel. */
export async function sendTest(
  app: FastifyInstance,
  actor: Actor,
  input: { templateCode: string; testData?: string | null; receiver: string; msgType?: string | null },
): Promise<MessageRow> {
  const template = await findTemplate(app.ctx.db, { code: input.templateCode.trim() });
  const data = parseTestData(input.testData ?? template.templateTestJson);
  const channel = (input.msgType || template.templateType) as Channel;
  const stored = await addMessage(app, actor, {
    esTitle: template.templateName || template.templateCode,
    esType: channel,
    esReceiver: input.receiver,
    esParam: Object.keys(data).length ? JSON.stringify(data).slice(0, 1000) : null,
    esContent: renderTemplate(template.templateContent, data),
    remark: `模板 ${template.templateCode} 发送测试`,
  });
  return dispatchMessage(app, actor, stored);
}
