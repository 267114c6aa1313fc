import type { Page } from '@answer/contract';
import { and, count, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../../db/schema/index.ts';
import { writeDataLog } from '../../platform/data-log.ts';
import { dataStamp } from '../../platform/data-stamp.ts';
import { translateDictFields } from '../../platform/dict-text.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, escapeLike, pageOf, parseGmt8 } from '../../platform/list-query.ts';
import { formatDateTime, rowJson } from '../../platform/serialize.ts';
import { ALL_TENANTS, PLATFORM_TENANT, stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { commaList } from '../../platform/validation.ts';
import { pushToAll, pushToUsers } from '../websocket/push.ts';
import { sanitizeRichText, stripHtml } from './sanitize.ts';
import type { AnnouncementFields } from './schema.ts';

export type AnnouncementRow = typeof sysAnnouncement.$inferSelect;
/** who acts, and in which tenancy (announcements are tenant-scoped, ADR 017; none given = the platform's view) */
export type Actor = Pick<UserRow, 'id' | 'username' | 'createTime'> & { tenancy?: Tenancy };
const tenancyOf = (actor: Actor): Tenancy => actor.tenancy ?? ALL_TENANTS;

/** may the tenancy manage this announcement (its own tenant's, or any for the platform administrator)? */
export function managedBy(row: AnnouncementRow, tenancy: Tenancy): boolean {
  return tenancy.kind === 'all' || row.tenantId === tenancy.id;
}

/** ALL-type announcements reach the users of their tenant; the platform tenant's (0) reach everyone */
function allTypeReaches(tenancy: Tenancy): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  return inArray(sysAnnouncement.tenantId, [...new Set([PLATFORM_TENANT, tenancy.id])]);
}

export const NOT_FOUND = '未找到对应实体';
export const ANNOUNCEMENT_MENU = 'system/SysAnnouncementList';

/** dictionaries of the list's `_dictText` siblings (contract §4.8) */
export const ANNOUNCEMENT_DICTS = {
  priority: 'priority',
  msgCategory: 'msg_category',
  msgType: 'msg_type',
  sendStatus: 'send_status',
} as const;

export const announcementList = defineListEntity({
  table: sysAnnouncement,
  sortable: [
    'createTime',
    'updateTime',
    'sendTime',
    'cancelTime',
    'startTime',
    'endTime',
    'titile',
    'priority',
    'msgCategory',
    'msgType',
    'sendStatus',
    'sender',
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  // + the sender's real name (sender holds the username)
  dictFields: { ...ANNOUNCEMENT_DICTS, sender: 'sys_user,realname,username' },
  where: () => eq(sysAnnouncement.delFlag, '0'),
});

// ---------------------------------------------------------------- validation (security rule 8)

/** A route inside the web app: one leading `/`, no scheme, no `//`, no backslash, no whitespace or control characters. */
export function isInternalRoute(v: string): boolean {
  return /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(v) && !/^\/[^/?#]*:/.test(v);
}

/** A view of the web app for openType component: `modules/xx/XxxForm` (a leading `/` is allowed). */
export function isViewPath(v: string): boolean {
  return /^\/?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(v);
}

const MAX_TARGET_USERS = 2000;

/** Checked, cleaned column values of an announcement (add, or the merged result of an edit). */
async function cleanFields(db: Db, f: AnnouncementFields, tenancy: Tenancy) {
  const titile = stripHtml(f.titile);
  if (!titile) throw bizError('标题不能为空');
  const start = f.startTime ? parseGmt8(f.startTime)!.date : null;
  const end = f.endTime ? parseGmt8(f.endTime)!.date : null;
  if (start && end && end < start) throw bizError('结束时间不能早于开始时间');

  let userIds: string | null = null;
  if (f.msgType === 'USER') {
    const ids = commaList(f.userIds);
    if (!ids.length) throw bizError('通告对象为指定用户时，请选择用户');
    if (ids.length > MAX_TARGET_USERS) throw bizError(`指定用户最多 ${MAX_TARGET_USERS} 个`);
    if (ids.some((id) => id.length > 36)) throw bizError('指定用户不存在');
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)));
    if (found.length !== ids.length) throw bizError('指定用户不存在或已删除，请重新选择');
    // JeecgBoot's format: ids with a trailing comma
    userIds = `${ids.join(',')},`;
  }

  const openType = f.openType || null;
  const openPage = (f.openPage ?? '').trim() || null;
  if (openPage) {
    if (openType === 'component') {
      if (!isViewPath(openPage)) throw bizError('组件路径只能是系统内的页面组件，如 modules/xxx/XxxForm');
    } else if (!isInternalRoute(openPage)) {
      throw bizError('跳转地址只能是系统内的页面路径（以 / 开头，不能包含协议、// 或反斜杠）');
    }
  }
  if (openType && !openPage) throw bizError(openType === 'url' ? '请填写跳转地址' : '请填写组件路径');

  return {
    titile,
    msgContent: sanitizeRichText(f.msgContent),
    startTime: start,
    endTime: end,
    priority: f.priority,
    msgCategory: f.msgCategory,
    msgType: f.msgType,
    userIds,
    msgAbstract: f.msgAbstract ? stripHtml(f.msgAbstract) || null : null,
    openType,
    openPage,
    busType: f.busType?.trim() || null,
    busId: f.busId?.trim() || null,
  };
}

/** USER announcements: one send row per chosen user (read state of users who stay is kept). */
async function syncSendRows(tx: Db, anntId: string, userIds: string | null, by: string) {
  const ids = commaList(userIds);
  if (ids.length) {
    await tx
      .delete(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.anntId, anntId), notInArray(sysAnnouncementSend.userId, ids)));
    const now = new Date();
    await tx
      .insert(sysAnnouncementSend)
      .values(ids.map((userId) => ({ id: newId(), anntId, userId, readFlag: '0', createBy: by, createTime: now })))
      .onConflictDoNothing({ target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId] });
  }
}

/** a non-deleted announcement; given a tenancy, only one it manages (another tenant's id answers not found) */
export async function findAnnouncement(db: Db, id: string, tenancy?: Tenancy): Promise<AnnouncementRow> {
  const [row] = await db
    .select()
    .from(sysAnnouncement)
    .where(
      and(
        eq(sysAnnouncement.id, id),
        eq(sysAnnouncement.delFlag, '0'),
        tenancy ? tenantWhere(sysAnnouncement, tenancy) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw bizError(NOT_FOUND);
  return row;
}

export async function addAnnouncement(app: FastifyInstance, actor: Actor, input: AnnouncementFields) {
  const { db } = app.ctx;
  const values = await cleanFields(db, input, tenancyOf(actor));
  const id = newId();
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .insert(sysAnnouncement)
      .values({
        id,
        ...values,
        sendStatus: '0',
        delFlag: '0',
        tenantId: stampTenantId(tenancyOf(actor)),
        createBy: actor.username,
        createTime: new Date(),
      })
      .returning();
    if (values.msgType === 'USER') await syncSendRows(tx, id, values.userIds, actor.username);
    return r;
  });
  await writeDataLog(db, { table: 'sys_announcement', id, row, by: actor.username });
  return row;
}

export async function editAnnouncement(
  app: FastifyInstance,
  actor: Actor,
  input: Partial<AnnouncementFields> & { id: string },
) {
  const { db } = app.ctx;
  const current = await findAnnouncement(db, input.id, tenancyOf(actor));
  if (current.sendStatus === '1') throw bizError('已发布的通告不能编辑，请先撤销');
  const pick = <K extends keyof AnnouncementFields>(k: K, fallback: AnnouncementFields[K]) =>
    input[k] === undefined ? fallback : (input[k] as AnnouncementFields[K]);
  const merged: AnnouncementFields = {
    titile: pick('titile', current.titile ?? ''),
    msgContent: pick('msgContent', current.msgContent),
    startTime: pick('startTime', fmt(current.startTime)),
    endTime: pick('endTime', fmt(current.endTime)),
    priority: pick('priority', (current.priority ?? 'L') as AnnouncementFields['priority']),
    msgCategory: pick('msgCategory', current.msgCategory as AnnouncementFields['msgCategory']),
    msgType: pick('msgType', (current.msgType ?? 'ALL') as AnnouncementFields['msgType']),
    userIds: pick('userIds', current.userIds),
    msgAbstract: pick('msgAbstract', current.msgAbstract),
    openType: pick('openType', current.openType),
    openPage: pick('openPage', current.openPage),
    busType: pick('busType', current.busType),
    busId: pick('busId', current.busId),
  };
  const values = await cleanFields(db, merged, tenancyOf(actor));
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .update(sysAnnouncement)
      .set({ ...values, updateBy: actor.username, updateTime: new Date() })
      .where(and(eq(sysAnnouncement.id, current.id), eq(sysAnnouncement.delFlag, '0')))
      .returning();
    if (!r) throw bizError(NOT_FOUND);
    if (values.msgType === 'USER') await syncSendRows(tx, r.id, values.userIds, actor.username);
    return r;
  });
  await writeDataLog(db, { table: 'sys_announcement', id: row.id, row, by: actor.username });
  return row;
}

const fmt = (d: Date | null) => formatDateTime(d);

/** logical delete (del_flag '1'); returns how many rows were deleted */
export async function deleteAnnouncements(db: Db, actor: Actor, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(sysAnnouncement)
    .set({ delFlag: '1', updateBy: actor.username, updateTime: new Date() })
    .where(
      and(
        inArray(sysAnnouncement.id, ids),
        eq(sysAnnouncement.delFlag, '0'),
        tenantWhere(sysAnnouncement, tenancyOf(actor)),
      ),
    )
    .returning({ id: sysAnnouncement.id });
  return rows.length;
}

/** The live push of a published announcement: topic to everyone (ALL), user frames to each recipient (USER). */
export async function pushAnnouncement(app: FastifyInstance, row: AnnouncementRow): Promise<void> {
  const msgTxt = row.titile ?? '';
  if (row.msgType === 'USER') {
    await pushToUsers(app, commaList(row.userIds), { cmd: 'user', msgId: row.id, msgTxt });
  } else if (row.tenantId !== PLATFORM_TENANT) {
    // a tenant's notice reaches that tenant's users only
    const members = await app.ctx.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.delFlag, 0), tenantWhere(sysUser, { kind: 'tenant', id: row.tenantId })));
    await pushToUsers(
      app,
      members.map((m) => m.id),
      { cmd: 'topic', msgId: row.id, msgTxt },
    );
  } else {
    await pushToAll(app, { cmd: 'topic', msgId: row.id, msgTxt });
  }
}

export async function releaseAnnouncement(app: FastifyInstance, actor: Actor, id: string) {
  const { db } = app.ctx;
  const current = await findAnnouncement(db, id, tenancyOf(actor));
  if (current.sendStatus === '1') throw bizError('该系统通知已发布，无需重复发布');
  const row = await db.transaction(async (tx) => {
    const now = new Date();
    const [r] = await tx
      .update(sysAnnouncement)
      .set({ sendStatus: '1', sendTime: now, cancelTime: null, sender: actor.username, updateBy: actor.username })
      .where(
        and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0'), sql`${sysAnnouncement.sendStatus} <> '1'`),
      )
      .returning();
    if (!r) throw bizError('该系统通知已发布，无需重复发布');
    if (r.msgType === 'USER') await syncSendRows(tx, r.id, r.userIds, actor.username);
    return r;
  });
  await pushAnnouncement(app, row);
  return row;
}

export async function revokeAnnouncement(app: FastifyInstance, actor: Actor, id: string) {
  const { db } = app.ctx;
  const current = await findAnnouncement(db, id, tenancyOf(actor));
  if (current.sendStatus !== '1') throw bizError('只能撤销已发布的系统通知');
  const [row] = await db
    .update(sysAnnouncement)
    .set({ sendStatus: '2', cancelTime: new Date(), updateBy: actor.username })
    .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.sendStatus, '1')))
    .returning();
  if (!row) throw bizError('只能撤销已发布的系统通知');
  return row;
}

// ---------------------------------------------------------------- the user's side

/**
 * Creates the missing read rows (unread) of published, non-deleted ALL announcements whose end_time is not before the
 * user's creation (a null end time never expires; a user without create_time sees all). Race-safe: two tabs polling at
 * once both insert with ON CONFLICT DO NOTHING on the unique index (annt_id, user_id).
 */
export async function materializeAllType(tx: Db, actor: Actor): Promise<number> {
  const missing = await tx
    .select({ id: sysAnnouncement.id })
    .from(sysAnnouncement)
    .where(
      and(
        eq(sysAnnouncement.msgType, 'ALL'),
        eq(sysAnnouncement.sendStatus, '1'),
        eq(sysAnnouncement.delFlag, '0'),
        allTypeReaches(tenancyOf(actor)),
        sql`(${sysAnnouncement.endTime} is null or ${sysAnnouncement.endTime} >= coalesce((select u.create_time from sys_user u where u.id = ${actor.id}), ${sysAnnouncement.endTime}))`,
        sql`not exists (select 1 from sys_announcement_send s where s.annt_id = ${sysAnnouncement.id} and s.user_id = ${actor.id})`,
      ),
    );
  if (!missing.length) return 0;
  const now = new Date();
  const inserted = await tx
    .insert(sysAnnouncementSend)
    .values(
      missing.map((m) => ({
        id: newId(),
        anntId: m.id,
        userId: actor.id,
        readFlag: '0',
        createBy: actor.username,
        createTime: now,
      })),
    )
    .onConflictDoNothing({ target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId] })
    .returning({ id: sysAnnouncementSend.id });
  return inserted.length;
}

const visibleTo = (userId: string) =>
  and(
    eq(sysAnnouncementSend.userId, userId),
    eq(sysAnnouncement.sendStatus, '1'),
    eq(sysAnnouncement.delFlag, '0'),
  ) as SQL;

export interface NoticeSummary {
  anntMsgList: Record<string, unknown>[];
  anntMsgTotal: number;
  sysMsgList: Record<string, unknown>[];
  sysMsgTotal: number;
}

/** the tables the bell's answer is derived from (the user's own row only gives its fixed create_time) */
const BELL_TABLES = ['sys_announcement', 'sys_announcement_send'] as const;
/** users whose bell answers are kept per app at most (then started over) */
export const BELL_CACHE_MAX = 10_000;
const bellCaches = new WeakMap<FastifyInstance, Map<string, { stamp: string; value: NoticeSummary }>>();

/**
 * listByUser (contract §4.8): the user's 5 newest unread notices and system messages, plus the unread totals.
 *
 * Every open tab polls it every 6 s, so the answer is kept per user and tenancy with the stamp of the two tables it
 * is derived from (platform/data-stamp.ts: the embedded write epoch, or the PostgreSQL write-note versions): while
 * nothing was written to them — by any code path, node or program — a poll answers the kept value; any write makes
 * the next poll derive afresh. Exact, nothing to invalidate by hand, nothing held that matters (ADR 058).
 */
export async function listByUser(app: FastifyInstance, actor: Actor): Promise<NoticeSummary> {
  let cache = bellCaches.get(app);
  if (!cache) {
    cache = new Map();
    bellCaches.set(app, cache);
  }
  const t = tenancyOf(actor);
  const key = `${actor.id}|${t.kind === 'all' ? '*' : t.id}`;
  const stamp = await dataStamp(app.ctx.db, BELL_TABLES);
  const kept = cache.get(key);
  if (stamp !== null && kept?.stamp === stamp) return kept.value;
  const { value, materialized } = await deriveListByUser(app, actor);
  // rows just materialized moved the stamp: keep the answer from the next poll on (one more derivation)
  if (stamp !== null && !materialized) {
    if (cache.size >= BELL_CACHE_MAX) cache.clear();
    cache.set(key, { stamp, value });
  } else {
    cache.delete(key);
  }
  return value;
}

async function deriveListByUser(
  app: FastifyInstance,
  actor: Actor,
): Promise<{ value: NoticeSummary; materialized: boolean }> {
  // no transaction: the insert is race-free on its own (ON CONFLICT DO NOTHING), each read sees its own snapshot
  // anyway (READ COMMITTED), and a transaction would move the embedded write epoch at every poll
  const db = app.ctx.db;
  const materialized = (await materializeAllType(db, actor)) > 0;
  const part = async (category: '1' | '2') => {
    const where = and(
      visibleTo(actor.id),
      eq(sysAnnouncementSend.readFlag, '0'),
      eq(sysAnnouncement.msgCategory, category),
    );
    const rows = await db
      .select({ a: sysAnnouncement })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(where)
      .orderBy(desc(sysAnnouncement.createTime), desc(sysAnnouncement.id))
      .limit(5);
    const [{ n }] = await db
      .select({ n: count() })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(where);
    return { list: rows.map((r) => rowJson(r.a) as Record<string, unknown>), total: n };
  };
  const annt = await part('1');
  const sys = await part('2');
  return {
    value: { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total },
    materialized,
  };
}

/** editByAnntIdAndUserId: the current user's row of one announcement becomes read (created if it was missing). */
export async function markRead(app: FastifyInstance, actor: Actor, anntId: string): Promise<void> {
  const { db } = app.ctx;
  await db.transaction(async (tx) => {
    const now = new Date();
    const done = await tx
      .update(sysAnnouncementSend)
      .set({ readFlag: '1', readTime: now, updateBy: actor.username, updateTime: now })
      .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, actor.id)))
      .returning({ id: sysAnnouncementSend.id });
    if (done.length) return;
    // an ALL announcement the user has not polled yet
    const [a] = await tx
      .select({ id: sysAnnouncement.id })
      .from(sysAnnouncement)
      .where(
        and(
          eq(sysAnnouncement.id, anntId),
          eq(sysAnnouncement.msgType, 'ALL'),
          eq(sysAnnouncement.sendStatus, '1'),
          eq(sysAnnouncement.delFlag, '0'),
        ),
      )
      .limit(1);
    if (!a) throw bizError(NOT_FOUND);
    await tx
      .insert(sysAnnouncementSend)
      .values({
        id: newId(),
        anntId,
        userId: actor.id,
        readFlag: '1',
        readTime: now,
        createBy: actor.username,
        createTime: now,
      })
      .onConflictDoUpdate({
        target: [sysAnnouncementSend.anntId, sysAnnouncementSend.userId],
        set: { readFlag: '1', readTime: now },
      });
  });
}

/** readAll: every unread announcement of the current user becomes read; returns how many. */
export async function readAll(app: FastifyInstance, actor: Actor): Promise<number> {
  return app.ctx.db.transaction(async (tx) => {
    await materializeAllType(tx, actor);
    const now = new Date();
    const rows = await tx
      .update(sysAnnouncementSend)
      .set({ readFlag: '1', readTime: now, updateBy: actor.username, updateTime: now })
      .where(and(eq(sysAnnouncementSend.userId, actor.id), eq(sysAnnouncementSend.readFlag, '0')))
      .returning({ id: sysAnnouncementSend.id });
    return rows.length;
  });
}

export interface MyAnnouncementFilter {
  titile?: string | null;
  sender?: string | null;
  readFlag?: string | null;
  busType?: string | null;
  msgCategory?: string | null;
  pageNo?: number;
  pageSize?: number;
}

/** getMyAnnouncementSend: the user's published announcements, unread first, then newest send_time. */
export async function myAnnouncements(
  app: FastifyInstance,
  actor: Actor,
  f: MyAnnouncementFilter,
): Promise<Page<Record<string, unknown>>> {
  const { db } = app.ctx;
  await db.transaction((tx) => materializeAllType(tx, actor));
  const pageNo = f.pageNo ?? 1;
  const pageSize = f.pageSize ?? 10;
  const like = (v: string) => `%${escapeLike(v.trim())}%`;
  const where = and(
    visibleTo(actor.id),
    f.titile?.trim() ? sql`${sysAnnouncement.titile} ilike ${like(f.titile)} escape '\\'` : undefined,
    f.sender?.trim()
      ? or(
          sql`${sysAnnouncement.sender} ilike ${like(f.sender)} escape '\\'`,
          sql`exists (select 1 from sys_user u where u.username = ${sysAnnouncement.sender} and u.realname ilike ${like(f.sender)} escape '\\')`,
        )
      : undefined,
    f.readFlag ? eq(sysAnnouncementSend.readFlag, f.readFlag) : undefined,
    f.busType?.trim() ? eq(sysAnnouncement.busType, f.busType.trim()) : undefined,
    f.msgCategory ? eq(sysAnnouncement.msgCategory, f.msgCategory) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(sysAnnouncementSend)
    .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
    .where(where);
  const offset = (pageNo - 1) * pageSize;
  let records: Record<string, unknown>[] = [];
  if (total > offset) {
    const rows = await db
      .select({
        id: sysAnnouncementSend.id,
        anntId: sysAnnouncementSend.anntId,
        userId: sysAnnouncementSend.userId,
        titile: sysAnnouncement.titile,
        msgContent: sysAnnouncement.msgContent,
        sender: sysAnnouncement.sender,
        priority: sysAnnouncement.priority,
        readFlag: sysAnnouncementSend.readFlag,
        readTime: sysAnnouncementSend.readTime,
        sendTime: sysAnnouncement.sendTime,
        createTime: sysAnnouncement.createTime,
        msgCategory: sysAnnouncement.msgCategory,
        busId: sysAnnouncement.busId,
        busType: sysAnnouncement.busType,
        openType: sysAnnouncement.openType,
        openPage: sysAnnouncement.openPage,
        msgAbstract: sysAnnouncement.msgAbstract,
      })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(where)
      .orderBy(
        sql`${sysAnnouncementSend.readFlag} asc`,
        sql`${sysAnnouncement.sendTime} desc nulls last`,
        sql`${sysAnnouncementSend.id} asc`,
      )
      .limit(pageSize)
      .offset(offset);
    records = rows.map((r) => rowJson(r) as Record<string, unknown>);
    await translateDictFields(db, records, { priority: 'priority', msgCategory: 'msg_category' });
  }
  return pageOf(records, total, { pageNo, pageSize });
}

/** May this user read this announcement without the management page? (published, not deleted, and addressed to them) */
export async function isRecipient(db: Db, actor: Actor, row: AnnouncementRow): Promise<boolean> {
  if (row.sendStatus !== '1' || row.delFlag !== '0') return false;
  if (row.msgType === 'ALL') {
    const t = tenancyOf(actor);
    return t.kind === 'all' || row.tenantId === PLATFORM_TENANT || row.tenantId === t.id;
  }
  const [hit] = await db
    .select({ id: sysAnnouncementSend.id })
    .from(sysAnnouncementSend)
    .where(and(eq(sysAnnouncementSend.anntId, row.id), eq(sysAnnouncementSend.userId, actor.id)))
    .limit(1);
  return !!hit;
}
