import { index, integer, jsonb, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * The quiz content (issue 24; ../shared/reference/quiz-contract.md §1, §4; docs/decisions/063-quiz-snapshots.md).
 *
 * quiz_subject (题目分类): a tree, parent_id '0' = root. A subject is deleted only when it has no questions and no
 * children; a move is an edit of parent_id (cycles refused).
 */
export const quizSubject = pgTable(
  'quiz_subject',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 36 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 64 }),
    sortNo: integer('sort_no').notNull().default(0),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [index('idx_quiz_subject_parent').on(t.tenantId, t.parentId)],
);

/** One option of a 单选/多选 question: key 'A'…'H' in order, content sanitised rich text. */
export interface QuizOption {
  key: string;
  content: string;
}

/**
 * quiz_question (题目). type (dict question_type): '1' 单选, '2' 多选, '3' 判断, '4' 填空, '5' 简答.
 * `stem`, option contents and `analysis` are sanitised rich text; `stem_text` is the stem's plain text (keyword
 * search, trigram index) and `stem_hash` the md5 of its normalised form (the same-stem warning within a subject).
 * `answer` by type: 'B' | 'A,C' | '1'/'0' | JSON [["北京","Beijing"],["1949"]] | reference text.
 * `blanks`: type 4 — the number of blanks marked in the stem; else 0.
 * status '1' 启用 / '0' 停用 (disabled questions are never drawn). del_flag 1 = deleted (kept for papers' history
 * checks; exams keep their own snapshots).
 */
export const quizQuestion = pgTable(
  'quiz_question',
  {
    id: idColumn(),
    subjectId: varchar('subject_id', { length: 36 }).notNull(),
    type: varchar('type', { length: 2 }).notNull(),
    stem: text('stem').notNull(),
    stemText: text('stem_text').notNull(),
    stemHash: varchar('stem_hash', { length: 32 }).notNull(),
    options: jsonb('options').$type<QuizOption[] | null>(),
    answer: text('answer').notNull(),
    analysis: text('analysis'),
    difficulty: integer('difficulty').notNull().default(3),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    blanks: integer('blanks').notNull().default(0),
    tags: varchar('tags', { length: 500 }),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    delFlag: integer('del_flag').notNull().default(0),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_quiz_question_subject').on(t.subjectId, t.createTime),
    index('idx_quiz_question_kind').on(t.type, t.difficulty, t.status),
    index('idx_quiz_question_stem_hash').on(t.subjectId, t.stemHash),
    index('idx_quiz_question_create_time').on(t.createTime),
    // GIN with its pending list (fastupdate on, unlike ADR 042's log/user indexes): a 5 000-question import would
    // otherwise spend most of its time updating the trigram index row by row (ADR 065)
    index('idx_quiz_question_stem_trgm').using('gin', t.stemText.op('gin_trgm_ops')),
  ],
);

/** quiz_paper (试卷). total_score and question_count are computed by the server from the sections. status '1' 启用, '0' 停用. */
export const quizPaper = pgTable(
  'quiz_paper',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    passScore: numeric('pass_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    /** minutes */
    duration: integer('duration').notNull(),
    totalScore: numeric('total_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    questionCount: integer('question_count').notNull().default(0),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    remark: varchar('remark', { length: 500 }),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [index('idx_quiz_paper_tenant').on(t.tenantId), index('idx_quiz_paper_create_time').on(t.createTime)],
);

/** A drawing rule of a drawn section: `count` enabled questions of the section's type from the subject's sub-tree. */
export interface QuizDrawRule {
  subjectId: string;
  difficulty?: number | null;
  count: number;
}

/**
 * quiz_paper_section (大题): ordered by sort_no; `type` is the question type of the section, `score` per question.
 * mode 'fixed': question_ids (ordered); mode 'drawn': rules. Written only together with its paper (one transaction).
 */
export const quizPaperSection = pgTable(
  'quiz_paper_section',
  {
    id: idColumn(),
    paperId: varchar('paper_id', { length: 36 }).notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    title: varchar('title', { length: 100 }).notNull(),
    type: varchar('type', { length: 2 }).notNull(),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    mode: varchar('mode', { length: 8 }).notNull(),
    questionIds: jsonb('question_ids').$type<string[]>().notNull().default([]),
    rules: jsonb('rules').$type<QuizDrawRule[]>().notNull().default([]),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [index('idx_quiz_paper_section_paper').on(t.paperId, t.sortNo)],
);
