import { ok } from '@answer/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { answerReservation, answerSession, sysUser } from '../../db/schema/index.ts';
import { pageDataRules } from '../../platform/data-rules.ts';
import { AppError, badRequest, bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportXlsx, importAnswer, readImport } from '../../platform/excel.ts';
import { listOrderBy, listPage, listWhere } from '../../platform/list-query.ts';
import { maskIdCard, maskMobile, maskRecords, seesInFull } from '../../platform/personal-data.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere, withoutTenant } from '../../platform/tenant-scope.ts';
import { commaList, parse, requiredStr, str } from '../../platform/validation.ts';
import { sanitizeRichText } from '../announcement/sanitize.ts';
import { PERSON_TYPE, RES_STATUS_TEXT, sessionStatus } from './rules.ts';
import {
  CancelBody,
  IdsBody,
  ReservationAdd,
  ReservationEdit,
  SessionAdd,
  SessionCancel,
  SessionEdit,
} from './schema.ts';
import {
  type Actor,
  addSession,
  book,
  cancelSession,
  deleteReservations,
  deleteSession,
  editReservation,
  editSession,
  findReservation,
  findSession,
  RESERVATION_FORM_PAGE,
  RESERVATION_PAGE,
  reservationList,
  reservationStats,
  SESSION_PAGE,
  type SessionRow,
  sessionList,
  sessionStatusSql,
  sessionStatusWhere,
  transition,
} from './service.ts';

/**
 * 答题管理 (issue 16; docs/decisions/034-answer-booking.md).
 *
 *   /answer/session/list|queryById|add|edit|cancel|delete|options      答题场次 (menu answer/SessionList)
 *   /answer/reservation/list|queryById|add|edit|delete|deleteBatch      答题预约 (menu answer/ReservationList)
 *   /answer/reservation/confirm|cancel|checkin                          state changes (one id or a comma list)
 *   /answer/reservation/exportXls|importExcel                           Excel (error file for bad rows)
 *   /answer/reservation/stats                                           the analysis dashboard's figures
 *
 * Every write checks its button permission (reservation:add, reservation:confirm …, session:add …); lists go through
 * the list machinery; the reservation list and export apply the data rules of the page answer/ReservationList.
 */

const IdQuery = z.object({ id: requiredStr('id', 36) });
const IdsQuery = z.object({ ids: str(40_000).nullish() });
const MAX_BATCH = 500;

function idList(raw: string | null | undefined): string[] {
  const ids = commaList(raw);
  if (!ids.length) throw bizError('请选择一条记录！');
  if (ids.length > MAX_BATCH) throw bizError(`一次最多处理 ${MAX_BATCH} 条`);
  if (ids.some((id) => id.length > 36)) throw badRequest('参数 ids 有误');
  return ids;
}

const actorOf = (req: FastifyRequest): Actor => ({ user: req.auth!.user, tenancy: tenantOf(req) });

/** a session as the client sees it: dates GMT+8, the derived status and its text, no tenant */
function sessionJson(s: SessionRow, now = new Date()) {
  const status = sessionStatus(s, now);
  return { ...rowJson(withoutTenant(s)), status, status_dictText: STATUS_TEXT[status] };
}
const STATUS_TEXT: Record<string, string> = { '0': '未开始', '1': '进行中', '2': '已结束', '3': '已取消' };

const queryText = (q: unknown, key: string): string | undefined => {
  const v = (q && typeof q === 'object' ? (q as Record<string, unknown>)[key] : undefined) as unknown;
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
};

/** the derived-status filter of the session list (`status` = 0…3, comma list allowed) */
function statusFilter(q: unknown, now: Date): SQL | undefined {
  const raw = queryText(q, 'status');
  if (!raw) return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  const conds = parts.map((p) => sessionStatusWhere(p, now));
  if (conds.some((c) => c === undefined)) throw badRequest('参数 status 有误：只能是 0、1、2、3');
  return conds.length === 1 ? conds[0] : sql`(${sql.join(conds as SQL[], sql` or `)})`;
}

/**
 * the calendar-day filter of the session list (`date` = yyyy-MM-dd, GMT+8): sessions running on that day (starting
 * before its end, ending at or after its start), as the 任务 page's 今日场次 counts them
 */
function dateFilter(q: unknown): SQL | undefined {
  const raw = queryText(q, 'date');
  if (!raw) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== raw) {
    throw badRequest('参数 date 有误：应为 yyyy-MM-dd 格式的日期');
  }
  const start = new Date(utc - 8 * 3_600_000);
  const end = new Date(start.getTime() + 24 * 3_600_000);
  return and(
    sql`${answerSession.startTime} < ${end.toISOString()}::timestamp`,
    sql`${answerSession.endTime} >= ${start.toISOString()}::timestamp`,
  );
}

const RESERVATION_EXCEL: readonly ExcelColumn[] = [
  { key: 'reservationNo', title: '预约编号', width: 20 },
  { key: 'sessionName', title: '答题场次', width: 24 },
  { key: 'sessionStartTime', title: '场次开始时间', width: 20 },
  { key: 'personType', title: '预约对象', dict: 'answer_person_type', width: 10 },
  { key: 'username', title: '用户账号', width: 14 },
  { key: 'name', title: '姓名', width: 12 },
  { key: 'mobile', title: '手机号', width: 14 },
  { key: 'idCard', title: '身份证号', width: 22 },
  { key: 'status', title: '状态', dict: 'answer_reservation_status', width: 10 },
  { key: 'confirmTime', title: '确认时间', width: 20 },
  { key: 'checkinTime', title: '签到时间', width: 20 },
  { key: 'cancelReason', title: '取消原因', width: 24 },
  { key: 'remark', title: '备注', width: 24 },
  { key: 'createTime', title: '预约时间', width: 20 },
];
/** the personal fields of a reservation (issue 28 security 7) */
const PERSONAL = { idCard: ['idCard'], mobile: ['mobile'] } as const;
/** the see-in-full button of 答题预约 (seeded under its menu, granted to admin) */
export const SENSITIVE_PERM = 'reservation:sensitive';
const RESERVATION_EXCEL_MASKED: readonly ExcelColumn[] = RESERVATION_EXCEL.map((c) =>
  c.key === 'idCard'
    ? { ...c, format: (v: unknown) => maskIdCard(v) }
    : c.key === 'mobile'
      ? { ...c, format: (v: unknown) => maskMobile(v) }
      : c,
);

/** the columns an import reads (a user account books that system user, else name/mobile/ID book an outside person) */
const RESERVATION_IMPORT: readonly ExcelColumn[] = [
  { key: 'sessionName', title: '答题场次' },
  { key: 'username', title: '用户账号' },
  { key: 'name', title: '姓名' },
  { key: 'mobile', title: '手机号' },
  { key: 'idCard', title: '身份证号' },
  { key: 'remark', title: '备注' },
];

export default async function answerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;

  // ---------------------------------------------------------------- sessions

  app.get(
    '/answer/session/list',
    { config: { access: { menu: [SESSION_PAGE, RESERVATION_FORM_PAGE] } } },
    async (req) => {
      const now = new Date();
      const page = await listPage(app.ctx, sessionList, req.query, {
        tenant: tenantOf(req),
        where: and(statusFilter(req.query, now), dateFilter(req.query)),
        extras: {
          status: (r) => sessionStatusSql({ cancelled: r('cancelled'), start: r('startTime'), end: r('endTime') }, now),
        },
      });
      for (const r of page.records) r.status_dictText = STATUS_TEXT[String(r.status)] ?? '';
      return ok(page);
    },
  );

  app.get(
    '/answer/session/queryById',
    { config: { access: { menu: [SESSION_PAGE, RESERVATION_PAGE, RESERVATION_FORM_PAGE] } } },
    async (req) => {
      const { id } = parse(IdQuery, req.query);
      return ok(sessionJson(await findSession(db, id, tenantOf(req))));
    },
  );

  /** sessions open for booking now (the form's select): not cancelled, inside the reservation window */
  app.get(
    '/answer/session/options',
    { config: { access: { menu: [RESERVATION_PAGE, RESERVATION_FORM_PAGE] } } },
    async (req) => {
      const now = new Date().toISOString();
      const rows = await db
        .select()
        .from(answerSession)
        .where(
          and(
            eq(answerSession.delFlag, 0),
            tenantWhere(answerSession, tenantOf(req)),
            queryText(req.query, 'all') === '1'
              ? undefined
              : and(
                  eq(answerSession.cancelled, 0),
                  sql`${answerSession.reserveStart} <= ${now}::timestamp`,
                  sql`${answerSession.reserveEnd} >= ${now}::timestamp`,
                ),
          ),
        )
        .orderBy(answerSession.startTime)
        .limit(200);
      return ok(
        rows.map((s) => ({
          value: s.id,
          text: s.name,
          startTime: rowJson({ t: s.startTime }).t,
          endTime: rowJson({ t: s.endTime }).t,
          capacity: s.capacity,
          bookedCount: s.bookedCount,
          status: sessionStatus(s),
        })),
      );
    },
  );

  app.post('/answer/session/add', { config: { access: { perm: 'session:add' } } }, async (req) => {
    const p = parse(SessionAdd, req.body);
    await addSession(db, actorOf(req), {
      name: p.name,
      subject: p.subject ?? null,
      startTime: p.startTime,
      endTime: p.endTime,
      place: p.place ?? null,
      onlineLink: p.onlineLink ?? null,
      capacity: p.capacity,
      reserveStart: p.reserveStart,
      reserveEnd: p.reserveEnd,
      description: sanitizeRichText(p.description),
    });
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/session/edit',
    config: { access: { perm: 'session:edit' } },
    handler: async (req) => {
      const p = parse(SessionEdit, req.body);
      await editSession(db, actorOf(req), p.id, {
        name: p.name,
        subject: p.subject,
        startTime: p.startTime,
        endTime: p.endTime,
        place: p.place,
        onlineLink: p.onlineLink,
        capacity: p.capacity,
        reserveStart: p.reserveStart,
        reserveEnd: p.reserveEnd,
        description: p.description === undefined ? undefined : sanitizeRichText(p.description),
      });
      return ok(null, '编辑成功!');
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/session/cancel',
    config: { access: { perm: 'session:cancel' } },
    handler: async (req) => {
      const p = parse(SessionCancel, { ...(req.query as object), ...((req.body as object) ?? {}) });
      const r = await cancelSession(app, actorOf(req), p.id, p.reason);
      return ok(r, `场次已取消，${r.cancelled} 条预约已取消，已通知 ${r.notified} 位用户`);
    },
  });

  app.delete('/answer/session/delete', { config: { access: { perm: 'session:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    await deleteSession(db, actorOf(req), id);
    return ok(null, '删除成功!');
  });

  // ---------------------------------------------------------------- reservations

  const sessionTime =
    (col: 'start_time' | 'end_time') =>
    (r: (f: string) => SQL): SQL =>
      sql`(select to_char(s.${sql.raw(col)} + interval '8 hours', 'YYYY-MM-DD HH24:MI:SS') from answer_session s where s.id = ${r('sessionId')})`;
  const sessionStatusOf =
    (now: Date) =>
    (r: (f: string) => SQL): SQL =>
      sql`(select ${sessionStatusSql({ cancelled: sql.raw('s.cancelled'), start: sql.raw('s.start_time'), end: sql.raw('s.end_time') }, now)} from answer_session s where s.id = ${r('sessionId')})`;
  const sessionNameSql = (r: (f: string) => SQL): SQL =>
    sql`(select s.name from answer_session s where s.id = ${r('sessionId')})`;

  // cached per (user, page) on this node and dropped with every grant change on any node (platform/data-rules.ts)
  const reservationRules = async (req: FastifyRequest) => pageDataRules(app.ctx, req.auth!.user, RESERVATION_PAGE);
  /**
   * the actor with the reservations its data rules let it see: the same rule as the list, on every read by id, edit,
   * confirm, check-in, cancel and delete (issue 28 security 3)
   */
  const reservationActor = async (req: FastifyRequest): Promise<Actor> => {
    const rules = await reservationRules(req);
    const actor = actorOf(req);
    if (rules.length === 0) return actor;
    return { ...actor, reservations: listWhere(reservationList, {}, { dataRules: rules, tenant: actor.tenancy }) };
  };

  // 考试管理 picks a session's reservations for its per-candidate settings
  app.get(
    '/answer/reservation/list',
    { config: { access: { menu: [RESERVATION_PAGE, 'answer/ExamList'] } } },
    async (req) => {
      const page = await listPage(app.ctx, reservationList, req.query, {
        tenant: tenantOf(req),
        dataRules: await reservationRules(req),
        extras: {
          sessionName: sessionNameSql,
          sessionStartTime: sessionTime('start_time'),
          sessionEndTime: sessionTime('end_time'),
          sessionStatus: sessionStatusOf(new Date()),
        },
      });
      for (const r of page.records) r.sessionStatus_dictText = STATUS_TEXT[String(r.sessionStatus)] ?? '';
      if (!(await seesInFull(app.ctx, req, SENSITIVE_PERM, '答题预约列表'))) maskRecords(page.records, PERSONAL);
      return ok(page);
    },
  );

  app.get(
    '/answer/reservation/queryById',
    { config: { access: { menu: [RESERVATION_PAGE, RESERVATION_FORM_PAGE] } } },
    async (req) => {
      const { id } = parse(IdQuery, req.query);
      const actor = await reservationActor(req);
      const r = await findReservation(db, id, actor.tenancy, false, actor.reservations);
      const [s] = await db.select().from(answerSession).where(eq(answerSession.id, r.sessionId));
      const json = rowJson(withoutTenant(r)) as Record<string, unknown>;
      if (!(await seesInFull(app.ctx, req, SENSITIVE_PERM, `答题预约详情 ${r.reservationNo ?? r.id}`)))
        maskRecords([json], PERSONAL);
      return ok({
        ...json,
        status_dictText: RES_STATUS_TEXT[r.status] ?? '',
        personType_dictText: r.personType === PERSON_TYPE.user ? '系统用户' : '外部人员',
        sessionName: s?.name ?? null,
        sessionStatus: s ? sessionStatus(s) : null,
      });
    },
  );

  app.post('/answer/reservation/add', { config: { access: { perm: 'reservation:add' } } }, async (req) => {
    const p = parse(ReservationAdd, req.body);
    const row = await book(app, actorOf(req), p);
    return ok({ id: row.id, reservationNo: row.reservationNo }, `预约成功，预约编号：${row.reservationNo}`);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/reservation/edit',
    config: { access: { perm: 'reservation:edit' } },
    handler: async (req) => {
      // a masked ID number or mobile sent back by the form (a user without the see-in-full button) means unchanged
      const body = { ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>) };
      for (const k of ['idCard', 'mobile'])
        if (typeof body[k] === 'string' && (body[k] as string).includes('*')) delete body[k];
      const p = parse(ReservationEdit, body);
      await editReservation(app, await reservationActor(req), p.id, p);
      return ok(null, '编辑成功!');
    },
  });

  const idsFrom = (req: FastifyRequest) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const q = (req.query && typeof req.query === 'object' ? req.query : {}) as Record<string, unknown>;
    return { ...q, ...body, ids: body.ids ?? body.id ?? q.ids ?? q.id } as Record<string, unknown>;
  };

  for (const action of ['confirm', 'checkin'] as const) {
    app.route({
      method: ['PUT', 'POST'],
      url: `/answer/reservation/${action}`,
      config: { access: { perm: `reservation:${action}` } },
      handler: async (req) => {
        const { ids } = parse(IdsBody, idsFrom(req));
        return ok(null, await transition(app, await reservationActor(req), idList(ids), action, null));
      },
    });
  }

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/reservation/cancel',
    config: { access: { perm: 'reservation:cancel' } },
    handler: async (req) => {
      const input = idsFrom(req);
      if (!input.reason || (typeof input.reason === 'string' && !input.reason.trim())) throw bizError('请填写取消原因');
      const { ids, reason } = parse(CancelBody, input);
      return ok(null, await transition(app, await reservationActor(req), idList(ids), 'cancel', reason));
    },
  });

  app.delete('/answer/reservation/delete', { config: { access: { perm: 'reservation:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await deleteReservations(db, await reservationActor(req), [id]))) throw bizError('未找到对应的预约');
    return ok(null, '删除成功!');
  });

  app.delete('/answer/reservation/deleteBatch', { config: { access: { perm: 'reservation:delete' } } }, async (req) => {
    const ids = idList(parse(IdsQuery, req.query).ids);
    const n = await deleteReservations(db, await reservationActor(req), ids);
    // honest counts (issue 28 security 7): nothing deleted is a refusal, a partial delete says how many
    if (n === 0) throw bizError('未找到可删除的预约（不存在或无权删除）');
    return ok(null, n === ids.length ? '批量删除成功!' : `已删除 ${n} 条，${ids.length - n} 条不存在或无权删除`);
  });

  app.get(
    '/answer/reservation/exportXls',
    { config: { access: { perm: 'reservation:export' } } },
    async (req, reply) => {
      const q = (req.query && typeof req.query === 'object' ? req.query : {}) as Record<string, unknown>;
      const extra: SQL[] = [];
      const sel = queryText(q, 'selections');
      if (sel) extra.push(inArray(answerReservation.id, idList(sel)));
      const where = listWhere(reservationList, q, {
        where: extra,
        dataRules: await reservationRules(req),
        tenant: tenantOf(req),
      });
      const orderBy = listOrderBy(reservationList, q);
      const selection = {
        ...(Object.fromEntries(reservationList.fields) as Record<string, PgColumn>),
        sessionName: answerSession.name,
        sessionStartTime: answerSession.startTime,
      };
      async function* pages() {
        for (let offset = 0; ; offset += 1000) {
          const rows = await db
            .select(selection)
            .from(answerReservation)
            .leftJoin(answerSession, eq(answerSession.id, answerReservation.sessionId))
            .where(where)
            .orderBy(...orderBy)
            .limit(1000)
            .offset(offset);
          if (rows.length) yield rows as Record<string, unknown>[];
          if (rows.length < 1000) return;
        }
      }
      const full = await seesInFull(app.ctx, req, SENSITIVE_PERM, '导出答题预约');
      return exportXlsx(reply, {
        fileName: '答题预约',
        columns: full ? RESERVATION_EXCEL : RESERVATION_EXCEL_MASKED,
        rows: pages(),
      });
    },
  );

  app.post('/answer/reservation/importExcel', { config: { access: { perm: 'reservation:import' } } }, async (req) => {
    const { rows } = await readImport(req, { columns: RESERVATION_IMPORT });
    const actor = actorOf(req);
    const errors: Array<{ rowNo: number; message: string }> = [];
    let imported = 0;
    const sessionIds = new Map<string, string | Error>();
    const sessionOf = async (name: string): Promise<string | Error> => {
      let hit = sessionIds.get(name);
      if (!hit) {
        const found = await db
          .select({ id: answerSession.id })
          .from(answerSession)
          .where(
            and(eq(answerSession.name, name), eq(answerSession.delFlag, 0), tenantWhere(answerSession, actor.tenancy)),
          )
          .limit(2);
        hit =
          found.length === 1
            ? found[0].id
            : new Error(found.length ? `答题场次【${name}】有重名，请改用唯一的场次名称` : `答题场次【${name}】不存在`);
        sessionIds.set(name, hit);
      }
      return hit;
    };
    // every problem of a row is reported (joined with '；'); a row is booked only when it has none
    for (const r of rows) {
      const v = r.values;
      const problems: string[] = [];
      let sessionId: string | undefined;
      if (!v.sessionName) problems.push('答题场次不能为空');
      else {
        const hit = await sessionOf(v.sessionName);
        if (hit instanceof Error) problems.push(hit.message);
        else sessionId = hit;
      }
      let input: Record<string, unknown>;
      if (v.username) {
        const [u] = await db
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(and(eq(sysUser.username, v.username), eq(sysUser.delFlag, 0), tenantWhere(sysUser, actor.tenancy)))
          .limit(1);
        if (!u) problems.push(`用户账号【${v.username}】不存在`);
        input = { personType: PERSON_TYPE.user, userId: u?.id ?? '-', remark: v.remark };
      } else {
        input = { personType: PERSON_TYPE.outside, ...v };
      }
      // a missing or unknown session is reported above: the placeholder keeps it from being reported twice
      const p = ReservationAdd.safeParse({ ...input, sessionId: sessionId ?? '-' });
      if (!p.success)
        for (const issue of p.error.issues) if (!problems.includes(issue.message)) problems.push(issue.message);
      if (!problems.length && p.success) {
        try {
          await book(app, actor, p.data);
          imported++;
          continue;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          problems.push(err.message);
        }
      }
      errors.push({ rowNo: r.rowNo, message: problems.join('；') });
    }
    return importAnswer(app, { total: rows.length, imported, errors });
  });

  app.get(
    '/answer/reservation/stats',
    { config: { access: { menu: [RESERVATION_PAGE, SESSION_PAGE] } } },
    async (req) => {
      const raw = queryText(req.query, 'days');
      const days = raw && /^\d{1,2}$/.test(raw) ? Math.min(Math.max(Number(raw), 1), 60) : 14;
      return ok(await reservationStats(db as Db, tenantOf(req), days));
    },
  );
}
