import { ok } from '@answer/contract';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  answerReservation,
  answerSession,
  quizAttempt,
  quizExam,
  quizExamOverride,
  quizPaper,
  sysDepart,
  sysUser,
} from '../../db/schema/index.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { gmt8DateTime, parse, requiredStr } from '../../platform/validation.ts';
import { paperDeleteGuards } from '../quiz-bank/papers.ts';
import { type ExamRow, examChanged } from './exam-cache.ts';
import { drawSnapshot } from './paper.ts';
import { EXAM_PAGE, EXAM_STATUS, EXAM_STATUS_TEXT, examStatus, idsOf, MSG, RESULT_PAGE } from './rules.ts';
import { submitOpenAttemptsOfExam } from './submit.ts';

/**
 * 考试管理 (quiz contract §1 exam, §4): /answer/exam/{list,queryById,add,edit,delete,publish,close}. Status is derived
 * (rules.ts examStatus, the same CASE in SQL for the list). The paper is drawn into `paper_snapshot` at publish; an
 * exam with attempts keeps its paper. Overrides (per-candidate extra minutes or own window) travel with the exam.
 */

export interface Actor {
  user: Pick<UserRow, 'id' | 'username' | 'realname' | 'orgCode'>;
  tenancy: Tenancy;
}
export const actorOf = (req: FastifyRequest): Actor => ({ user: req.auth!.user, tenancy: tenantOf(req) });

/** a paper that an exam (not deleted) uses cannot be deleted: the exam would lose what it was written on */
paperDeleteGuards.push(async (db, paperIds) => {
  const used = await db
    .select({ exam: quizExam.name, paper: quizPaper.name })
    .from(quizExam)
    .innerJoin(quizPaper, eq(quizPaper.id, quizExam.paperId))
    .where(and(inArray(quizExam.paperId, paperIds), eq(quizExam.delFlag, 0)))
    .limit(1);
  if (used.length) throw bizError(`试卷「${used[0].paper}」已被考试「${used[0].exam}」使用，不能删除`);
});

const iso = (d: Date) => sql`${d.toISOString()}::timestamp`;

/** the derived status as SQL (same rule as examStatus) */
export function examStatusSql(t: { published: SQL; closed: SQL; start: SQL; end: SQL }, now: Date): SQL<string> {
  return sql<string>`(case when ${t.published} <> 1 then '0' when ${t.closed} = 1 or ${iso(now)} > ${t.end} then '3' when ${iso(now)} < ${t.start} then '1' else '2' end)`;
}

export function examStatusWhere(status: string, now: Date): SQL | undefined {
  const e = quizExam;
  switch (status) {
    case '0':
      return sql`${e.published} <> 1`;
    case '1':
      return and(eq(e.published, 1), eq(e.closed, 0), sql`${e.startTime} > ${iso(now)}`);
    case '2':
      return and(
        eq(e.published, 1),
        eq(e.closed, 0),
        sql`${e.startTime} <= ${iso(now)}`,
        sql`${e.endTime} >= ${iso(now)}`,
      );
    case '3':
      return and(eq(e.published, 1), sql`(${e.closed} = 1 or ${e.endTime} < ${iso(now)})`);
    default:
      return undefined;
  }
}

const { paperSnapshot: _snapshot, ...listFields } = getTableColumns(quizExam);

export const examList = defineListEntity({
  table: quizExam,
  fields: listFields as Record<string, PgColumn>,
  sortable: ['createTime', 'startTime', 'endTime', 'name'],
  defaultSort: { column: 'startTime', order: 'desc' },
  searchable: ['name', 'paperId', 'sessionId', 'startTime', 'endTime', 'createBy'],
  where: () => eq(quizExam.delFlag, 0),
});

// ---------------------------------------------------------------- input

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v);
const flag = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'boolean' ? (v ? 1 : 0) : num(v)),
    z.union([z.literal(0), z.literal(1)], { message: `${label}只能是 0 或 1` }),
  );
const intIn = (label: string, min: number, max: number) =>
  z.preprocess(
    num,
    z
      .number({ message: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(min, `${label}不能小于 ${min}`)
      .max(max, `${label}不能大于 ${max}`),
  );
const optDateTime = (label: string) => z.preprocess(blankToNull, gmt8DateTime(label).nullish());
const idList = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : blankToNull(v)),
    z
      .string({ message: `${label}格式不正确` })
      .max(20_000, `${label}过多`)
      .regex(/^[A-Za-z0-9_,\s-]*$/, `${label}格式不正确`)
      .nullish(),
  );

const OverrideInput = z.object({
  userId: z.preprocess(blankToNull, z.string().max(36).nullish()),
  reservationId: z.preprocess(blankToNull, z.string().max(36).nullish()),
  extraMinutes: z.preprocess(
    (v) => (v == null || v === '' ? 0 : num(v)),
    z.number({ message: '延长时间必须是整数分钟' }).int('延长时间必须是整数分钟').min(0).max(1440),
  ),
  startTime: optDateTime('个人开始时间'),
  endTime: optDateTime('个人结束时间'),
  remark: z.preprocess(blankToNull, z.string().max(500, '备注不能超过 500 个字符').nullish()),
});

const examFields = {
  name: requiredStr('考试名称', 100),
  paperId: requiredStr('试卷', 36),
  startTime: gmt8DateTime('开始时间'),
  endTime: gmt8DateTime('结束时间'),
  duration: z.preprocess(blankToNull, intIn('考试时长', 1, 1440).nullish()),
  attempts: z.preprocess(blankToNull, intIn('允许答题次数', 1, 100).nullish()),
  userIds: idList('参加人员'),
  departIds: idList('参加部门'),
  sessionId: z.preprocess(blankToNull, z.string().max(36).nullish()),
  shuffleQuestions: flag('题目乱序').optional(),
  shuffleOptions: flag('选项乱序').optional(),
  drawPerCandidate: flag('每人单独抽题').optional(),
  partialScore: z.preprocess(
    (v) => (v == null || v === '' ? undefined : num(v)),
    z
      .number({ message: '少选得分比例必须是 0 到 1 之间的数' })
      .min(0, '少选得分比例不能小于 0')
      .max(1, '少选得分比例不能大于 1')
      .optional(),
  ),
  showResult: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
    z.enum(['0', '1', '2'], { message: '成绩显示方式只能是 0、1 或 2' }).nullish(),
  ),
  maxSwitches: z.preprocess(blankToNull, intIn('切屏次数上限', 0, 100).nullish()),
  instructions: z.preprocess(blankToNull, z.string().max(5000, '考试须知不能超过 5000 个字符').nullish()),
  overrides: z.array(OverrideInput).max(500, '个人设置最多 500 条').optional(),
};

export const ExamAdd = z.object(examFields).loose();
export const ExamEdit = z
  .object({
    id: requiredStr('id', 36),
    ...Object.fromEntries(Object.entries(examFields).map(([k, v]) => [k, (v as z.ZodType).optional()])),
  })
  .loose() as unknown as z.ZodType<{ id: string } & Partial<z.output<typeof ExamAdd>>>;

type ExamInput = z.output<typeof ExamAdd>;
type OverrideIn = z.output<typeof OverrideInput>;

// ---------------------------------------------------------------- service

export async function findExam(db: Db, id: string, tenancy: Tenancy, lock = false): Promise<ExamRow> {
  const q = db
    .select()
    .from(quizExam)
    .where(and(eq(quizExam.id, id), eq(quizExam.delFlag, 0), tenantWhere(quizExam, tenancy)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw bizError(MSG.examNotFound);
  return row;
}

async function attemptCount(db: Db, examId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAttempt)
    .where(eq(quizAttempt.examId, examId));
  return n;
}

/** checks participants and overrides against the tenant; returns the override rows to store */
async function checkParticipants(
  db: Db,
  tenancy: Tenancy,
  f: { userIds?: string | null; departIds?: string | null; sessionId?: string | null },
): Promise<void> {
  const users = idsOf(f.userIds);
  const departs = idsOf(f.departIds);
  if (!users.length && !departs.length && !f.sessionId) throw bizError('请选择参加考试的人员、部门或答题场次');
  if (users.length) {
    const found = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, users), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)));
    if (found.length !== users.length) throw bizError('参加人员中有不存在的用户');
  }
  if (departs.length) {
    const found = await db
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(inArray(sysDepart.id, departs), eq(sysDepart.delFlag, '0'), tenantWhere(sysDepart, tenancy)));
    if (found.length !== departs.length) throw bizError('参加部门中有不存在的部门');
  }
  if (f.sessionId) {
    const [s] = await db
      .select({ id: answerSession.id })
      .from(answerSession)
      .where(and(eq(answerSession.id, f.sessionId), eq(answerSession.delFlag, 0), tenantWhere(answerSession, tenancy)));
    if (!s) throw bizError('未找到对应的答题场次');
  }
}

async function overrideRows(db: Db, tenancy: Tenancy, examId: string, list: OverrideIn[], actor: Actor) {
  const rows: (typeof quizExamOverride.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (const o of list) {
    if (!!o.userId === !!o.reservationId) throw bizError('个人设置须指定一位用户或一条预约');
    if (o.startTime && o.endTime && o.endTime <= o.startTime) throw bizError('个人结束时间必须晚于个人开始时间');
    if (!o.extraMinutes && !o.startTime && !o.endTime) throw bizError('个人设置须延长时间或指定个人时间段');
    let key: string;
    let name: string | null = null;
    if (o.userId) {
      const [u] = await db
        .select({ id: sysUser.id, realname: sysUser.realname })
        .from(sysUser)
        .where(and(eq(sysUser.id, o.userId), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)));
      if (!u) throw bizError('个人设置中有不存在的用户');
      key = `u:${u.id}`;
      name = u.realname;
    } else {
      const [r] = await db
        .select({ id: answerReservation.id, name: answerReservation.name })
        .from(answerReservation)
        .where(
          and(
            eq(answerReservation.id, o.reservationId!),
            eq(answerReservation.delFlag, 0),
            tenantWhere(answerReservation, tenancy),
          ),
        );
      if (!r) throw bizError('个人设置中有不存在的预约');
      key = `r:${r.id}`;
      name = r.name;
    }
    if (seen.has(key)) throw bizError(`个人设置重复：${name ?? key}`);
    seen.add(key);
    rows.push({
      id: newId(),
      examId,
      candidateKey: key,
      userId: o.userId ?? null,
      reservationId: o.reservationId ?? null,
      candidateName: name,
      extraMinutes: o.extraMinutes,
      startTime: o.startTime ?? null,
      endTime: o.endTime ?? null,
      remark: o.remark ?? null,
      createBy: actor.user.username,
      createTime: new Date(),
      tenantId: stampTenantId(tenancy),
    });
  }
  return rows;
}

/** a tenancy's tenant id for drawing (null: every tenant) */
const drawTenant = (t: Tenancy) => (t.kind === 'tenant' ? t.id : null);

export async function addExam(app: FastifyInstance, actor: Actor, p: ExamInput): Promise<string> {
  const { db } = app.ctx;
  if (p.endTime <= p.startTime) throw bizError('结束时间必须晚于开始时间');
  await checkParticipants(db, actor.tenancy, p);
  // the paper must exist in the tenant and its rules must be met (the bank answers which rule lacks questions)
  const paper = await drawSnapshot(db, p.paperId, drawTenant(actor.tenancy));
  const id = newId();
  const overrides = await overrideRows(db, actor.tenancy, id, p.overrides ?? [], actor);
  await db.transaction(async (tx) => {
    await tx.insert(quizExam).values({
      id,
      name: p.name,
      paperId: p.paperId,
      paperName: paper.name,
      startTime: p.startTime,
      endTime: p.endTime,
      duration: p.duration ?? paper.duration,
      attempts: p.attempts ?? 1,
      userIds: idsOf(p.userIds).join(',') || null,
      departIds: idsOf(p.departIds).join(',') || null,
      sessionId: p.sessionId ?? null,
      shuffleQuestions: p.shuffleQuestions ?? 0,
      shuffleOptions: p.shuffleOptions ?? 0,
      drawPerCandidate: p.drawPerCandidate ?? 0,
      partialScore: p.partialScore ?? 0,
      showResult: p.showResult ?? '2',
      maxSwitches: p.maxSwitches ?? 0,
      instructions: p.instructions ?? null,
      totalScore: paper.totalScore,
      passScore: paper.passScore,
      createBy: actor.user.username,
      createTime: new Date(),
      sysOrgCode: actor.user.orgCode ?? null,
      tenantId: stampTenantId(actor.tenancy),
    });
    if (overrides.length) await tx.insert(quizExamOverride).values(overrides);
  });
  return id;
}

export async function editExam(
  app: FastifyInstance,
  actor: Actor,
  p: { id: string } & Partial<ExamInput>,
): Promise<void> {
  const { db } = app.ctx;
  const cur = await findExam(db, p.id, actor.tenancy);
  if (cur.closed === 1) throw bizError('已结束的考试不能编辑');
  const merged = {
    userIds: p.userIds === undefined ? cur.userIds : p.userIds,
    departIds: p.departIds === undefined ? cur.departIds : p.departIds,
    sessionId: p.sessionId === undefined ? cur.sessionId : p.sessionId,
  };
  const startTime = p.startTime ?? cur.startTime;
  const endTime = p.endTime ?? cur.endTime;
  if (endTime <= startTime) throw bizError('结束时间必须晚于开始时间');
  await checkParticipants(db, actor.tenancy, merged);
  const paperChanged = p.paperId !== undefined && p.paperId !== cur.paperId;
  let paper: Awaited<ReturnType<typeof drawSnapshot>> | undefined;
  if (paperChanged) {
    if ((await attemptCount(db, cur.id)) > 0) throw bizError(MSG.hasAttempts);
    paper = await drawSnapshot(db, p.paperId!, drawTenant(actor.tenancy));
  }
  const overrides =
    p.overrides === undefined ? undefined : await overrideRows(db, actor.tenancy, cur.id, p.overrides, actor);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await tx.select().from(quizExam).where(eq(quizExam.id, cur.id)).for('update');
    if (paperChanged && (await attemptCount(t, cur.id)) > 0) throw bizError(MSG.hasAttempts);
    await tx
      .update(quizExam)
      .set({
        name: p.name ?? cur.name,
        startTime,
        endTime,
        duration: p.duration ?? (paper ? paper.duration : cur.duration),
        attempts: p.attempts ?? cur.attempts,
        userIds: merged.userIds === null ? null : idsOf(merged.userIds).join(',') || null,
        departIds: merged.departIds === null ? null : idsOf(merged.departIds).join(',') || null,
        sessionId: merged.sessionId ?? null,
        shuffleQuestions: p.shuffleQuestions ?? cur.shuffleQuestions,
        shuffleOptions: p.shuffleOptions ?? cur.shuffleOptions,
        drawPerCandidate: p.drawPerCandidate ?? cur.drawPerCandidate,
        partialScore: p.partialScore ?? cur.partialScore,
        showResult: p.showResult ?? cur.showResult,
        maxSwitches: p.maxSwitches ?? cur.maxSwitches,
        instructions: p.instructions === undefined ? cur.instructions : p.instructions,
        ...(paper
          ? {
              paperId: p.paperId!,
              paperName: paper.name,
              totalScore: paper.totalScore,
              passScore: paper.passScore,
              // a published exam takes the new paper's snapshot at once
              paperSnapshot: locked.published === 1 ? stripDuration(paper) : null,
            }
          : {}),
        version: sql`${quizExam.version} + 1`,
        updateBy: actor.user.username,
        updateTime: new Date(),
      })
      .where(eq(quizExam.id, cur.id));
    if (overrides) {
      await tx.delete(quizExamOverride).where(eq(quizExamOverride.examId, cur.id));
      if (overrides.length) await tx.insert(quizExamOverride).values(overrides);
      await recomputeOpenDeadlines(t, cur.id);
    } else if (p.endTime || p.startTime || p.duration) {
      await recomputeOpenDeadlines(t, cur.id);
    }
  });
  await examChanged(app.ctx, cur.id);
}

/**
 * Open attempts follow a change of the exam's end, duration or their override: deadline = min(window end, start +
 * minutes), recomputed in one statement (never before now: an attempt whose new deadline passed is submitted by the
 * job within the minute).
 */
export async function recomputeOpenDeadlines(db: Db, examId: string): Promise<void> {
  const ov = (col: string) =>
    sql`(select o.${sql.raw(col)} from quiz_exam_override o where o.exam_id = a.exam_id and o.candidate_key = a.candidate_key)`;
  await db.execute(sql`
    update quiz_attempt a set deadline = least(
        coalesce(${ov('end_time')}, e.end_time + make_interval(mins => coalesce(${ov('extra_minutes')}, 0))),
        a.start_time + make_interval(mins => e.duration + coalesce(${ov('extra_minutes')}, 0)))
      from quiz_exam e
     where e.id = ${examId} and a.exam_id = e.id and a.status = '0'`);
}

const stripDuration = (p: Awaited<ReturnType<typeof drawSnapshot>>) => {
  const { duration: _d, ...rest } = p;
  return rest;
};

export async function deleteExam(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const { db } = app.ctx;
  await db.transaction(async (tx) => {
    const cur = await findExam(tx as unknown as Db, id, actor.tenancy, true);
    if ((await attemptCount(tx as unknown as Db, cur.id)) > 0) throw bizError(MSG.deleteWithAttempts);
    await tx
      .update(quizExam)
      .set({ delFlag: 1, updateBy: actor.user.username, updateTime: new Date() })
      .where(eq(quizExam.id, id));
  });
  await examChanged(app.ctx, id);
}

export async function publishExam(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const { db } = app.ctx;
  const cur = await findExam(db, id, actor.tenancy);
  if (cur.published === 1) throw bizError('该考试已发布，无需重复发布');
  if (cur.endTime < new Date()) throw bizError('考试结束时间已过，不能发布');
  await checkParticipants(db, actor.tenancy, cur);
  // the paper as it is now: the exam keeps this copy (drawn sections drawn once, unless drawn per candidate)
  const paper = await drawSnapshot(db, cur.paperId, drawTenant(actor.tenancy));
  if (!paper.questions.length) throw bizError('试卷没有题目，不能发布');
  const rows = await db
    .update(quizExam)
    .set({
      published: 1,
      publishTime: new Date(),
      publishBy: actor.user.username,
      paperSnapshot: stripDuration(paper),
      paperName: paper.name,
      totalScore: paper.totalScore,
      passScore: paper.passScore,
      version: sql`${quizExam.version} + 1`,
      updateBy: actor.user.username,
      updateTime: new Date(),
    })
    .where(and(eq(quizExam.id, id), eq(quizExam.published, 0)))
    .returning({ id: quizExam.id });
  if (!rows.length) throw bizError('该考试已发布，无需重复发布');
  await examChanged(app.ctx, id);
}

/** ends the exam now; open attempts are submitted (and graded) at once */
export async function closeExam(app: FastifyInstance, actor: Actor, id: string): Promise<number> {
  const { db } = app.ctx;
  const cur = await findExam(db, id, actor.tenancy);
  if (cur.published !== 1) throw bizError('考试尚未发布');
  if (cur.closed === 1) throw bizError('该考试已结束');
  await db
    .update(quizExam)
    .set({
      closed: 1,
      closeTime: new Date(),
      version: sql`${quizExam.version} + 1`,
      updateBy: actor.user.username,
      updateTime: new Date(),
    })
    .where(eq(quizExam.id, id));
  await examChanged(app.ctx, id);
  return submitOpenAttemptsOfExam(app, id, 'close');
}

// ---------------------------------------------------------------- wire

export function examJson(e: ExamRow, extra: Record<string, unknown> = {}, now = new Date()) {
  const { paperSnapshot, tenantId: _t, ...rest } = e;
  const status = examStatus(e, now);
  const snap = paperSnapshot as { questions?: unknown[] } | null;
  return {
    ...rowJson(rest),
    status,
    status_dictText: EXAM_STATUS_TEXT[status],
    questionCount: snap?.questions?.length ?? null,
    ...extra,
  };
}

const IdQuery = z.object({ id: requiredStr('id', 36) });
const idFrom = (req: FastifyRequest) => {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  return parse(IdQuery, { id: b.id ?? q.id }).id;
};

export function registerExamRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;

  app.get(
    '/answer/exam/list',
    { config: { access: { menu: [EXAM_PAGE, RESULT_PAGE, 'answer/GradingList'] } } },
    async (req) => {
      const now = new Date();
      const q = (req.query ?? {}) as Record<string, unknown>;
      const raw = typeof q.status === 'string' ? q.status.trim() : '';
      let statusWhere: SQL | undefined;
      if (raw) {
        const conds = raw.split(',').map((s) => examStatusWhere(s.trim(), now));
        if (conds.some((c) => !c)) throw badRequest('参数 status 有误：只能是 0、1、2、3');
        statusWhere = conds.length === 1 ? conds[0] : sql`(${sql.join(conds as SQL[], sql` or `)})`;
      }
      const { status: _s, ...rest } = q;
      const page = await listPage(app.ctx, examList, rest, {
        tenant: tenantOf(req),
        where: statusWhere,
        extras: {
          status: (r) =>
            examStatusSql(
              { published: r('published'), closed: r('closed'), start: r('startTime'), end: r('endTime') },
              now,
            ),
          attemptCount: (r) => sql`(select count(*)::int from quiz_attempt a where a.exam_id = ${r('id')})`,
          submittedCount: (r) =>
            sql`(select count(*)::int from quiz_attempt a where a.exam_id = ${r('id')} and a.status in ('1','2'))`,
          sessionName: (r) => sql`(select s.name from answer_session s where s.id = ${r('sessionId')})`,
        },
      });
      for (const r of page.records) {
        r.status_dictText = EXAM_STATUS_TEXT[String(r.status)] ?? '';
        delete r.tenantId;
      }
      return ok(page);
    },
  );

  app.get(
    '/answer/exam/queryById',
    { config: { access: { menu: [EXAM_PAGE, RESULT_PAGE, 'answer/GradingList'] } } },
    async (req) => {
      const id = idFrom(req);
      const e = await findExam(db, id, tenantOf(req));
      const overrides = await db.select().from(quizExamOverride).where(eq(quizExamOverride.examId, id));
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(quizAttempt)
        .where(eq(quizAttempt.examId, id));
      let sessionName: string | null = null;
      if (e.sessionId) {
        const [s] = await db
          .select({ name: answerSession.name })
          .from(answerSession)
          .where(eq(answerSession.id, e.sessionId));
        sessionName = s?.name ?? null;
      }
      return ok(
        examJson(e, {
          attemptCount: n,
          sessionName,
          overrides: overrides.map((o) => {
            const { tenantId: _t, ...rest } = o;
            return rowJson(rest);
          }),
        }),
      );
    },
  );

  app.post('/answer/exam/add', { config: { access: { perm: 'exam:add' } } }, async (req) => {
    const p = parse(ExamAdd, req.body);
    const id = await addExam(app, actorOf(req), p);
    return ok(id, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/exam/edit',
    config: { access: { perm: 'exam:edit' } },
    handler: async (req) => {
      const p = parse(ExamEdit, req.body);
      await editExam(app, actorOf(req), p);
      return ok(null, '编辑成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/exam/delete',
    config: { access: { perm: 'exam:delete' } },
    handler: async (req) => {
      await deleteExam(app, actorOf(req), idFrom(req));
      return ok(null, '删除成功!');
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/exam/publish',
    config: { access: { perm: 'exam:publish' } },
    handler: async (req) => {
      await publishExam(app, actorOf(req), idFrom(req));
      return ok(null, '发布成功');
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/exam/close',
    config: { access: { perm: 'exam:close' } },
    handler: async (req) => {
      const n = await closeExam(app, actorOf(req), idFrom(req));
      return ok({ submitted: n }, n ? `考试已结束，${n} 份未交的答卷已自动交卷` : '考试已结束');
    },
  });
}

export { EXAM_STATUS };
