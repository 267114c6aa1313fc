import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportList, importAnswer, readImport } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { Permissions } from '../../platform/permissions.ts';
import { rowJson } from '../../platform/serialize.ts';
import { type Tenancy, tenantOf, tenantWhere, withoutTenant } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { pushToUsers } from '../websocket/push.ts';
import {
  AddAnnouncementBody,
  AnnouncementFields,
  AnntIdBody,
  EditAnnouncementBody,
  EditSendBody,
  IdQuery,
  IdsQuery,
  MyAnnouncementQuery,
  SendFields,
  SyncQuery,
} from './schema.ts';
import {
  type Actor,
  ANNOUNCEMENT_DICTS,
  ANNOUNCEMENT_MENU,
  addAnnouncement,
  announcementList,
  deleteAnnouncements,
  editAnnouncement,
  findAnnouncement,
  isRecipient,
  listByUser,
  managedBy,
  markRead,
  myAnnouncements,
  NOT_FOUND,
  pushAnnouncement,
  readAll,
  releaseAnnouncement,
  revokeAnnouncement,
} from './service.ts';

const READ = { menu: ANNOUNCEMENT_MENU } as const;
const idsOf = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const EXCEL_COLUMNS: ExcelColumn[] = [
  { key: 'titile', title: '标题', width: 30 },
  { key: 'msgAbstract', title: '摘要', width: 30 },
  { key: 'msgContent', title: '内容', width: 50 },
  { key: 'startTime', title: '开始时间', width: 20 },
  { key: 'endTime', title: '结束时间', width: 20 },
  { key: 'priority', title: '优先级', dict: ANNOUNCEMENT_DICTS.priority },
  { key: 'msgCategory', title: '消息类型', dict: ANNOUNCEMENT_DICTS.msgCategory },
  { key: 'msgType', title: '通告对象类型', dict: ANNOUNCEMENT_DICTS.msgType },
  { key: 'sendStatus', title: '发布状态', dict: ANNOUNCEMENT_DICTS.sendStatus },
  { key: 'sender', title: '发布人' },
  { key: 'sendTime', title: '发布时间', width: 20 },
  { key: 'cancelTime', title: '撤销时间', width: 20 },
];

/** the columns an import may set (status, sender and times of publication come only from release/revoke) */
const IMPORT_COLUMNS = EXCEL_COLUMNS.filter((c) =>
  ['titile', 'msgAbstract', 'msgContent', 'startTime', 'endTime', 'priority', 'msgCategory', 'msgType'].includes(c.key),
);

/** read rows of the tenant's announcements only (sys_announcement_send follows its announcement; ADR 017) */
function ofTenantAnnouncements(tenancy: Tenancy): SQL | undefined {
  const w = tenantWhere(sysAnnouncement, tenancy);
  return w
    ? sql`${sysAnnouncementSend.anntId} in (select ${sysAnnouncement.id} from ${sysAnnouncement} where ${w})`
    : undefined;
}

/** is the user one of the tenancy's users? */
async function inTenancy(db: Db, userId: string, tenancy: Tenancy): Promise<boolean> {
  const w = tenantWhere(sysUser, tenancy);
  if (!w) return true;
  const [hit] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.id, userId), w))
    .limit(1);
  return !!hit;
}

const sendList = defineListEntity({
  table: sysAnnouncementSend,
  sortable: ['createTime', 'readTime', 'readFlag', 'anntId', 'userId'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { userId: 'sys_user,realname,id' },
});

/**
 * Announcements (contract §4.8): `/sys/annountCement` (sic) management, release/revoke with a live push, the bell's
 * listByUser, and the user's own read state under `/sys/sysAnnouncementSend`.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  const actor = (req: FastifyRequest): Actor => ({ ...req.auth!.user, tenancy: tenantOf(req) });
  const base = '/sys/annountCement';

  // ---------------------------------------------------------------- management
  app.get(`${base}/list`, { config: { access: READ } }, async (req) =>
    okCode0(await listPage(app.ctx, announcementList, req.query, { tenant: tenantOf(req) })),
  );

  app.post(`${base}/add`, { config: { access: { perm: 'announcement:add' } } }, async (req) => {
    await addAnnouncement(app, actor(req), parse(AddAnnouncementBody, req.body));
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${base}/edit`,
    config: { access: { perm: 'announcement:edit' } },
    handler: async (req) => {
      await editAnnouncement(app, actor(req), parse(EditAnnouncementBody, req.body));
      return ok(null, '修改成功!');
    },
  });

  app.delete(`${base}/delete`, { config: { access: { perm: 'announcement:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await deleteAnnouncements(app.ctx.db, actor(req), [id]))) throw bizError(NOT_FOUND);
    return ok(null, '删除成功!');
  });

  app.delete(`${base}/deleteBatch`, { config: { access: { perm: 'announcement:delete' } } }, async (req) => {
    const ids = idsOf(parse(IdsQuery, req.query).ids);
    if (!ids.length) throw bizError('请选择要删除的记录');
    if (ids.length > 1000) throw bizError('一次最多删除 1000 条');
    await deleteAnnouncements(app.ctx.db, actor(req), ids);
    return ok(null, '删除成功!');
  });

  // Readable by the management page, and by a recipient for a published announcement addressed to them (the bell and
  // the my-announcements page open notices through it).
  app.get(`${base}/queryById`, { config: { access: 'authenticated' } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const row = await findAnnouncement(app.ctx.db, id);
    const manager = Permissions.allows(await app.ctx.perms.of(actor(req).id), READ) && managedBy(row, tenantOf(req));
    if (!manager && !(await isRecipient(app.ctx.db, actor(req), row))) throw bizError(NOT_FOUND);
    return okCode0(rowJson(withoutTenant(row)));
  });

  app.get(
    `${base}/doReleaseData`,
    { config: { access: { perm: 'announcement:release' }, audit: { content: '发布系统通告' } } },
    async (req) => {
      const { id } = parse(IdQuery, req.query);
      await releaseAnnouncement(app, actor(req), id);
      return ok(null, '该系统通知发布成功');
    },
  );

  app.get(
    `${base}/doReovkeData`,
    { config: { access: { perm: 'announcement:revoke' }, audit: { content: '撤销系统通告' } } },
    async (req) => {
      const { id } = parse(IdQuery, req.query);
      await revokeAnnouncement(app, actor(req), id);
      return ok(null, '该系统通知撤销成功');
    },
  );

  // ---------------------------------------------------------------- the bell

  // polled by the header bell every 6 s: a background call that must not keep an idle session alive (ADR 015)
  app.get(`${base}/listByUser`, { config: { access: 'authenticated', background: true } }, async (req) =>
    ok(await listByUser(app, actor(req))),
  );

  // JeecgBoot re-pushed to every recipient (or to everyone without anntId), whoever called. Here a manager with
  // announcement:release re-pushes a published announcement to its recipients; anyone else (the my-announcements page
  // after reading) only refreshes their own open tabs.
  app.get(
    `${base}/syncNotic`,
    { config: { access: 'authenticated', rateLimit: { bucket: 'sync-notice', max: 60, windowMs: 60_000 } } },
    async (req) => {
      const { anntId } = parse(SyncQuery, req.query);
      const me = actor(req);
      if (!anntId) {
        await pushToUsers(app, [me.id], { cmd: 'topic', msgTxt: '批量设置已读' });
        return ok(null);
      }
      const row = await findAnnouncement(app.ctx.db, anntId);
      // 发布 and 撤销 both end with syncNotic in JeecgBoot's client: its recipients' bells reload (a revoked notice
      // leaves them), so a manager of the row who may release or revoke it re-pushes it whatever its state
      const manager = Permissions.allows(await app.ctx.perms.of(me.id), {
        perm: ['announcement:release', 'announcement:revoke'],
      });
      if (manager && row.sendStatus !== '0' && managedBy(row, me.tenancy!)) {
        await pushAnnouncement(app, row);
      } else {
        if (!(await isRecipient(app.ctx.db, me, row))) throw bizError(NOT_FOUND);
        await pushToUsers(app, [me.id], { cmd: 'user', msgId: row.id, msgTxt: row.titile ?? '' });
      }
      return ok(null);
    },
  );

  // ---------------------------------------------------------------- Excel

  app.get(`${base}/exportXls`, { config: { access: READ } }, async (req, reply) =>
    exportList(app, req, reply, { entity: announcementList, columns: EXCEL_COLUMNS, fileName: '系统通告' }),
  );

  app.post(`${base}/importExcel`, { config: { access: { perm: 'announcement:add' } } }, async (req) => {
    const { rows } = await readImport(req, { columns: IMPORT_COLUMNS });
    const errors: Array<{ rowNo: number; message: string }> = [];
    let imported = 0;
    for (const r of rows) {
      const v = r.values;
      const input = AnnouncementFields.safeParse({
        titile: v.titile,
        msgAbstract: v.msgAbstract || null,
        msgContent: v.msgContent || null,
        startTime: v.startTime || null,
        endTime: v.endTime || null,
        priority: v.priority || 'L',
        msgCategory: v.msgCategory || '1',
        msgType: v.msgType || 'ALL',
      });
      if (!input.success) {
        errors.push({ rowNo: r.rowNo, message: input.error.issues[0]?.message ?? '数据有误' });
        continue;
      }
      if (input.data.msgType === 'USER') {
        errors.push({ rowNo: r.rowNo, message: '导入只支持全体用户的通告，指定用户的通告请在页面上添加' });
        continue;
      }
      try {
        await addAnnouncement(app, actor(req), input.data);
        imported++;
      } catch (err) {
        errors.push({ rowNo: r.rowNo, message: err instanceof Error ? err.message : '数据有误' });
      }
    }
    return importAnswer(app, { total: rows.length, imported, errors });
  });

  // ---------------------------------------------------------------- /sys/sysAnnouncementSend
  const send = '/sys/sysAnnouncementSend';

  app.route({
    method: ['PUT', 'POST'],
    url: `${send}/editByAnntIdAndUserId`,
    config: { access: 'authenticated' },
    handler: async (req) => {
      const { anntId } = parse(AnntIdBody, req.body);
      await markRead(app, actor(req), anntId);
      return okCode0(null);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${send}/readAll`,
    config: { access: 'authenticated' },
    handler: async (req) => {
      await readAll(app, actor(req));
      return ok(null, '全部已读');
    },
  });

  app.get(`${send}/getMyAnnouncementSend`, { config: { access: 'authenticated' } }, async (req) =>
    okCode0(await myAnnouncements(app, actor(req), parse(MyAnnouncementQuery, req.query))),
  );

  // admin CRUD of the read rows (the announcement page's permissions)
  app.get(`${send}/list`, { config: { access: READ } }, async (req) =>
    okCode0(await listPage(app.ctx, sendList, req.query, { where: ofTenantAnnouncements(tenantOf(req)) })),
  );

  app.get(`${send}/queryById`, { config: { access: READ } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await app.ctx.db
      .select()
      .from(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.id, id), ofTenantAnnouncements(tenantOf(req))))
      .limit(1);
    if (!row) throw bizError(NOT_FOUND);
    return ok(rowJson(row));
  });

  app.post(`${send}/add`, { config: { access: { perm: 'announcement:add' } } }, async (req) => {
    const body = parse(SendFields, req.body);
    await findAnnouncement(app.ctx.db, body.anntId, tenantOf(req));
    const target = await app.ctx.userById(body.userId);
    if (!target || target.delFlag !== 0 || !(await inTenancy(app.ctx.db, target.id, tenantOf(req))))
      throw bizError('用户不存在');
    const now = new Date();
    await app.ctx.db.insert(sysAnnouncementSend).values({
      id: newId(),
      anntId: body.anntId,
      userId: body.userId,
      readFlag: body.readFlag || '0',
      readTime: body.readFlag === '1' ? now : null,
      createBy: actor(req).username,
      createTime: now,
    });
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${send}/edit`,
    config: { access: { perm: 'announcement:edit' } },
    handler: async (req) => {
      const body = parse(EditSendBody, req.body);
      if (body.anntId) await findAnnouncement(app.ctx.db, body.anntId, tenantOf(req));
      if (body.userId) {
        const target = await app.ctx.userById(body.userId);
        if (!target || target.delFlag !== 0 || !(await inTenancy(app.ctx.db, target.id, tenantOf(req)))) {
          throw bizError('用户不存在');
        }
      }
      const now = new Date();
      const done = await app.ctx.db
        .update(sysAnnouncementSend)
        .set({
          ...(body.anntId ? { anntId: body.anntId } : {}),
          ...(body.userId ? { userId: body.userId } : {}),
          ...(body.readFlag ? { readFlag: body.readFlag, readTime: body.readFlag === '1' ? now : null } : {}),
          updateBy: actor(req).username,
          updateTime: now,
        })
        .where(and(eq(sysAnnouncementSend.id, body.id), ofTenantAnnouncements(tenantOf(req))))
        .returning({ id: sysAnnouncementSend.id });
      if (!done.length) throw bizError(NOT_FOUND);
      return ok(null, '修改成功!');
    },
  });

  app.delete(`${send}/delete`, { config: { access: { perm: 'announcement:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const done = await app.ctx.db
      .delete(sysAnnouncementSend)
      .where(and(eq(sysAnnouncementSend.id, id), ofTenantAnnouncements(tenantOf(req))))
      .returning({ id: sysAnnouncementSend.id });
    if (!done.length) throw bizError(NOT_FOUND);
    return ok(null, '删除成功!');
  });

  app.delete(`${send}/deleteBatch`, { config: { access: { perm: 'announcement:delete' } } }, async (req) => {
    const ids = idsOf(parse(IdsQuery, req.query).ids);
    if (!ids.length) throw bizError('请选择要删除的记录');
    if (ids.length > 1000) throw bizError('一次最多删除 1000 条');
    await app.ctx.db
      .delete(sysAnnouncementSend)
      .where(and(inArray(sysAnnouncementSend.id, ids), ofTenantAnnouncements(tenantOf(req))));
    return ok(null, '批量删除成功!');
  });
}
