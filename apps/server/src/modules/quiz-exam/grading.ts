import { ok } from '@answer/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { quizAnswer, quizAttempt, quizExam, quizGradeLog } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { parsePaging } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { actorOf, findExam } from './exams.ts';
import { ATTEMPT_STATUS, ATTEMPT_STATUS_TEXT, GRADING_PAGE, MSG } from './rules.ts';
import { gradeError, round2 } from './scoring.ts';
import { refreshTotals } from './submit.ts';

/**
 * 阅卷 (quiz contract §4 grading): 简答 answers graded question by question across candidates, the reference answer
 * beside them; a grade is 0 … the question's score in steps of 0.5 with a comment; every grade and re-grade is written
 * to quiz_grade_log; an attempt becomes 已阅卷 when all its 简答 answers have a grade.
 *
 * An answer's id on the wire is `<attemptId>:<questionId>` (the table's key).
 */

export const answerIdOf = (attemptId: string, questionId: string) => `${attemptId}:${questionId}`;
function splitAnswerId(id: string): { attemptId: string; questionId: string } {
  const i = id.indexOf(':');
  if (i <= 0 || i === id.length - 1) throw bizError('答案 id 不正确');
  return { attemptId: id.slice(0, i), questionId: id.slice(i + 1) };
}

const ExamQuery = z.object({ examId: requiredStr('examId', 36) });
const ListQuery = z.object({
  examId: requiredStr('examId', 36),
  questionId: z.string().max(36).optional(),
  /** 0 waiting, 1 graded, empty = all */
  graded: z.enum(['0', '1', '']).optional(),
});
const GradeBody = z.object({
  answerId: requiredStr('answerId', 80),
  score: z.unknown(),
  comment: z.preprocess((v) => (v == null ? '' : v), z.string().max(1000, '评语不能超过 1000 个字符')),
});

export function registerGradingRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;
  const read = { config: { access: { menu: GRADING_PAGE, perm: 'grading:grade' } } };

  /** the exam's 简答 questions with their progress (how many answers, how many graded) */
  app.get('/answer/grading/questions', read, async (req) => {
    const { examId } = parse(ExamQuery, req.query);
    await findExam(db, examId, tenantOf(req));
    const rows = await queryRows<{
      question_id: string;
      stem: string;
      reference: string;
      score: string;
      total: number;
      graded: number;
    }>(
      db,
      sql`select q->>'id' as question_id, min(q->>'stem') as stem, min(q->>'answer') as reference,
                 max((q->>'score')::numeric)::text as score, count(*)::int as total,
                 count(ans.score)::int as graded, min((q->>'section')::int) as sec, min(q->>'id') as qid
            from quiz_attempt a
            cross join lateral jsonb_array_elements(a.snapshot->'questions') q
            left join quiz_answer ans on ans.attempt_id = a.id and ans.question_id = q->>'id'
           where a.exam_id = ${examId} and a.status in ('1','2') and q->>'type' = '5'
           group by q->>'id'
           order by sec, qid`,
    );
    return ok(
      rows.map((r) => ({
        questionId: r.question_id,
        stem: r.stem,
        referenceAnswer: r.reference,
        score: Number(r.score),
        total: r.total,
        graded: r.graded,
        pending: r.total - r.graded,
      })),
    );
  });

  /** the 简答 answers of an exam (one question, or all), waiting ones first */
  app.get('/answer/grading/list', read, async (req) => {
    const p = parse(ListQuery, req.query);
    const { pageNo, pageSize } = parsePaging(req.query as Record<string, unknown>);
    await findExam(db, p.examId, tenantOf(req));
    const qCond = p.questionId ? sql`and q->>'id' = ${p.questionId}` : sql``;
    const gCond =
      p.graded === '0' ? sql`and ans.score is null` : p.graded === '1' ? sql`and ans.score is not null` : sql``;
    const from = sql`from quiz_attempt a
            cross join lateral jsonb_array_elements(a.snapshot->'questions') q
            left join quiz_answer ans on ans.attempt_id = a.id and ans.question_id = q->>'id'
           where a.exam_id = ${p.examId} and a.status in ('1','2') and q->>'type' = '5' ${qCond}`;
    const [{ total, graded }] = await queryRows<{ total: number; graded: number }>(
      db,
      sql`select count(*)::int as total, count(ans.score)::int as graded ${from}`,
    );
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select a.id as attempt_id, q->>'id' as question_id, q->>'stem' as stem, q->>'answer' as reference,
                 (q->>'score')::numeric::text as full_score, a.candidate_name, a.attempt_no, a.status,
                 coalesce(ans.answer, '') as answer, ans.score::text as score, ans.auto, ans.comment, ans.grader,
                 ans.graded_at, ans.updated_at
          ${from} ${gCond}
          order by (ans.score is not null), a.submit_time, a.id, q->>'id'
          limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
    );
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} ${gCond}`);
    let question: Record<string, unknown> | null = null;
    if (p.questionId && rows.length) {
      question = {
        id: p.questionId,
        stem: rows[0].stem,
        referenceAnswer: rows[0].reference,
        score: Number(rows[0].full_score),
      };
    }
    return ok({
      records: rows.map((r) => ({
        answerId: answerIdOf(String(r.attempt_id), String(r.question_id)),
        attemptId: r.attempt_id,
        questionId: r.question_id,
        stem: r.stem,
        referenceAnswer: r.reference,
        fullScore: Number(r.full_score),
        candidateName: r.candidate_name,
        attemptNo: r.attempt_no,
        attemptStatus: r.status,
        attemptStatus_dictText: ATTEMPT_STATUS_TEXT[String(r.status)],
        answer: r.answer,
        score: r.score == null ? null : Number(r.score),
        graded: r.score != null,
        comment: r.comment ?? null,
        grader: r.grader ?? null,
        gradedAt: formatDateTime(r.graded_at as Date | string | null),
      })),
      total: n,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(n / pageSize),
      question,
      progress: { total, graded, pending: total - graded },
    });
  });

  app.post('/answer/grading/grade', { config: { access: { perm: 'grading:grade' } } }, async (req) => {
    const p = parse(GradeBody, req.body);
    const { attemptId, questionId } = splitAnswerId(p.answerId);
    const actor = actorOf(req);
    const out = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // the attempt row is locked: two graders of the same attempt queue, totals are recomputed one after another
      const [a] = await tx
        .select()
        .from(quizAttempt)
        .where(and(eq(quizAttempt.id, attemptId), tenantWhere(quizAttempt, actor.tenancy)))
        .for('update');
      if (!a) throw bizError(MSG.attemptNotFound);
      const [exam] = await tx
        .select({ id: quizExam.id })
        .from(quizExam)
        .where(and(eq(quizExam.id, a.examId), eq(quizExam.delFlag, 0)));
      if (!exam) throw bizError(MSG.examNotFound);
      if (a.status === ATTEMPT_STATUS.open) throw bizError('答卷尚未提交，不能阅卷');
      const q = a.snapshot.questions.find((x) => x.id === questionId);
      if (!q) throw bizError(MSG.questionNotInAttempt);
      if (q.type !== '5') throw bizError('只有简答题需要人工阅卷');
      const err = gradeError(p.score, q.score);
      if (err) throw bizError(err);
      const score = round2(Number(p.score));
      const [prev] = await tx
        .select()
        .from(quizAnswer)
        .where(and(eq(quizAnswer.attemptId, attemptId), eq(quizAnswer.questionId, questionId)));
      const now = new Date();
      const comment = p.comment.trim() || null;
      if (prev) {
        await tx
          .update(quizAnswer)
          .set({ score, auto: 0, comment, grader: actor.user.username, gradedAt: now })
          .where(and(eq(quizAnswer.attemptId, attemptId), eq(quizAnswer.questionId, questionId)));
      } else {
        await tx.insert(quizAnswer).values({
          attemptId,
          questionId,
          answer: '',
          score,
          auto: 0,
          comment,
          grader: actor.user.username,
          gradedAt: now,
          updatedAt: now,
        });
      }
      await tx.insert(quizGradeLog).values({
        id: newId(),
        attemptId,
        questionId,
        oldScore: prev?.score == null ? null : Number(prev.score),
        newScore: score,
        oldComment: prev?.comment ?? null,
        newComment: comment,
        grader: actor.user.username,
        graderName: actor.user.realname ?? null,
        createTime: now,
      });
      const status = await refreshTotals(t, attemptId);
      return { regrade: prev?.score != null && prev.auto === 0, status };
    });
    return ok(
      { status: out.status, status_dictText: ATTEMPT_STATUS_TEXT[out.status] },
      out.regrade ? '已重新评分（已记录修改）' : '评分成功',
    );
  });

  /** the grade history of one answer (who changed what, when) */
  app.get('/answer/grading/history', read, async (req) => {
    const { answerId } = parse(z.object({ answerId: requiredStr('answerId', 80) }), req.query);
    const { attemptId, questionId } = splitAnswerId(answerId);
    const [a] = await db
      .select({ id: quizAttempt.id })
      .from(quizAttempt)
      .where(and(eq(quizAttempt.id, attemptId), tenantWhere(quizAttempt, tenantOf(req))));
    if (!a) throw bizError(MSG.attemptNotFound);
    const rows = await db
      .select()
      .from(quizGradeLog)
      .where(and(eq(quizGradeLog.attemptId, attemptId), eq(quizGradeLog.questionId, questionId)))
      .orderBy(quizGradeLog.createTime);
    return ok(
      rows.map((r) => ({
        oldScore: r.oldScore == null ? null : Number(r.oldScore),
        newScore: Number(r.newScore),
        oldComment: r.oldComment,
        newComment: r.newComment,
        grader: r.grader,
        graderName: r.graderName,
        createTime: formatDateTime(r.createTime),
      })),
    );
  });
}
