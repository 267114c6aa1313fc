import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  answerReservation,
  answerSession,
  sysAnnouncement,
  sysAnnouncementSend,
  sysUser,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { pushAnnouncement } from '../announcement/service.ts';
import { executeRule } from '../fill-rule/routes.ts';
import {
  ACTIVE_STATUSES,
  PERSON_TYPE,
  personKeyOf,
  RES_STATUS,
  type ResAction,
  TRANSITIONS,
  transitionError,
} from './rules.ts';

/** menu components (pages) whose grants open the lists; the reservation list's data rules belong to its page */
export const SESSION_PAGE = 'answer/SessionList';
export const RESERVATION_PAGE = 'answer/ReservationList';
export const RESERVATION_FORM_PAGE = 'answer/ReservationForm';
/** the fill rule giving reservation numbers (seeded: prefix YY, date, 4-digit daily sequence) */
export const RESERVATION_NO_RULE = 'answer_reservation_no';

export const MSG = {
  sessionNotFound: '未找到对应的答题场次',
  reservationNotFound: '未找到对应的预约',
  sessionCancelled: '该场次已取消，不能预约',
  full: '该场次名额已满',
  duplicate: '该人员已预约此场次，不能重复预约',
  cancelReason: '请填写取消原因',
} as const;

export type SessionRow = typeof answerSession.$inferSelect;
export type ReservationRow = typeof answerReservation.$inferSelect;

/** who acts (the signed-in user) and in which tenancy */
export interface Actor {
  user: Pick<UserRow, 'id' | 'username' | 'orgCode'>;
  tenancy: Tenancy;
  /**
   * the reservations this user may see: the data rules of the reservation page (the list's rule, issue 28 security 3);
   * a reservation outside it is not found by any read, edit, state change or delete. Undefined = no rule.
   */
  reservations?: SQL;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamp`;

/** the derived status as SQL (same rule as rules.ts sessionStatus), `now` bound */
export function sessionStatusSql(t: { cancelled: SQL | unknown; start: SQL | unknown; end: SQL | unknown }, now: Date) {
  return sql`(case when ${t.cancelled} = 1 then '3' when ${iso(now)} < ${t.start} then '0' when ${iso(now)} <= ${t.end} then '1' else '2' end)`;
}

/** the condition of a derived status value (the list's `status` filter), or undefined for an unknown value */
export function sessionStatusWhere(status: string, now: Date): SQL | undefined {
  const s = answerSession;
  switch (status) {
    case '0':
      return and(eq(s.cancelled, 0), sql`${s.startTime} > ${iso(now)}`);
    case '1':
      return and(eq(s.cancelled, 0), sql`${s.startTime} <= ${iso(now)}`, sql`${s.endTime} >= ${iso(now)}`);
    case '2':
      return and(eq(s.cancelled, 0), sql`${s.endTime} < ${iso(now)}`);
    case '3':
      return eq(s.cancelled, 1);
    default:
      return undefined;
  }
}

export const sessionList = defineListEntity({
  table: answerSession,
  sortable: ['createTime', 'startTime', 'endTime', 'name', 'subject', 'capacity', 'bookedCount', 'reserveEnd'],
  defaultSort: { column: 'startTime', order: 'desc' },
  dictFields: { subject: 'answer_subject' },
  searchable: [
    'name',
    'subject',
    'startTime',
    'endTime',
    'place',
    'capacity',
    'reserveStart',
    'reserveEnd',
    'createBy',
  ],
  where: () => eq(answerSession.delFlag, 0),
});

export const reservationList = defineListEntity({
  table: answerReservation,
  sortable: ['createTime', 'reservationNo', 'name', 'status', 'confirmTime', 'checkinTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { status: 'answer_reservation_status', personType: 'answer_person_type' },
  searchable: [
    'reservationNo',
    'sessionId',
    'personType',
    'userId',
    'username',
    'name',
    'mobile',
    'idCard',
    'status',
    'createTime',
    'createBy',
    'confirmTime',
    'checkinTime',
    'sysOrgCode',
  ],
  where: () => eq(answerReservation.delFlag, 0),
});

// ---------------------------------------------------------------- sessions

export async function findSession(db: Db, id: string, tenancy: Tenancy, lock = false): Promise<SessionRow> {
  const q = db
    .select()
    .from(answerSession)
    .where(and(eq(answerSession.id, id), eq(answerSession.delFlag, 0), tenantWhere(answerSession, tenancy)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw bizError(MSG.sessionNotFound);
  return row;
}

export interface SessionFields {
  name: string;
  subject: string | null;
  startTime: Date;
  endTime: Date;
  place: string | null;
  onlineLink: string | null;
  capacity: number;
  reserveStart: Date;
  reserveEnd: Date;
  description: string;
}

/** the checks of a session's times, place and capacity (add, and the merged values of an edit) */
export function checkSessionFields(f: SessionFields): void {
  if (f.endTime <= f.startTime) throw bizError('结束时间必须晚于开始时间');
  if (f.reserveEnd <= f.reserveStart) throw bizError('预约截止时间必须晚于预约开始时间');
  if (f.reserveEnd > f.endTime) throw bizError('预约截止时间不能晚于场次结束时间');
  if (!f.place && !f.onlineLink) throw bizError('请填写答题地点或线上链接');
}

export async function addSession(db: Db, actor: Actor, f: SessionFields): Promise<SessionRow> {
  checkSessionFields(f);
  const [row] = await db
    .insert(answerSession)
    .values({
      id: newId(),
      ...f,
      bookedCount: 0,
      cancelled: 0,
      delFlag: 0,
      createBy: actor.user.username,
      createTime: new Date(),
      sysOrgCode: actor.user.orgCode ?? null,
      tenantId: stampTenantId(actor.tenancy),
    })
    .returning();
  return row;
}

export async function editSession(
  db: Db,
  actor: Actor,
  id: string,
  patch: Partial<SessionFields>,
): Promise<SessionRow> {
  return db.transaction(async (tx) => {
    const cur = await findSession(tx as unknown as Db, id, actor.tenancy, true);
    if (cur.cancelled === 1) throw bizError('已取消的场次不能编辑');
    const merged: SessionFields = {
      name: patch.name ?? cur.name,
      subject: patch.subject === undefined ? cur.subject : patch.subject,
      startTime: patch.startTime ?? cur.startTime,
      endTime: patch.endTime ?? cur.endTime,
      place: patch.place === undefined ? cur.place : patch.place,
      onlineLink: patch.onlineLink === undefined ? cur.onlineLink : patch.onlineLink,
      capacity: patch.capacity ?? cur.capacity,
      reserveStart: patch.reserveStart ?? cur.reserveStart,
      reserveEnd: patch.reserveEnd ?? cur.reserveEnd,
      description: patch.description ?? cur.description ?? '',
    };
    checkSessionFields(merged);
    // the session row is locked: no booking can raise booked_count between this check and the update
    if (merged.capacity < cur.bookedCount) throw bizError(`容量不能小于已预约人数（${cur.bookedCount}）`);
    const [row] = await tx
      .update(answerSession)
      .set({ ...merged, updateBy: actor.user.username, updateTime: new Date() })
      .where(eq(answerSession.id, id))
      .returning();
    return row;
  });
}

/** logical delete; refused while the session holds active reservations */
export async function deleteSession(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cur = await findSession(tx as unknown as Db, id, actor.tenancy, true);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(answerReservation)
      .where(
        and(
          eq(answerReservation.sessionId, cur.id),
          eq(answerReservation.delFlag, 0),
          inArray(answerReservation.status, [...ACTIVE_STATUSES]),
        ),
      );
    if (n > 0) throw bizError(`该场次还有 ${n} 条有效预约，请先取消场次`);
    await tx
      .update(answerSession)
      .set({ delFlag: 1, updateBy: actor.user.username, updateTime: new Date() })
      .where(eq(answerSession.id, id));
  });
}

/**
 * Cancels a session: its pending and confirmed reservations become 已取消 (the reason says why; checked-in ones stay
 * 已签到), and every booked system user gets an announcement addressed to them, published at once and pushed over the websocket.
 */
export async function cancelSession(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<{ cancelled: number; notified: number }> {
  const { db } = app.ctx;
  const out = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cur = await findSession(t, id, actor.tenancy, true);
    if (cur.cancelled === 1) throw bizError('该场次已取消，无需重复取消');
    if (cur.endTime < now) throw bizError('场次已结束，不能取消');
    await tx
      .update(answerSession)
      .set({
        cancelled: 1,
        cancelReason: reason,
        cancelBy: actor.user.username,
        cancelTime: now,
        updateBy: actor.user.username,
        updateTime: now,
      })
      .where(eq(answerSession.id, id));
    const gone = await tx
      .update(answerReservation)
      .set({
        status: RES_STATUS.cancelled,
        cancelReason: `场次已取消：${reason}`,
        cancelBy: actor.user.username,
        cancelTime: now,
        updateBy: actor.user.username,
        updateTime: now,
      })
      .where(
        and(
          eq(answerReservation.sessionId, id),
          eq(answerReservation.delFlag, 0),
          inArray(answerReservation.status, [...TRANSITIONS.cancel.from]),
        ),
      )
      .returning({ userId: answerReservation.userId, personType: answerReservation.personType });
    // checked-in reservations keep their state (and their seat)
    await tx
      .update(answerSession)
      .set({ bookedCount: sql`greatest(${answerSession.bookedCount} - ${gone.length}, 0)` })
      .where(eq(answerSession.id, id));
    const userIds = [
      ...new Set(gone.filter((r) => r.personType === PERSON_TYPE.user && r.userId).map((r) => r.userId as string)),
    ];
    let notice: typeof sysAnnouncement.$inferSelect | undefined;
    if (userIds.length) {
      const live = await tx
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(inArray(sysUser.id, userIds), eq(sysUser.delFlag, 0)));
      const ids = live.map((u) => u.id);
      if (ids.length) {
        const anntId = newId();
        const when = formatDateTime(cur.startTime);
        [notice] = await tx
          .insert(sysAnnouncement)
          .values({
            id: anntId,
            titile: `答题场次已取消：${cur.name}`.slice(0, 100),
            msgContent: `<p>您预约的答题场次【${escapeHtml(cur.name)}】（${when}）已取消。</p><p>取消原因：${escapeHtml(reason)}</p>`,
            msgAbstract: `场次【${cur.name}】已取消，原因：${reason}`.slice(0, 500),
            priority: 'H',
            msgCategory: '2',
            msgType: 'USER',
            userIds: `${ids.join(',')},`,
            sendStatus: '1',
            sendTime: now,
            sender: actor.user.username,
            delFlag: '0',
            busType: 'answer_session',
            busId: cur.id,
            tenantId: cur.tenantId,
            createBy: actor.user.username,
            createTime: now,
          })
          .returning();
        await tx.insert(sysAnnouncementSend).values(
          ids.map((userId) => ({
            id: newId(),
            anntId,
            userId,
            readFlag: '0',
            createBy: actor.user.username,
            createTime: now,
          })),
        );
      }
    }
    return { cancelled: gone.length, notified: notice ? userIdsOf(notice.userIds) : 0, notice };
  });
  if (out.notice) await pushAnnouncement(app, out.notice);
  return { cancelled: out.cancelled, notified: out.notified };
}

const userIdsOf = (s: string | null) => (s ?? '').split(',').filter(Boolean).length;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------------------------------------------------------------- reservations

export interface Person {
  personType: string;
  userId?: string | null;
  name?: string | null;
  mobile?: string | null;
  idCard?: string | null;
}

export async function findReservation(
  db: Db,
  id: string,
  tenancy: Tenancy,
  lock = false,
  /** the actor's data rules (Actor.reservations) */
  visible?: SQL,
): Promise<ReservationRow> {
  const q = db
    .select()
    .from(answerReservation)
    .where(
      and(
        eq(answerReservation.id, id),
        eq(answerReservation.delFlag, 0),
        tenantWhere(answerReservation, tenancy),
        visible,
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw bizError(MSG.reservationNotFound);
  return row;
}

/** the stored person columns: a system user's name and mobile come from the user row */
async function personColumns(db: Db, p: Person, tenancy: Tenancy) {
  if (p.personType === PERSON_TYPE.user) {
    const [u] = await db
      .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone })
      .from(sysUser)
      .where(and(eq(sysUser.id, p.userId ?? ''), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)))
      .limit(1);
    if (!u) throw bizError('所选用户不存在或已删除');
    return {
      personType: PERSON_TYPE.user,
      userId: u.id,
      username: u.username,
      name: u.realname || u.username || '',
      mobile: u.phone ?? null,
      idCard: null,
      personKey: personKeyOf({ personType: PERSON_TYPE.user, userId: u.id }),
    };
  }
  const idCard = (p.idCard ?? '').trim().toUpperCase();
  return {
    personType: PERSON_TYPE.outside,
    userId: null,
    username: null,
    name: (p.name ?? '').trim(),
    mobile: (p.mobile ?? '').trim(),
    idCard,
    personKey: personKeyOf({ personType: PERSON_TYPE.outside, idCard }),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function activeDuplicate(db: Db, sessionId: string, personKey: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: answerReservation.id })
    .from(answerReservation)
    .where(
      and(
        eq(answerReservation.sessionId, sessionId),
        eq(answerReservation.personKey, personKey),
        eq(answerReservation.delFlag, 0),
        inArray(answerReservation.status, [...ACTIVE_STATUSES]),
      ),
    )
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

const fmtWindow = (a: Date, b: Date) => `${formatDateTime(a)} 至 ${formatDateTime(b)}`;

/**
 * Books a person onto a session. The seat is taken by one conditional update of the session row
 * (`booked_count < capacity`, not cancelled): concurrent bookings queue on that row and the loser finds no seat.
 * The partial unique index (session, person) refuses a second active reservation of the same person.
 */
export async function book(
  app: FastifyInstance,
  actor: Actor,
  input: Person & { sessionId: string; remark?: string | null },
  now: Date = new Date(),
): Promise<ReservationRow> {
  const { db } = app.ctx;
  const session = await findSession(db, input.sessionId, actor.tenancy);
  if (session.cancelled === 1) throw bizError(MSG.sessionCancelled);
  if (now < session.reserveStart || now > session.reserveEnd) {
    throw bizError(`不在预约时间内，预约时间为 ${fmtWindow(session.reserveStart, session.reserveEnd)}`);
  }
  const person = await personColumns(db, input, actor.tenancy);
  if (await activeDuplicate(db, session.id, person.personKey)) throw bizError(MSG.duplicate);
  const no = await executeRule(app.ctx, RESERVATION_NO_RULE, {});
  if (typeof no !== 'string' || !no) throw bizError(`预约编号规则【${RESERVATION_NO_RULE}】不存在，请在填值规则中配置`);
  try {
    return await db.transaction(async (tx) => {
      const seat = await tx
        .update(answerSession)
        .set({ bookedCount: sql`${answerSession.bookedCount} + 1` })
        .where(
          and(
            eq(answerSession.id, session.id),
            eq(answerSession.delFlag, 0),
            eq(answerSession.cancelled, 0),
            sql`${answerSession.bookedCount} < ${answerSession.capacity}`,
          ),
        )
        .returning({ id: answerSession.id });
      if (!seat.length) {
        const [s] = await tx
          .select({ cancelled: answerSession.cancelled })
          .from(answerSession)
          .where(eq(answerSession.id, session.id));
        throw bizError(s?.cancelled === 1 ? MSG.sessionCancelled : MSG.full);
      }
      const [row] = await tx
        .insert(answerReservation)
        .values({
          id: newId(),
          reservationNo: no,
          sessionId: session.id,
          ...person,
          status: RES_STATUS.pending,
          remark: input.remark ?? null,
          delFlag: 0,
          createBy: actor.user.username,
          createTime: now,
          sysOrgCode: actor.user.orgCode ?? null,
          tenantId: session.tenantId,
        })
        .returning();
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw bizError(MSG.duplicate);
    throw err;
  }
}

/** edits the person details and remark of a pending or confirmed reservation (the session cannot change) */
export async function editReservation(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: Partial<Person> & { sessionId?: string | null; remark?: string | null },
): Promise<void> {
  const { db } = app.ctx;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const cur = await findReservation(t, id, actor.tenancy, true, actor.reservations);
      if (cur.status !== RES_STATUS.pending && cur.status !== RES_STATUS.confirmed) {
        throw bizError('只有待确认或已确认的预约可以编辑');
      }
      if (input.sessionId && input.sessionId !== cur.sessionId) throw bizError('不能更换场次，请取消后重新预约');
      const merged: Person = {
        personType: input.personType ?? cur.personType,
        userId: input.userId === undefined ? cur.userId : input.userId,
        name: input.name === undefined ? cur.name : input.name,
        mobile: input.mobile === undefined ? cur.mobile : input.mobile,
        idCard: input.idCard === undefined ? cur.idCard : input.idCard,
      };
      const person = await personColumns(t, merged, actor.tenancy);
      if (await activeDuplicate(t, cur.sessionId, person.personKey, cur.id)) throw bizError(MSG.duplicate);
      await tx
        .update(answerReservation)
        .set({
          ...person,
          remark: input.remark === undefined ? cur.remark : input.remark,
          updateBy: actor.user.username,
          updateTime: new Date(),
        })
        .where(eq(answerReservation.id, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw bizError(MSG.duplicate);
    throw err;
  }
}

/**
 * One state change of one reservation inside a transaction: the row locked, the transition checked, the session's
 * rules applied (check-in only inside the session's times; confirm not on a cancelled or ended session), the seat
 * given back on cancel.
 */
async function transitionOne(
  tx: Db,
  actor: Actor,
  id: string,
  action: Exclude<ResAction, 'absent'>,
  reason: string | null,
  now: Date,
): Promise<void> {
  const cur = await findReservation(tx, id, actor.tenancy, true, actor.reservations);
  const problem = transitionError(action, cur.status);
  if (problem) throw bizError(problem);
  const [session] = await tx.select().from(answerSession).where(eq(answerSession.id, cur.sessionId)).for('update');
  if (!session) throw bizError(MSG.sessionNotFound);
  const by = actor.user.username;
  const set: Partial<ReservationRow> = { status: TRANSITIONS[action].to, updateBy: by, updateTime: now };
  if (action === 'confirm') {
    if (session.cancelled === 1) throw bizError('场次已取消，不能确认');
    if (now > session.endTime) throw bizError('场次已结束，不能确认');
    Object.assign(set, { confirmBy: by, confirmTime: now });
  } else if (action === 'checkin') {
    if (session.cancelled === 1) throw bizError('场次已取消，不能签到');
    if (now < session.startTime || now > session.endTime) {
      throw bizError(`只能在场次时间内签到（${fmtWindow(session.startTime, session.endTime)}）`);
    }
    Object.assign(set, { checkinBy: by, checkinTime: now });
  } else {
    Object.assign(set, { cancelBy: by, cancelTime: now, cancelReason: reason });
    await tx
      .update(answerSession)
      .set({ bookedCount: sql`greatest(${answerSession.bookedCount} - 1, 0)` })
      .where(eq(answerSession.id, session.id));
  }
  await tx.update(answerReservation).set(set).where(eq(answerReservation.id, id));
}

const ACTION_TEXT = { confirm: '确认', cancel: '取消', checkin: '签到' } as const;

/**
 * confirm / cancel / checkin of one or more reservations. One id: its error is the answer. Several: each row in its
 * own transaction, the rows that cannot change are skipped and counted; all failing → the first reason as the error.
 */
export async function transition(
  app: FastifyInstance,
  actor: Actor,
  ids: readonly string[],
  action: Exclude<ResAction, 'absent'>,
  reason: string | null,
  now: Date = new Date(),
): Promise<string> {
  const { db } = app.ctx;
  if (action === 'cancel' && !reason) throw bizError(MSG.cancelReason);
  let done = 0;
  const failures: string[] = [];
  for (const id of ids) {
    try {
      await db.transaction(async (tx) => transitionOne(tx as unknown as Db, actor, id, action, reason, now));
      done++;
    } catch (err) {
      if (ids.length === 1) throw err;
      failures.push(err instanceof Error ? err.message : String(err));
    }
  }
  const verb = ACTION_TEXT[action];
  if (ids.length === 1) return `${verb}成功`;
  if (done === 0) throw bizError(`${verb}失败：${failures[0]}`);
  return failures.length
    ? `已${verb} ${done} 条，${failures.length} 条未处理（${failures[0]}）`
    : `批量${verb}成功，共 ${done} 条`;
}

/** logical delete of reservations; an active one gives its seat back */
export async function deleteReservations(db: Db, actor: Actor, ids: readonly string[]): Promise<number> {
  let n = 0;
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const [cur] = await tx
        .select()
        .from(answerReservation)
        .where(
          and(
            eq(answerReservation.id, id),
            eq(answerReservation.delFlag, 0),
            tenantWhere(answerReservation, actor.tenancy),
            actor.reservations,
          ),
        )
        .for('update');
      if (!cur) return;
      if (ACTIVE_STATUSES.includes(cur.status)) {
        await tx
          .update(answerSession)
          .set({ bookedCount: sql`greatest(${answerSession.bookedCount} - 1, 0)` })
          .where(eq(answerSession.id, cur.sessionId));
      }
      await tx
        .update(answerReservation)
        .set({ delFlag: 1, updateBy: actor.user.username, updateTime: new Date() })
        .where(eq(answerReservation.id, id));
      n++;
    });
  }
  return n;
}

// ---------------------------------------------------------------- the absence job and the figures

/**
 * Marks 缺席: every pending or confirmed reservation of a session that has ended (not cancelled) and was not marked
 * yet. Idempotent; answers how many reservations and sessions it marked.
 */
export async function markAbsences(
  db: Db,
  now: Date = new Date(),
): Promise<{ reservations: number; sessions: number }> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(answerSession)
      .set({ absenceMarked: 1 })
      .where(
        and(
          eq(answerSession.absenceMarked, 0),
          eq(answerSession.cancelled, 0),
          eq(answerSession.delFlag, 0),
          sql`${answerSession.endTime} < ${iso(now)}`,
        ),
      )
      .returning({ id: answerSession.id });
    if (!ended.length) return { reservations: 0, sessions: 0 };
    const marked = await tx
      .update(answerReservation)
      .set({ status: RES_STATUS.absent, updateBy: 'system', updateTime: now })
      .where(
        and(
          inArray(
            answerReservation.sessionId,
            ended.map((e) => e.id),
          ),
          eq(answerReservation.delFlag, 0),
          inArray(answerReservation.status, [...TRANSITIONS.absent.from]),
        ),
      )
      .returning({ id: answerReservation.id });
    return { reservations: marked.length, sessions: ended.length };
  });
}

export interface ReservationStats {
  /** bookings made and check-ins per day (GMT+8), oldest first, `days` entries */
  bookingsPerDay: { date: string; count: number; checkins: number }[];
  /** the latest sessions (by start) that are not cancelled: booked / capacity */
  sessions: { id: string; name: string; capacity: number; booked: number; fillRate: number }[];
  /** of the ended sessions' reservations that were due (checked in or absent), the share absent */
  noShow: { due: number; absent: number; rate: number };
}

/** the figures of the analysis dashboard's reservation card, for the request's tenancy */
export async function reservationStats(
  db: Db,
  tenancy: Tenancy,
  days = 14,
  now = new Date(),
): Promise<ReservationStats> {
  const rt = tenantWhere(answerReservation, tenancy);
  const st = tenantWhere(answerSession, tenancy);
  const DAY = 86_400_000;
  const gmt8 = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const firstDay = gmt8(new Date(now.getTime() - (days - 1) * DAY));
  // create_time holds UTC wall clock: the GMT+8 day is (create_time + 8 h)::date
  // times hold UTC wall clock: the GMT+8 day of a time is (time + 8 h)::date
  const perDayOf = (col: PgColumn) =>
    queryRows<{ d: string; n: number }>(
      db,
      sql`select to_char(${col} + interval '8 hours', 'YYYY-MM-DD') as d, count(*)::int as n
            from ${answerReservation}
           where ${answerReservation.delFlag} = 0
             and ${col} + interval '8 hours' >= ${firstDay}::timestamp
             ${rt ? sql`and ${rt}` : sql``}
           group by 1`,
    );
  const booked = new Map((await perDayOf(answerReservation.createTime)).map((r) => [r.d, Number(r.n)]));
  const checked = new Map((await perDayOf(answerReservation.checkinTime)).map((r) => [r.d, Number(r.n)]));
  const bookingsPerDay = Array.from({ length: days }, (_, i) => {
    const date = gmt8(new Date(now.getTime() - (days - 1 - i) * DAY));
    return { date, count: booked.get(date) ?? 0, checkins: checked.get(date) ?? 0 };
  });
  const sessions = await db
    .select({
      id: answerSession.id,
      name: answerSession.name,
      capacity: answerSession.capacity,
      booked: answerSession.bookedCount,
    })
    .from(answerSession)
    .where(and(eq(answerSession.delFlag, 0), eq(answerSession.cancelled, 0), st))
    .orderBy(sql`${answerSession.startTime} desc`)
    .limit(8);
  const [due] = await queryRows<{ due: number; absent: number }>(
    db,
    sql`select count(*)::int as due, count(*) filter (where ${answerReservation.status} = '4')::int as absent
          from ${answerReservation}
         where ${answerReservation.delFlag} = 0 and ${answerReservation.status} in ('2', '4')
           ${rt ? sql`and ${rt}` : sql``}`,
  );
  const dueN = Number(due?.due ?? 0);
  const absentN = Number(due?.absent ?? 0);
  return {
    bookingsPerDay,
    sessions: sessions.reverse().map((s) => ({
      ...s,
      fillRate: s.capacity > 0 ? Math.round((s.booked / s.capacity) * 1000) / 10 : 0,
    })),
    noShow: { due: dueN, absent: absentN, rate: dueN > 0 ? Math.round((absentN / dueN) * 1000) / 10 : 0 },
  };
}
