import { randomBytes } from 'node:crypto';
import { ok } from '@answer/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import {
  type AttemptSnapshot,
  answerReservation,
  answerSession,
  quizAnswer,
  quizAttempt,
  quizCandidateSession,
  sysUserDepart,
} from '../../db/schema/index.ts';
import { type OutsideCandidate, outsideCandidateOf, setCandidateResolver } from '../../platform/candidate-access.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { fanOutHealthy, LocalCache } from '../../platform/local-cache.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { hashToken } from '../../platform/sessions.ts';
import { type Tenancy, tenantOf } from '../../platform/tenant-scope.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import {
  type AttemptMeta,
  attemptMeta,
  type ExamDef,
  examDef,
  metaOf,
  publicQuestion,
  rememberAttempt,
} from './exam-cache.ts';
import { drawSnapshot, serveSnapshot } from './paper.ts';
import {
  ATTEMPT_STATUS,
  ATTEMPT_STATUS_TEXT,
  EXAM_STATUS,
  EXAM_STATUS_TEXT,
  examStatus,
  idsOf,
  MSG,
  resultVisible,
  windowOf,
} from './rules.ts';
import { SaveBatcher } from './save-batch.ts';
import { normalizeAnswer } from './scoring.ts';
import { DB_NOW, type SubmitBy, submitAttempt } from './submit.ts';

/**
 * The answering page's calls (quiz contract §2; docs/decisions/068-…, 069-…): route access `'candidate'` — a signed-in
 * system user, or an outside person with the token of `/answer/candidate/login`. Every call works on the caller's own
 * attempts only (an attempt of someone else reads as not found); the right answers and the analysis leave the server
 * only through `result`, and only when the exam's `showResult` allows.
 */

/** who answers: a system user (u:<id>) or an outside person's reservation (r:<id>) */
export interface Candidate {
  key: string;
  userId: string | null;
  reservationId: string | null;
  /** outside persons: the 答题场次 of their reservation */
  sessionId: string | null;
  name: string;
  orgCode: string | null;
  tenancy: Tenancy;
}

export function candidateOf(req: FastifyRequest): Candidate {
  const o = outsideCandidateOf(req);
  if (o) {
    return {
      key: `r:${o.reservationId}`,
      userId: null,
      reservationId: o.reservationId,
      sessionId: o.sessionId,
      name: o.name ?? '',
      orgCode: null,
      tenancy: { kind: 'tenant', id: o.tenantId },
    };
  }
  const u = req.auth!.user;
  return {
    key: `u:${u.id}`,
    userId: u.id,
    reservationId: null,
    sessionId: null,
    name: u.realname ?? u.username,
    orgCode: u.orgCode ?? null,
    tenancy: tenantOf(req),
  };
}

const inTenant = (tenantId: number, t: Tenancy) => t.kind === 'all' || t.id === tenantId;

/** reservations that may sit an exam of their session */
const SEATED = ['1', '2'];

/** whether the candidate is a participant of the exam (tenant, users, departments, session reservations) */
export async function isParticipant(ctx: AppContext, def: ExamDef, c: Candidate): Promise<boolean> {
  const e = def.exam;
  if (!inTenant(e.tenantId, c.tenancy)) return false;
  if (c.reservationId) {
    if (!e.sessionId || e.sessionId !== c.sessionId) return false;
    const [r] = await ctx.db
      .select({ status: answerReservation.status })
      .from(answerReservation)
      .where(and(eq(answerReservation.id, c.reservationId), eq(answerReservation.delFlag, 0)));
    return !!r && SEATED.includes(r.status);
  }
  const uid = c.userId!;
  if (idsOf(e.userIds).includes(uid)) return true;
  const departs = idsOf(e.departIds);
  if (departs.length) {
    const mine = await ctx.db
      .select({ dep: sysUserDepart.depId })
      .from(sysUserDepart)
      .where(eq(sysUserDepart.userId, uid));
    if (mine.some((m) => departs.includes(m.dep))) return true;
  }
  if (e.sessionId) {
    const [r] = await ctx.db
      .select({ id: answerReservation.id })
      .from(answerReservation)
      .where(
        and(
          eq(answerReservation.sessionId, e.sessionId),
          eq(answerReservation.userId, uid),
          eq(answerReservation.delFlag, 0),
          sql`${answerReservation.status} in ('1','2')`,
        ),
      )
      .limit(1);
    if (r) return true;
  }
  return false;
}

/** the exam, refused unless it is open to the candidate (published, theirs, tenant) */
async function openExam(ctx: AppContext, examId: string, c: Candidate): Promise<ExamDef> {
  const def = await examDef(ctx, examId);
  if (def?.exam.published !== 1 || !(await isParticipant(ctx, def, c))) throw bizError(MSG.notOpen);
  return def;
}

interface OpenRow {
  id: string;
  attempt_no: number;
  switch_count: number;
  deadline_ms: number | string;
  now_ms: number | string;
  expired: boolean;
  answers: Record<string, string> | string | null;
}

const toMs = (v: number | string) => Number(v);

interface AttemptRow {
  id: string;
  examId: string;
  candidateKey: string;
  attemptNo: number;
  status: string;
  snapshot: AttemptSnapshot;
  startTime: Date;
  deadline: Date;
  submitTime: Date | null;
  switchCount: number;
  totalScore: number | null;
  objectiveScore: number | null;
  subjectiveScore: number | null;
  pass: number | null;
  tenantId: number;
}

function startAnswer(
  def: ExamDef,
  meta: AttemptMeta,
  a: { id: string; attemptNo: number; status: string; switchCount: number; deadlineMs: number },
  nowMs: number,
  answers: Record<string, string>,
) {
  return {
    attemptId: a.id,
    attemptNo: a.attemptNo,
    examId: def.exam.id,
    examName: def.exam.name,
    status: a.status,
    deadline: formatDateTime(new Date(a.deadlineMs)),
    now: formatDateTime(new Date(nowMs)),
    /** the server's remaining time (the page counts down from this, never from its own clock) */
    remainingMs: Math.max(0, Math.round(a.deadlineMs - nowMs)),
    switchCount: a.switchCount,
    maxSwitches: def.exam.maxSwitches,
    totalScore: meta.view.totalScore,
    sections: meta.view.sections,
    questions: meta.view.questions,
    answers,
  };
}

const ExamIdBody = z.object({ examId: requiredStr('examId', 36) });
const AttemptBody = z.object({ attemptId: requiredStr('attemptId', 36) });
const SaveBody = z.object({
  attemptId: requiredStr('attemptId', 36),
  questionId: requiredStr('questionId', 36),
  answer: z.unknown(),
});
const LoginBody = z.object({
  reservationNo: requiredStr('预约编号', 64),
  idCard: requiredStr('身份证号', 18),
});

const CANDIDATE_TTL_MS = 12 * 3_600_000;

async function dbNow(ctx: AppContext): Promise<Date> {
  const [r] = await queryRows<{ now: string | Date }>(ctx.db, sql`select ${DB_NOW} as now`);
  return r.now instanceof Date ? r.now : new Date(`${String(r.now).replace(' ', 'T')}Z`);
}

/** the attempt if it is the candidate's (else "not found": nobody learns that someone else's id exists) */
async function ownAttempt(ctx: AppContext, attemptId: string, c: Candidate): Promise<AttemptRow> {
  const [a] = await ctx.db.select().from(quizAttempt).where(eq(quizAttempt.id, attemptId)).limit(1);
  if (!a || a.candidateKey !== c.key) throw bizError(MSG.attemptNotFound);
  return a as AttemptRow;
}

function resultOf(
  def: ExamDef,
  a: AttemptRow,
  answers: Map<string, { answer: string; score: number | null; comment: string | null }>,
) {
  const visible = resultVisible(def.exam, a);
  const base = {
    attemptId: a.id,
    examId: a.examId,
    examName: def.exam.name,
    status: a.status,
    status_dictText: ATTEMPT_STATUS_TEXT[a.status],
    startTime: formatDateTime(a.startTime),
    submitTime: formatDateTime(a.submitTime),
    switchCount: a.switchCount,
    visible,
  };
  if (!visible) {
    return {
      ...base,
      message:
        a.status === ATTEMPT_STATUS.open
          ? '尚未交卷'
          : def.exam.showResult === '0'
            ? '本考试不公布成绩'
            : MSG.resultHidden,
    };
  }
  return {
    ...base,
    totalScore: a.totalScore == null ? null : Number(a.totalScore),
    objectiveScore: a.objectiveScore == null ? null : Number(a.objectiveScore),
    subjectiveScore: a.subjectiveScore == null ? null : Number(a.subjectiveScore),
    pass: a.status === ATTEMPT_STATUS.graded ? a.pass === 1 : null,
    passScore: a.snapshot.passScore,
    fullScore: a.snapshot.totalScore,
    /** 已交卷 with 简答 answers waiting: the total is not final */
    pending: a.status !== ATTEMPT_STATUS.graded,
    sections: a.snapshot.sections,
    questions: a.snapshot.questions.map((q) => {
      const mine = answers.get(q.id);
      return {
        ...publicQuestion(q),
        rightAnswer: q.answer,
        analysis: q.analysis,
        myAnswer: mine?.answer ?? '',
        myScore: mine?.score == null ? null : Number(mine.score),
        comment: mine?.comment ?? null,
      };
    }),
  };
}

// ---------------------------------------------------------------- outside persons' tokens

function candidateTokens(ctx: AppContext) {
  const cache = new LocalCache<OutsideCandidate>({ ttlMs: 60_000, max: 100_000, trusted: fanOutHealthy(ctx.pubsub) });
  setCandidateResolver(ctx, async (token) => {
    const h = hashToken(token);
    const hit = cache.peek(h);
    if (hit) return hit;
    const [row] = await ctx.db
      .select()
      .from(quizCandidateSession)
      .where(and(eq(quizCandidateSession.tokenHash, h), sql`${quizCandidateSession.expiresAt} > ${DB_NOW}`))
      .limit(1);
    if (!row) return null;
    const c: OutsideCandidate = {
      reservationId: row.reservationId,
      sessionId: row.sessionId,
      name: row.name,
      tenantId: row.tenantId,
      tokenHash: h,
    };
    cache.set(h, c);
    return c;
  });
}

// ---------------------------------------------------------------- routes

export function registerCandidateRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;
  candidateTokens(ctx);
  const access = { access: 'candidate' as const };

  app.post(
    '/answer/candidate/login',
    {
      config: {
        access: 'public',
        rateLimit: { bucket: 'auth:candidateLogin', max: ctx.config.authRateLimitPerMinute, windowMs: 60_000 },
      },
    },
    async (req) => {
      const p = parse(LoginBody, req.body);
      const [r] = await db
        .select()
        .from(answerReservation)
        .where(
          and(
            eq(answerReservation.reservationNo, p.reservationNo.trim()),
            eq(answerReservation.delFlag, 0),
            eq(answerReservation.personType, '2'),
          ),
        )
        .limit(1);
      // one message for every wrong pair (unknown number, other ID, a system user's reservation)
      if (!r || (r.idCard ?? '').toUpperCase() !== p.idCard.trim().toUpperCase()) throw bizError(MSG.badLogin);
      if (!SEATED.includes(r.status)) throw bizError('预约尚未确认或已取消，不能参加考试');
      const now = new Date();
      const exams = await queryRows<{ id: string }>(
        db,
        sql`select id from quiz_exam where session_id = ${r.sessionId} and del_flag = 0 and published = 1
             and closed = 0 and end_time >= ${now.toISOString()}::timestamp limit 1`,
      );
      if (!exams.length) throw bizError('该场次没有可参加的考试');
      const [s] = await db
        .select({ name: answerSession.name })
        .from(answerSession)
        .where(eq(answerSession.id, r.sessionId));
      const token = `c.${randomBytes(32).toString('base64url')}`;
      await db.insert(quizCandidateSession).values({
        tokenHash: hashToken(token),
        reservationId: r.id,
        sessionId: r.sessionId,
        name: r.name,
        tenantId: r.tenantId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CANDIDATE_TTL_MS),
        ip: req.ip,
      });
      return ok({ token, name: r.name, reservationNo: r.reservationNo, sessionName: s?.name ?? null }, '登录成功');
    },
  );

  app.get('/answer/candidate/exams', { config: access }, async (req) => {
    const c = candidateOf(req);
    const tenantCond = c.tenancy.kind === 'all' ? sql`true` : sql`e.tenant_id = ${c.tenancy.id}`;
    const who = c.reservationId
      ? sql`e.session_id = ${c.sessionId}`
      : sql`((',' || coalesce(e.user_ids, '') || ',') like ${`%,${c.userId},%`}
          or exists (select 1 from sys_user_depart ud where ud.user_id = ${c.userId}
                      and (',' || coalesce(e.depart_ids, '') || ',') like '%,' || ud.dep_id || ',%')
          or (e.session_id is not null and exists (select 1 from answer_reservation r where r.session_id = e.session_id
                      and r.user_id = ${c.userId} and r.del_flag = 0 and r.status in ('1','2'))))`;
    const ids = await queryRows<{ id: string }>(
      db,
      sql`select e.id from quiz_exam e
           where e.del_flag = 0 and e.published = 1 and ${tenantCond} and ${who}
             and (e.closed = 0 and e.end_time >= ${DB_NOW} - interval '30 days'
                  or exists (select 1 from quiz_attempt a where a.exam_id = e.id and a.candidate_key = ${c.key}))
           order by e.start_time desc limit 100`,
    );
    const mine = ids.length
      ? await db
          .select()
          .from(quizAttempt)
          .where(
            and(
              eq(quizAttempt.candidateKey, c.key),
              sql`${quizAttempt.examId} in (${sql.join(
                ids.map((i) => sql`${i.id}`),
                sql`, `,
              )})`,
            ),
          )
      : [];
    const now = new Date();
    const out = [];
    for (const { id } of ids) {
      const def = await examDef(ctx, id);
      if (!def) continue;
      if (c.reservationId && !(await isParticipant(ctx, def, c))) continue;
      const e = def.exam;
      const w = windowOf(e, def.overrides.get(c.key));
      const status = examStatus({ ...e, startTime: w.start, endTime: w.end }, now);
      const attempts = (mine.filter((a) => a.examId === id) as AttemptRow[]).sort((a, b) => a.attemptNo - b.attemptNo);
      const open = attempts.find((a) => a.status === ATTEMPT_STATUS.open);
      const done = attempts.filter((a) => a.status !== ATTEMPT_STATUS.open).length;
      let canStart = false;
      let reason: string | null = null;
      if (open) canStart = true;
      else if (status === EXAM_STATUS.published) reason = MSG.notStarted;
      else if (status === EXAM_STATUS.ended) reason = MSG.ended;
      else if (done >= e.attempts) reason = MSG.noMoreAttempts(e.attempts);
      else canStart = true;
      out.push({
        id: e.id,
        name: e.name,
        startTime: formatDateTime(w.start),
        endTime: formatDateTime(w.end),
        duration: w.minutes,
        attempts: e.attempts,
        totalScore: e.totalScore == null ? null : Number(e.totalScore),
        passScore: e.passScore == null ? null : Number(e.passScore),
        questionCount: (e.paperSnapshot as { questions?: unknown[] } | null)?.questions?.length ?? null,
        maxSwitches: e.maxSwitches,
        showResult: e.showResult,
        instructions: e.instructions,
        status,
        status_dictText: EXAM_STATUS_TEXT[status],
        canStart,
        reason,
        openAttemptId: open?.id ?? null,
        myAttempts: attempts.map((a) => {
          const visible = resultVisible(e, a);
          return {
            attemptId: a.id,
            attemptNo: a.attemptNo,
            status: a.status,
            status_dictText: ATTEMPT_STATUS_TEXT[a.status],
            startTime: formatDateTime(a.startTime),
            submitTime: formatDateTime(a.submitTime),
            deadline: formatDateTime(a.deadline),
            visible,
            totalScore: visible && a.totalScore != null ? Number(a.totalScore) : null,
            pass: visible && a.status === ATTEMPT_STATUS.graded ? a.pass === 1 : null,
          };
        }),
      });
    }
    return ok(out);
  });

  app.post('/answer/candidate/start', { config: access }, async (req) => {
    const c = candidateOf(req);
    const { examId } = parse(ExamIdBody, req.body);
    const def = await openExam(ctx, examId, c);
    const e = def.exam;
    const override = def.overrides.get(c.key);
    // an open attempt continues (reload, another device) — unless its time is up: then it is submitted here
    for (let round = 0; round < 3; round++) {
      // one statement: the open attempt, the database's clock, the saved answers
      const [cur] = await queryRows<OpenRow>(
        db,
        sql`select a.id, a.attempt_no, a.switch_count,
                   (extract(epoch from a.deadline) * 1000)::float8 as deadline_ms,
                   (extract(epoch from ${DB_NOW}) * 1000)::float8 as now_ms,
                   a.deadline <= ${DB_NOW} as expired,
                   (select coalesce(json_object_agg(x.question_id, x.answer), '{}'::json) from quiz_answer x
                     where x.attempt_id = a.id and x.answer <> '') as answers
              from quiz_attempt a
             where a.exam_id = ${examId} and a.candidate_key = ${c.key} and a.status = '0' limit 1`,
      );
      if (cur && !cur.expired) {
        const meta = await attemptMeta(ctx, cur.id);
        if (!meta) throw bizError(MSG.attemptNotFound);
        return ok(
          startAnswer(
            def,
            meta,
            {
              id: cur.id,
              attemptNo: cur.attempt_no,
              status: ATTEMPT_STATUS.open,
              switchCount: cur.switch_count,
              deadlineMs: Number(cur.deadline_ms),
            },
            Number(cur.now_ms),
            (typeof cur.answers === 'string' ? JSON.parse(cur.answers) : cur.answers) ?? {},
          ),
        );
      }
      if (cur) await submitAttempt(app, cur.id, 'timeout');
      const now = await dbNow(ctx);
      const w = windowOf(e, override);
      if (e.closed === 1 || now > w.end) throw bizError(MSG.ended);
      if (now < w.start) throw bizError(MSG.notStarted);
      const [{ n }] = await queryRows<{ n: number }>(
        db,
        sql`select coalesce(max(attempt_no), 0)::int as n from quiz_attempt where exam_id = ${examId} and candidate_key = ${c.key}`,
      );
      if (n >= e.attempts) throw bizError(MSG.noMoreAttempts(e.attempts));
      const base =
        e.drawPerCandidate === 1 || !e.paperSnapshot
          ? await drawSnapshot(db, e.paperId, e.tenantId)
          : (e.paperSnapshot as AttemptSnapshot);
      const snapshot = serveSnapshot(base, {
        shuffleQuestions: e.shuffleQuestions === 1,
        shuffleOptions: e.shuffleOptions === 1,
      });
      const { duration: _d, ...clean } = snapshot as AttemptSnapshot & { duration?: number };
      const id = newId();
      let row: { start_time: number; deadline: number };
      const endSql = override?.endTime
        ? sql`${override.endTime.toISOString()}::timestamp`
        : sql`${new Date(e.endTime.getTime() + (override?.extraMinutes ?? 0) * 60_000).toISOString()}::timestamp`;
      try {
        [row] = await queryRows<{ start_time: number; deadline: number }>(
          db,
          sql`insert into quiz_attempt (id, exam_id, candidate_key, user_id, reservation_id, candidate_name, org_code,
                  attempt_no, snapshot, start_time, deadline, status, switch_count, tenant_id)
              values (${id}, ${examId}, ${c.key}, ${c.userId}, ${c.reservationId}, ${c.name}, ${c.orgCode}, ${n + 1},
                  ${JSON.stringify(clean)}::jsonb, ${DB_NOW},
                  least(${endSql}, ${DB_NOW} + make_interval(mins => ${w.minutes})), '0', 0, ${e.tenantId})
              returning (extract(epoch from start_time) * 1000)::float8 as start_time,
                        (extract(epoch from deadline) * 1000)::float8 as deadline`,
        );
      } catch (err) {
        // another request of the same candidate won the race (one open attempt; attempt numbers unique): use theirs
        if (
          (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (err as { cause?: { code?: string } }).cause?.code === '23505'
        )
          continue;
        throw err;
      }
      const meta = metaOf({ examId, candidateKey: c.key, tenantId: e.tenantId, snapshot: clean });
      rememberAttempt(ctx, id, meta);
      const startMs = toMs(row.start_time);
      return ok(
        startAnswer(
          def,
          meta,
          { id, attemptNo: n + 1, status: ATTEMPT_STATUS.open, switchCount: 0, deadlineMs: toMs(row.deadline) },
          startMs,
          {},
        ),
      );
    }
    throw bizError('开始考试失败，请重试');
  });

  // the hot call of exam day: one statement when all is well (ADR 068), shared with the saves arriving meanwhile
  const saves = new SaveBatcher(db);
  app.post('/answer/candidate/save', { config: { ...access, audit: false } }, async (req) => {
    const c = candidateOf(req);
    const p = parse(SaveBody, req.body);
    const meta = await attemptMeta(ctx, p.attemptId);
    if (!meta || meta.candidateKey !== c.key) throw bizError(MSG.attemptNotFound);
    const q = meta.questions.get(p.questionId);
    if (!q) throw bizError(MSG.questionNotInAttempt);
    const norm = normalizeAnswer(q, p.answer);
    if ('error' in norm) throw bizError(norm.error);
    // written with the saves that arrive meanwhile, in one statement (save-batch.ts, ADR 075)
    if (await saves.save(p.attemptId, p.questionId, norm.value)) return ok({ saved: true }, '已保存');
    return refuseClosed(app, p.attemptId);
  });

  /** why an attempt takes no more writes: submitted, or its time is up (then it is submitted now) */
  async function refuseClosed(appi: FastifyInstance, attemptId: string, by: SubmitBy = 'timeout'): Promise<never> {
    const [cur] = await queryRows<{ status: string; expired: boolean }>(
      db,
      sql`select status, deadline <= ${DB_NOW} as expired from quiz_attempt where id = ${attemptId}`,
    );
    if (!cur) throw bizError(MSG.attemptNotFound);
    if (cur.status !== ATTEMPT_STATUS.open) throw bizError(MSG.submitted);
    if (cur.expired) {
      await submitAttempt(appi, attemptId, by);
      throw bizError(MSG.timeUp);
    }
    throw bizError(MSG.submitted);
  }

  app.post('/answer/candidate/switch', { config: access }, async (req) => {
    const c = candidateOf(req);
    const { attemptId } = parse(AttemptBody, req.body);
    const meta = await attemptMeta(ctx, attemptId);
    if (!meta || meta.candidateKey !== c.key) throw bizError(MSG.attemptNotFound);
    const [row] = await queryRows<{ switch_count: number }>(
      db,
      sql`update quiz_attempt set switch_count = switch_count + 1
           where id = ${attemptId} and status = '0' and deadline > ${DB_NOW} returning switch_count`,
    );
    if (!row) return refuseClosed(app, attemptId);
    const def = await examDef(ctx, meta.examId);
    const max = def?.exam.maxSwitches ?? 0;
    const count = Number(row.switch_count);
    if (max > 0 && count >= max) {
      const r = await submitAttempt(app, attemptId, 'switch', c.key);
      return ok(
        { switchCount: count, maxSwitches: max, submitted: true, status: r.status },
        `离开页面已达 ${max} 次，已自动交卷`,
      );
    }
    return ok(
      { switchCount: count, maxSwitches: max, submitted: false, status: ATTEMPT_STATUS.open },
      max > 0 ? `已离开页面 ${count} 次，达到 ${max} 次将自动交卷` : `已离开页面 ${count} 次`,
    );
  });

  app.post('/answer/candidate/submit', { config: access }, async (req) => {
    const c = candidateOf(req);
    const { attemptId } = parse(AttemptBody, req.body);
    const a0 = await ownAttempt(ctx, attemptId, c);
    const [t] = await queryRows<{ expired: boolean }>(
      db,
      sql`select ${a0.deadline.toISOString()}::timestamp <= ${DB_NOW} as expired`,
    );
    await submitAttempt(app, attemptId, t.expired ? 'timeout' : 'candidate', c.key);
    const a = await ownAttempt(ctx, attemptId, c);
    const def = await examDef(ctx, a.examId);
    if (!def) throw bizError(MSG.examNotFound);
    const visible = resultVisible(def.exam, a);
    return ok(
      {
        attemptId,
        status: a.status,
        status_dictText: ATTEMPT_STATUS_TEXT[a.status],
        submitTime: formatDateTime(a.submitTime),
        visible,
        totalScore: visible && a.totalScore != null ? Number(a.totalScore) : null,
        pass: visible && a.status === ATTEMPT_STATUS.graded ? a.pass === 1 : null,
        pending: a.status !== ATTEMPT_STATUS.graded,
      },
      '交卷成功',
    );
  });

  app.get('/answer/candidate/result', { config: access }, async (req) => {
    const c = candidateOf(req);
    const { attemptId } = parse(AttemptBody, req.query);
    const a = await ownAttempt(ctx, attemptId, c);
    const def = await examDef(ctx, a.examId);
    if (!def) throw bizError(MSG.examNotFound);
    const rows = await db
      .select({
        q: quizAnswer.questionId,
        answer: quizAnswer.answer,
        score: quizAnswer.score,
        comment: quizAnswer.comment,
      })
      .from(quizAnswer)
      .where(eq(quizAnswer.attemptId, attemptId));
    const answers = new Map(rows.map((r) => [r.q, { answer: r.answer, score: r.score, comment: r.comment }]));
    return ok(resultOf(def, a, answers));
  });
}
