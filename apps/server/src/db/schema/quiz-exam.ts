import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * Exams, attempts and answers of the quiz (issue 25; quiz contract §1–§4; docs/decisions/068-…, 069-…, 070-…).
 * Times hold UTC wall clock like the rest of the schema (GMT+8 on the wire). Scores are numeric(8,2).
 */

/** a question as an attempt (or an exam's paper snapshot) holds it: the right answer stays on the server */
export interface SnapshotQuestion {
  id: string;
  /** question_type '1' … '5' */
  type: string;
  stem: string;
  /** in the order this candidate sees them (shuffled when the exam says so) */
  options: Array<{ key: string; content: string }> | null;
  answer: string;
  analysis: string | null;
  difficulty: number | null;
  /** the section's score of this question */
  score: number;
  blanks: number | null;
  /** index of its section in `sections` */
  section: number;
}

export interface AttemptSnapshot {
  paperId: string;
  name: string;
  passScore: number;
  totalScore: number;
  sections: Array<{ title: string; type: string; score: number; count: number }>;
  questions: SnapshotQuestion[];
}

/**
 * quiz_exam (考试). status 未发布/已发布/进行中/已结束 is derived from `published`, `closed` and the times. The
 * paper is frozen into `paper_snapshot` when the exam is published (drawn sections drawn once, unless
 * `draw_per_candidate`, then each attempt draws its own at start). `version` moves with every change: the per-node
 * cache of exam definitions is keyed by it (ADR 069).
 */
export const quizExam = pgTable(
  'quiz_exam',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    paperId: varchar('paper_id', { length: 36 }).notNull(),
    startTime: timestamp('start_time', { mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { mode: 'date' }).notNull(),
    /** minutes */
    duration: integer('duration').notNull(),
    attempts: integer('attempts').notNull().default(1),
    userIds: text('user_ids'),
    departIds: text('depart_ids'),
    sessionId: varchar('session_id', { length: 36 }),
    shuffleQuestions: integer('shuffle_questions').notNull().default(0),
    shuffleOptions: integer('shuffle_options').notNull().default(0),
    drawPerCandidate: integer('draw_per_candidate').notNull().default(0),
    partialScore: numeric('partial_score', { precision: 4, scale: 3, mode: 'number' }).notNull().default(0),
    /** '0' never, '1' right after submitting, '2' once results are published */
    showResult: varchar('show_result', { length: 1 }).notNull().default('2'),
    maxSwitches: integer('max_switches').notNull().default(0),
    /** 考试须知 shown before starting (plain text) */
    instructions: text('instructions'),
    published: integer('published').notNull().default(0),
    publishTime: timestamp('publish_time', { mode: 'date' }),
    publishBy: varchar('publish_by', { length: 64 }),
    closed: integer('closed').notNull().default(0),
    closeTime: timestamp('close_time', { mode: 'date' }),
    resultsPublished: integer('results_published').notNull().default(0),
    resultsPublishTime: timestamp('results_publish_time', { mode: 'date' }),
    paperSnapshot: jsonb('paper_snapshot').$type<unknown>(),
    paperName: varchar('paper_name', { length: 200 }),
    totalScore: numeric('total_score', { precision: 8, scale: 2, mode: 'number' }),
    passScore: numeric('pass_score', { precision: 8, scale: 2, mode: 'number' }),
    version: integer('version').notNull().default(1),
    ...audit,
    delFlag: integer('del_flag').notNull().default(0),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_quiz_exam_time').on(t.startTime, t.endTime),
    index('idx_quiz_exam_session').on(t.sessionId),
    index('idx_quiz_exam_tenant').on(t.tenantId),
    index('idx_quiz_exam_create_time').on(t.createTime),
  ],
);

/**
 * The leading columns of a candidate's row of an exam (override, attempt): its id, the exam, the candidate key
 * ('u:<user id>' a system user, 'r:<reservation id>' an outside person), the user or reservation, the name.
 */
const candidateColumns = () => ({
  id: idColumn(),
  examId: varchar('exam_id', { length: 36 }).notNull(),
  candidateKey: varchar('candidate_key', { length: 64 }).notNull(),
  userId: varchar('user_id', { length: 36 }),
  reservationId: varchar('reservation_id', { length: 36 }),
  candidateName: varchar('candidate_name', { length: 100 }),
});

/**
 * quiz_exam_override: one candidate's own terms (extra minutes and/or an own window). candidate_key as in
 * quiz_attempt. An open attempt's deadline is recomputed when its override changes.
 */
export const quizExamOverride = pgTable(
  'quiz_exam_override',
  {
    ...candidateColumns(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    startTime: timestamp('start_time', { mode: 'date' }),
    endTime: timestamp('end_time', { mode: 'date' }),
    remark: varchar('remark', { length: 500 }),
    ...audit,
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [uniqueIndex('uniq_quiz_exam_override').on(t.examId, t.candidateKey)],
);

/**
 * quiz_attempt (答题记录). candidate_key 'u:<user id>' (a system user) or 'r:<reservation id>' (an outside person).
 * status (dict quiz_attempt_status): '0' 答题中, '1' 已交卷, '2' 已阅卷. `snapshot` holds the questions served, in
 * the candidate's order, with scores and right answers (never sent to the candidate before the rules allow).
 * One open attempt per candidate and exam (partial unique index); attempt numbers unique per candidate and exam,
 * so two racing starts cannot both create attempt N.
 */
export const quizAttempt = pgTable(
  'quiz_attempt',
  {
    ...candidateColumns(),
    /** the candidate's department (org code) when the attempt started: statistics by department */
    orgCode: varchar('org_code', { length: 64 }),
    attemptNo: integer('attempt_no').notNull().default(1),
    snapshot: jsonb('snapshot').$type<AttemptSnapshot>().notNull(),
    startTime: timestamp('start_time', { mode: 'date' }).notNull(),
    deadline: timestamp('deadline', { mode: 'date' }).notNull(),
    submitTime: timestamp('submit_time', { mode: 'date' }),
    /** who submitted: 'candidate', 'timeout' (the server), 'switch' (leave-page limit), 'close' (exam closed) */
    submitBy: varchar('submit_by', { length: 16 }),
    switchCount: integer('switch_count').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    objectiveScore: numeric('objective_score', { precision: 8, scale: 2, mode: 'number' }),
    subjectiveScore: numeric('subjective_score', { precision: 8, scale: 2, mode: 'number' }),
    totalScore: numeric('total_score', { precision: 8, scale: 2, mode: 'number' }),
    pass: integer('pass'),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('uniq_quiz_attempt_open').on(t.examId, t.candidateKey).where(sql`status = '0'`),
    uniqueIndex('uniq_quiz_attempt_no').on(t.examId, t.candidateKey, t.attemptNo),
    index('idx_quiz_attempt_exam').on(t.examId, t.status),
    index('idx_quiz_attempt_due').on(t.deadline).where(sql`status = '0'`),
    index('idx_quiz_attempt_user').on(t.userId),
    index('idx_quiz_attempt_reservation').on(t.reservationId),
  ],
);

/**
 * quiz_answer: one row per (attempt, question), written by an upsert (the last save wins). `score` null = a 简答
 * waiting for a grade; `auto` 1 = scored by the machine at submit.
 */
export const quizAnswer = pgTable(
  'quiz_answer',
  {
    attemptId: varchar('attempt_id', { length: 36 }).notNull(),
    questionId: varchar('question_id', { length: 36 }).notNull(),
    answer: text('answer').notNull().default(''),
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    auto: integer('auto').notNull().default(0),
    comment: varchar('comment', { length: 1000 }),
    grader: varchar('grader', { length: 64 }),
    gradedAt: timestamp('graded_at', { mode: 'date' }),
    updatedAt: timestamp('updated_at', { mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ name: 'quiz_answer_pkey', columns: [t.attemptId, t.questionId] })],
);

/** quiz_grade_log: every grade and re-grade of a 简答 answer (who, when, from what to what) */
export const quizGradeLog = pgTable(
  'quiz_grade_log',
  {
    id: idColumn(),
    attemptId: varchar('attempt_id', { length: 36 }).notNull(),
    questionId: varchar('question_id', { length: 36 }).notNull(),
    oldScore: numeric('old_score', { precision: 8, scale: 2, mode: 'number' }),
    newScore: numeric('new_score', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    oldComment: varchar('old_comment', { length: 1000 }),
    newComment: varchar('new_comment', { length: 1000 }),
    grader: varchar('grader', { length: 64 }).notNull(),
    graderName: varchar('grader_name', { length: 100 }),
    createTime: timestamp('create_time', { mode: 'date' }).notNull(),
  },
  (t) => [index('idx_quiz_grade_log_answer').on(t.attemptId, t.questionId)],
);

/**
 * quiz_candidate_session: the sign-in of an outside person on the answering page (reservation number + ID number).
 * Its token (`c.` + 43 characters) works only for the candidate calls of that reservation's session's exams: the
 * platform guard does not know the shape and answers 401 everywhere else. Only the token's SHA-256 is stored.
 */
export const quizCandidateSession = pgTable(
  'quiz_candidate_session',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    reservationId: varchar('reservation_id', { length: 36 }).notNull(),
    sessionId: varchar('session_id', { length: 36 }).notNull(),
    name: varchar('name', { length: 100 }),
    tenantId: integer('tenant_id').notNull().default(0),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('idx_quiz_candidate_session_res').on(t.reservationId)],
);
