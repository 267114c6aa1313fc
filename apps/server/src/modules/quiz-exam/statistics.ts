import { ok } from '@answer/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { quizExam } from '../../db/schema/index.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { findExam } from './exams.ts';
import { EXAM_PAGE, RESULT_PAGE } from './rules.ts';
import { GROUP_SHARE, MIN_FOR_DISCRIMINATION, weakQuestion } from './stats-math.ts';

/**
 * Statistics of an exam (quiz contract §4; item analysis as Moodle's quiz reports do it), computed in SQL where the
 * answers are — the definitions and their hand-computed check are in stats-math.ts. Each candidate counts once, with
 * their best submitted attempt (highest total, then the earliest).
 */

const r2 = (v: unknown) => (v == null ? null : Math.round(Number(v) * 100 + 1e-9) / 100);
const r4 = (v: unknown) =>
  v == null ? null : Math.round(Number(v) * 10_000 + (Number(v) >= 0 ? 1e-9 : -1e-9)) / 10_000;

/** each candidate's best submitted attempt of the exam */
const best = (examId: string) => sql`
  select distinct on (candidate_key) id, candidate_key, org_code, reservation_id, total_score, pass, snapshot
    from quiz_attempt
   where exam_id = ${examId} and status in ('1','2')
   order by candidate_key, total_score desc nulls last, submit_time, id`;

export async function examStatistics(db: Db, exam: typeof quizExam.$inferSelect) {
  const id = exam.id;
  const full = Number(exam.totalScore ?? 0);
  const [counts] = await queryRows<{ participants: number; started: number }>(
    db,
    sql`select
      (select count(*)::int from (
          select 'u:' || u.id as k from sys_user u
           where u.del_flag = 0 and (',' || coalesce(e.user_ids, '') || ',') like '%,' || u.id || ',%'
          union select 'u:' || ud.user_id from sys_user_depart ud join sys_user u on u.id = ud.user_id and u.del_flag = 0
           where (',' || coalesce(e.depart_ids, '') || ',') like '%,' || ud.dep_id || ',%'
          union select case when r.person_type = '1' then 'u:' || r.user_id else 'r:' || r.id end
            from answer_reservation r
           where r.session_id = e.session_id and r.del_flag = 0 and r.status in ('1','2')
          union select a.candidate_key from quiz_attempt a where a.exam_id = e.id) p) as participants,
      (select count(distinct candidate_key)::int from quiz_attempt a where a.exam_id = e.id) as started
      from quiz_exam e where e.id = ${id}`,
  );
  const [s] = await queryRows<Record<string, unknown>>(
    db,
    sql`with b as (${best(id)})
        select count(*)::int as submitted, avg(total_score) as mean,
               percentile_cont(0.5) within group (order by total_score) as median,
               max(total_score) as max, min(total_score) as min,
               case when count(*) > 1 then stddev_samp(total_score) when count(*) = 1 then 0 end as sd,
               count(*) filter (where pass = 1)::int as passed
          from b`,
  );
  const submitted = Number(s.submitted);
  const bins = await queryRows<{ bin: number; n: number }>(
    db,
    sql`with b as (${best(id)})
        select greatest(0, least(9, floor(total_score / ${full > 0 ? full : 1} * 10 + 1e-9)))::int as bin,
               count(*)::int as n
          from b group by 1`,
  );
  const width = full > 0 ? full / 10 : 1;
  const distribution = Array.from({ length: 10 }, (_, i) => ({
    from: r2(i * width),
    to: r2((i + 1) * width),
    count: bins.find((b) => b.bin === i)?.n ?? 0,
  }));
  const k = Math.max(1, Math.round(submitted * GROUP_SHARE));
  const items = await queryRows<Record<string, unknown>>(
    db,
    sql`with b as (${best(id)}),
        o as (select b.*, row_number() over (order by total_score desc, id) as rn from b),
        qa as (
          select q->>'id' as qid, q->>'type' as type, (q->>'score')::numeric as qscore, q->>'stem' as stem,
                 (q->>'section')::int as sec, o.rn, ans.score, ans.answer
            from o cross join lateral jsonb_array_elements(o.snapshot->'questions') q
            left join quiz_answer ans on ans.attempt_id = o.id and ans.question_id = q->>'id')
        select qid, min(type) as type, max(qscore) as qscore, min(stem) as stem, min(sec) as sec, count(*)::int as n,
               avg(score) as mean,
               avg(coalesce(score, 0)) filter (where rn <= ${k}) as upper,
               avg(coalesce(score, 0)) filter (where rn > ${submitted - k}) as lower
          from qa group by qid order by min(sec), qid`,
  );
  const options = await queryRows<{ qid: string; k: string; n: number }>(
    db,
    sql`with b as (${best(id)})
        select q->>'id' as qid, k, count(*)::int as n
          from b cross join lateral jsonb_array_elements(b.snapshot->'questions') q
          join quiz_answer ans on ans.attempt_id = b.id and ans.question_id = q->>'id'
          cross join lateral unnest(string_to_array(ans.answer, ',')) k
         where q->>'type' in ('1','2','3') and ans.answer <> ''
         group by 1, 2`,
  );
  const byDepart = await queryRows<Record<string, unknown>>(
    db,
    sql`with b as (${best(id)})
        select b.org_code, (select d.depart_name from sys_depart d where d.org_code = b.org_code limit 1) as depart_name,
               bool_or(b.reservation_id is not null) as outside,
               count(*)::int as submitted, avg(total_score) as mean, max(total_score) as max, min(total_score) as min,
               count(*) filter (where pass = 1)::int as passed
          from b group by b.org_code order by avg(total_score) desc nulls last`,
  );
  const questions = items.map((r) => {
    const qscore = Number(r.qscore);
    const correctRate = r.mean == null || qscore <= 0 ? null : r4(Number(r.mean) / qscore);
    const discrimination =
      submitted < MIN_FOR_DISCRIMINATION || qscore <= 0 ? null : r4((Number(r.upper) - Number(r.lower)) / qscore);
    const type = String(r.type);
    let optionCounts: Record<string, number> | null = null;
    if (type === '1' || type === '2' || type === '3') {
      optionCounts = {};
      for (const o of options) if (o.qid === r.qid) optionCounts[o.k] = o.n;
    }
    return {
      questionId: r.qid,
      type,
      stem: r.stem,
      score: qscore,
      answered: r.n,
      correctRate,
      discrimination,
      optionCounts,
      flag: weakQuestion(correctRate, discrimination),
    };
  });
  return {
    examId: id,
    examName: exam.name,
    fullScore: full,
    passScore: Number(exam.passScore ?? 0),
    participants: counts.participants,
    started: counts.started,
    submitted,
    mean: r2(s.mean),
    median: r2(s.median),
    max: r2(s.max),
    min: r2(s.min),
    stdDev: r2(s.sd),
    passRate: submitted ? r4(Number(s.passed) / submitted) : null,
    distribution,
    questions,
    departments: byDepart.map((d) => ({
      orgCode: d.org_code,
      departName: d.depart_name ?? (d.outside ? '外部人员' : '未分配部门'),
      submitted: d.submitted,
      mean: r2(d.mean),
      max: r2(d.max),
      min: r2(d.min),
      passRate: Number(d.submitted) ? r4(Number(d.passed) / Number(d.submitted)) : null,
    })),
  };
}

export function registerStatisticsRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;

  app.get(
    '/answer/exam/statistics',
    { config: { access: { perm: 'result:statistics', menu: RESULT_PAGE } } },
    async (req) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      const { examId } = parse(z.object({ examId: requiredStr('examId', 36) }), { examId: q.examId ?? q.id });
      const exam = await findExam(db, examId, tenantOf(req));
      return ok(await examStatistics(db, exam));
    },
  );

  /** the analysis dashboard's figure: pass rates of the latest exams with submitted attempts */
  app.get('/answer/exam/passRates', { config: { access: { menu: [EXAM_PAGE, RESULT_PAGE] } } }, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const raw = typeof q.limit === 'string' ? q.limit : '';
    const limit = /^\d{1,2}$/.test(raw) ? Math.min(Math.max(Number(raw), 1), 20) : 6;
    const tw = tenantWhere(quizExam, tenantOf(req));
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select e.id, e.name, e.end_time, e.start_time,
                   (select count(distinct a.candidate_key)::int from quiz_attempt a where a.exam_id = e.id and a.status in ('1','2')) as submitted,
                   (select count(*)::int from (select distinct on (a.candidate_key) a.pass from quiz_attempt a
                      where a.exam_id = e.id and a.status in ('1','2')
                      order by a.candidate_key, a.total_score desc nulls last, a.submit_time, a.id) b where b.pass = 1) as passed
              from quiz_exam e
             where e.del_flag = 0 and e.published = 1 and ${tw ?? sql`true`}
               and exists (select 1 from quiz_attempt a where a.exam_id = e.id and a.status in ('1','2'))
             order by e.start_time desc limit ${limit}`,
    );
    return ok(
      rows.reverse().map((r) => ({
        examId: r.id,
        name: r.name,
        startTime: formatDateTime(r.start_time as Date | string | null),
        submitted: r.submitted,
        passed: r.passed,
        passRate: Number(r.submitted) ? r4(Number(r.passed) / Number(r.submitted)) : null,
      })),
    );
  });
}
