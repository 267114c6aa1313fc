import { ok } from '@answer/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import {
  quizAnswer,
  quizAttempt,
  quizExam,
  sysAnnouncement,
  sysAnnouncementSend,
  sysUser,
} from '../../db/schema/index.ts';
import { pageDataRules } from '../../platform/data-rules.ts';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportXlsx } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listWhere, parsePaging } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { pushAnnouncement } from '../announcement/service.ts';
import { examChanged } from './exam-cache.ts';
import { actorOf, findExam } from './exams.ts';
import { answerIdOf } from './grading.ts';
import { ATTEMPT_STATUS_TEXT, durationText, EXAM_STATUS, examStatus, GRADING_PAGE, MSG, RESULT_PAGE } from './rules.ts';

/**
 * 成绩 and 答题记录 (quiz contract §4): the attempts of an exam with rank, score, pass, time used and leave-page count;
 * one attempt's full sheet (each answer beside the right one); the Excel export; publishing the results (an
 * announcement to the system users who sat the exam, pushed live; outside persons see it on the answering page).
 * The list applies the data rules of the page answer/ResultList (its `sysOrgCode` is the candidate's department
 * when they started).
 */

export const attemptList = defineListEntity({
  table: quizAttempt,
  fields: {
    id: quizAttempt.id,
    examId: quizAttempt.examId,
    candidateName: quizAttempt.candidateName,
    userId: quizAttempt.userId,
    status: quizAttempt.status,
    pass: quizAttempt.pass,
    attemptNo: quizAttempt.attemptNo,
    sysOrgCode: quizAttempt.orgCode,
    startTime: quizAttempt.startTime,
    submitTime: quizAttempt.submitTime,
    totalScore: quizAttempt.totalScore,
    switchCount: quizAttempt.switchCount,
  },
  sortable: ['totalScore', 'startTime', 'submitTime', 'switchCount', 'candidateName'],
  defaultSort: { column: 'totalScore', order: 'desc' },
  searchable: ['candidateName', 'status', 'pass', 'sysOrgCode', 'attemptNo'],
});

const ExamQuery = z.object({ examId: requiredStr('examId', 36) });
const AttemptQuery = z.object({ attemptId: requiredStr('attemptId', 36) });

interface ResultRow {
  id: string;
  candidate_name: string | null;
  user_id: string | null;
  reservation_id: string | null;
  username: string | null;
  depart_name: string | null;
  org_code: string | null;
  attempt_no: number;
  status: string;
  start_time: Date | string;
  submit_time: Date | string | null;
  submit_by: string | null;
  total_score: string | null;
  objective_score: string | null;
  subjective_score: string | null;
  pass: number | null;
  switch_count: number;
  used_seconds: number | null;
  rnk: number | null;
}

async function resultRows(
  db: Db,
  req: FastifyRequest,
  examId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ResultRow[]; total: number }> {
  const q = { ...((req.query ?? {}) as Record<string, unknown>) };
  delete q.examId;
  const rules = await pageDataRules(req.server.ctx, req.auth!.user, RESULT_PAGE);
  const where = listWhere(attemptList, q, {
    tenant: tenantOf(req),
    dataRules: rules,
    where: eq(quizAttempt.examId, examId),
  });
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from quiz_attempt where ${where}`);
  const rows = await queryRows<ResultRow>(
    db,
    sql`with ranked as (
          select id, rank() over (order by total_score desc) as rnk
            from quiz_attempt where exam_id = ${examId} and status in ('1','2'))
        select quiz_attempt.id, candidate_name, quiz_attempt.user_id, reservation_id, u.username,
               (select d.depart_name from sys_depart d where d.org_code = quiz_attempt.org_code limit 1) as depart_name,
               quiz_attempt.org_code, attempt_no, quiz_attempt.status, start_time, submit_time, submit_by,
               total_score::text, objective_score::text, subjective_score::text, pass, switch_count,
               case when submit_time is not null
                    then extract(epoch from (submit_time - start_time))::int end as used_seconds,
               ranked.rnk::int as rnk
          from quiz_attempt
          left join ranked on ranked.id = quiz_attempt.id
          left join sys_user u on u.id = quiz_attempt.user_id
         where ${where}
         order by ranked.rnk nulls last, submit_time, quiz_attempt.id
         limit ${limit} offset ${offset}`,
  );
  return { rows, total: n };
}

function resultJson(r: ResultRow) {
  const num = (v: string | null) => (v == null ? null : Number(v));
  return {
    id: r.id,
    attemptId: r.id,
    rank: r.rnk,
    candidateName: r.candidate_name,
    username: r.username,
    candidateType: r.reservation_id ? '外部人员' : '系统用户',
    departName: r.depart_name ?? (r.reservation_id ? '外部人员' : null),
    attemptNo: r.attempt_no,
    status: r.status,
    status_dictText: ATTEMPT_STATUS_TEXT[r.status],
    totalScore: num(r.total_score),
    objectiveScore: num(r.objective_score),
    subjectiveScore: num(r.subjective_score),
    pass: r.pass,
    pass_dictText: r.pass == null ? '' : r.status === '2' ? (r.pass === 1 ? '及格' : '不及格') : '待阅卷',
    startTime: formatDateTime(r.start_time),
    submitTime: formatDateTime(r.submit_time),
    submitBy: r.submit_by,
    usedSeconds: r.used_seconds,
    usedText: durationText(r.used_seconds),
    switchCount: r.switch_count,
  };
}

const EXCEL: readonly ExcelColumn[] = [
  { key: 'rank', title: '排名', width: 8 },
  { key: 'candidateName', title: '姓名', width: 14 },
  { key: 'username', title: '账号', width: 14 },
  { key: 'departName', title: '部门', width: 18 },
  { key: 'attemptNo', title: '第几次', width: 8 },
  { key: 'status_dictText', title: '状态', width: 10 },
  { key: 'totalScore', title: '总分', width: 10 },
  { key: 'objectiveScore', title: '客观题得分', width: 12 },
  { key: 'subjectiveScore', title: '主观题得分', width: 12 },
  { key: 'pass_dictText', title: '是否及格', width: 10 },
  { key: 'startTime', title: '开始时间', width: 20 },
  { key: 'submitTime', title: '交卷时间', width: 20 },
  { key: 'usedText', title: '用时', width: 14 },
  { key: 'switchCount', title: '切屏次数', width: 10 },
];

export function registerResultRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;

  app.get('/answer/result/list', { config: { access: { menu: [RESULT_PAGE] } } }, async (req) => {
    const { examId } = parse(ExamQuery, req.query);
    await findExam(db, examId, tenantOf(req));
    const { pageNo, pageSize } = parsePaging(req.query as Record<string, unknown>);
    const { rows, total } = await resultRows(db, req, examId, pageSize, (pageNo - 1) * pageSize);
    return ok({
      records: rows.map(resultJson),
      total,
      size: pageSize,
      current: pageNo,
      pages: Math.ceil(total / pageSize),
    });
  });

  app.get('/answer/result/exportXls', { config: { access: { perm: 'result:export' } } }, async (req, reply) => {
    const { examId } = parse(ExamQuery, req.query);
    const exam = await findExam(db, examId, tenantOf(req));
    async function* pages() {
      for (let offset = 0; ; offset += 1000) {
        const { rows } = await resultRows(db, req, examId, 1000, offset);
        if (rows.length) yield rows.map(resultJson) as unknown as Record<string, unknown>[];
        if (rows.length < 1000) return;
      }
    }
    return exportXlsx(reply, { fileName: `${exam.name}-成绩`, columns: EXCEL, rows: pages() });
  });

  /** one attempt: every question with the candidate's answer beside the right one and the score */
  app.get('/answer/result/sheet', { config: { access: { menu: [RESULT_PAGE, GRADING_PAGE] } } }, async (req) => {
    const { attemptId } = parse(AttemptQuery, req.query);
    const [a] = await db
      .select()
      .from(quizAttempt)
      .where(and(eq(quizAttempt.id, attemptId), tenantWhere(quizAttempt, tenantOf(req))));
    if (!a) throw bizError(MSG.attemptNotFound);
    const exam = await findExam(db, a.examId, tenantOf(req));
    const answers = await db.select().from(quizAnswer).where(eq(quizAnswer.attemptId, attemptId));
    const byQ = new Map(answers.map((x) => [x.questionId, x]));
    let username: string | null = null;
    if (a.userId) {
      const [u] = await db.select({ username: sysUser.username }).from(sysUser).where(eq(sysUser.id, a.userId));
      username = u?.username ?? null;
    }
    const used = a.submitTime != null ? Math.round((a.submitTime.getTime() - a.startTime.getTime()) / 1000) : null;
    return ok({
      attemptId: a.id,
      examId: a.examId,
      examName: exam.name,
      candidateName: a.candidateName,
      username,
      attemptNo: a.attemptNo,
      status: a.status,
      status_dictText: ATTEMPT_STATUS_TEXT[a.status],
      startTime: formatDateTime(a.startTime),
      deadline: formatDateTime(a.deadline),
      submitTime: formatDateTime(a.submitTime),
      submitBy: a.submitBy,
      usedSeconds: used,
      usedText: durationText(used),
      switchCount: a.switchCount,
      totalScore: a.totalScore == null ? null : Number(a.totalScore),
      objectiveScore: a.objectiveScore == null ? null : Number(a.objectiveScore),
      subjectiveScore: a.subjectiveScore == null ? null : Number(a.subjectiveScore),
      pass: a.pass,
      passScore: a.snapshot.passScore,
      fullScore: a.snapshot.totalScore,
      sections: a.snapshot.sections,
      questions: a.snapshot.questions.map((q) => {
        const x = byQ.get(q.id);
        return {
          answerId: answerIdOf(a.id, q.id),
          id: q.id,
          type: q.type,
          stem: q.stem,
          options: q.options,
          section: q.section,
          fullScore: q.score,
          rightAnswer: q.answer,
          analysis: q.analysis,
          answer: x?.answer ?? '',
          score: x?.score == null ? null : Number(x.score),
          auto: x?.auto ?? 0,
          comment: x?.comment ?? null,
          grader: x?.grader ?? null,
          gradedAt: formatDateTime(x?.gradedAt ?? null),
        };
      }),
    });
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/exam/publishResult',
    config: { access: { perm: 'exam:publishResult' } },
    handler: async (req) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const { id } = parse(z.object({ id: requiredStr('id', 36) }), { id: b.id ?? q.id });
      const actor = actorOf(req);
      const exam = await findExam(db, id, actor.tenancy);
      if (exam.published !== 1) throw bizError('考试尚未发布');
      if (examStatus(exam) !== EXAM_STATUS.ended) throw bizError('考试尚未结束，不能公布成绩');
      if (exam.resultsPublished === 1) throw bizError('成绩已公布，无需重复公布');
      const [{ open, pending }] = await queryRows<{ open: number; pending: number }>(
        db,
        sql`select count(*) filter (where status = '0')::int as open, count(*) filter (where status = '1')::int as pending
              from quiz_attempt where exam_id = ${id}`,
      );
      if (open) throw bizError(`还有 ${open} 份答卷未交，请稍后再公布`);
      if (pending) throw bizError(`还有 ${pending} 份答卷未阅完，不能公布成绩`);
      const now = new Date();
      const notice = await db.transaction(async (tx) => {
        const done = await tx
          .update(quizExam)
          .set({
            resultsPublished: 1,
            resultsPublishTime: now,
            version: sql`${quizExam.version} + 1`,
            updateBy: actor.user.username,
            updateTime: now,
          })
          .where(and(eq(quizExam.id, id), eq(quizExam.resultsPublished, 0)))
          .returning({ id: quizExam.id });
        if (!done.length) throw bizError('成绩已公布，无需重复公布');
        const users = await tx
          .selectDistinct({ id: quizAttempt.userId })
          .from(quizAttempt)
          .where(and(eq(quizAttempt.examId, id), sql`${quizAttempt.userId} is not null`));
        const ids = users.map((u) => u.id as string);
        if (!ids.length) return null;
        const live = await tx
          .select({ id: sysUser.id })
          .from(sysUser)
          .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0)));
        if (!live.length) return null;
        const anntId = newId();
        const [row] = await tx
          .insert(sysAnnouncement)
          .values({
            id: anntId,
            titile: `成绩已公布：${exam.name}`.slice(0, 100),
            msgContent: `<p>您参加的考试【${escapeHtml(exam.name)}】成绩已公布，请在答题页面查看。</p>`,
            msgAbstract: `考试【${exam.name}】成绩已公布`.slice(0, 500),
            priority: 'M',
            msgCategory: '2',
            msgType: 'USER',
            userIds: `${live.map((u) => u.id).join(',')},`,
            sendStatus: '1',
            sendTime: now,
            sender: actor.user.username,
            delFlag: '0',
            busType: 'quiz_exam',
            busId: id,
            openType: 'url',
            openPage: '/exam',
            tenantId: exam.tenantId,
            createBy: actor.user.username,
            createTime: now,
          })
          .returning();
        await tx.insert(sysAnnouncementSend).values(
          live.map((u) => ({
            id: newId(),
            anntId,
            userId: u.id,
            readFlag: '0',
            createBy: actor.user.username,
            createTime: now,
          })),
        );
        return row;
      });
      await examChanged(app.ctx, id);
      if (notice) await pushAnnouncement(app, notice);
      const count = notice ? notice.userIds!.split(',').filter(Boolean).length : 0;
      return ok({ notified: count }, `成绩已公布，已通知 ${count} 位考生`);
    },
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
