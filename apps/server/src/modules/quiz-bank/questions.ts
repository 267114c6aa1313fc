import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizPaper, quizPaperSection, quizQuestion } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, runPrepared } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantWhere, withoutTenant } from '../../platform/tenant-scope.ts';
import { type Actor, copyAudit } from './actor.ts';
import { findSubject, ROOT, subjectRows } from './subjects.ts';
import { type CleanQuestion, checkQuestion, type QuestionInput } from './validate.ts';

/**
 * 题库管理 (quiz-contract §1, §4): questions of a tenant. Writes go through checkQuestion (validate.ts); deletes are
 * logical and refused while a paper's fixed section uses the question (docs/decisions/063-quiz-snapshots.md).
 */

export const QUESTION_PAGE = 'answer/QuestionList';

export type QuestionRow = typeof quizQuestion.$inferSelect;

export const STATUS_TEXT: Record<string, string> = { '1': '启用', '0': '停用' };

/** the list: no rich stem/options/analysis (the plain stem text is shown), dictionaries translated */
export const questionList = defineListEntity({
  table: quizQuestion,
  fields: {
    id: quizQuestion.id,
    subjectId: quizQuestion.subjectId,
    type: quizQuestion.type,
    stemText: quizQuestion.stemText,
    answer: quizQuestion.answer,
    difficulty: quizQuestion.difficulty,
    score: quizQuestion.score,
    blanks: quizQuestion.blanks,
    tags: quizQuestion.tags,
    status: quizQuestion.status,
    createBy: quizQuestion.createBy,
    createTime: quizQuestion.createTime,
    updateBy: quizQuestion.updateBy,
    updateTime: quizQuestion.updateTime,
    sysOrgCode: quizQuestion.sysOrgCode,
  },
  sortable: ['createTime', 'updateTime', 'type', 'difficulty', 'score', 'status', 'stemText'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { type: 'question_type', difficulty: 'question_difficulty', status: 'quiz_question_status' },
  searchable: ['type', 'difficulty', 'status', 'stemText', 'tags', 'score', 'createBy', 'createTime', 'sysOrgCode'],
  where: () => eq(quizQuestion.delFlag, 0),
});

/**
 * The subject and its sub-tree, read by one prepared recursive statement (a subject id that does not exist: none).
 * The list then filters `subject_id = any($n)` with these ids: its filter reads no other table, so the page's total
 * is kept with the question table's version (ADR 045) instead of being counted at every request (ADR 065).
 */
export async function subjectSubtreeIds(db: Db, subjectId: string): Promise<string[]> {
  const rows = await runPrepared(
    db,
    sql`with recursive st(id) as (select id from quiz_subject where id = ${subjectId} union select s.id from quiz_subject s join st on s.parent_id = st.id) select id from st`,
  );
  return rows.map((r) => String(r.id));
}

/** `subject_id = any(the subject and its sub-tree)` */
export async function subjectSubtreeWhere(db: Db, subjectId: string): Promise<SQL> {
  const ids = await subjectSubtreeIds(db, subjectId);
  return sql`${quizQuestion.subjectId} = any(${sql.param(ids)}::text[])`;
}

/** the question as the form loads it */
export function questionJson(q: QuestionRow, subjectName?: string | null) {
  const j = rowJson(withoutTenant(q)) as Record<string, unknown>;
  delete j.stemHash;
  delete j.delFlag;
  return {
    ...j,
    subjectName: subjectName ?? null,
    type_dictText: TYPE_TEXT[q.type] ?? '',
    status_dictText: STATUS_TEXT[q.status] ?? '',
  };
}
const TYPE_TEXT: Record<string, string> = { '1': '单选', '2': '多选', '3': '判断', '4': '填空', '5': '简答' };

export async function findQuestion(db: Db, id: string, tenancy: Tenancy): Promise<QuestionRow> {
  const [row] = await db
    .select()
    .from(quizQuestion)
    .where(and(eq(quizQuestion.id, id), eq(quizQuestion.delFlag, 0), tenantWhere(quizQuestion, tenancy)));
  if (!row) throw bizError('未找到对应数据');
  return row;
}

function refuse(problems: string[]): never {
  throw bizError(problems.join('；'));
}

/** questions of the same subject with the same normalised stem (the form's warning) */
export async function sameStem(
  db: Db,
  tenancy: Tenancy,
  subjectId: string,
  stemHash: string,
  excludeId?: string,
): Promise<{ id: string; stemText: string }[]> {
  const where = [
    eq(quizQuestion.subjectId, subjectId),
    eq(quizQuestion.stemHash, stemHash),
    eq(quizQuestion.delFlag, 0),
    tenantWhere(quizQuestion, tenancy),
  ];
  if (excludeId) where.push(ne(quizQuestion.id, excludeId));
  return db
    .select({ id: quizQuestion.id, stemText: quizQuestion.stemText })
    .from(quizQuestion)
    .where(and(...where))
    .limit(5);
}

function rowOf(c: CleanQuestion) {
  return {
    subjectId: c.subjectId,
    type: c.type,
    stem: c.stem,
    stemText: c.stemText,
    stemHash: c.stemHash,
    options: c.options,
    answer: c.answer,
    analysis: c.analysis,
    difficulty: c.difficulty,
    score: c.score,
    blanks: c.blanks,
    tags: c.tags,
    status: c.status,
  };
}

export async function addQuestion(db: Db, actor: Actor, input: QuestionInput): Promise<QuestionRow> {
  const checked = checkQuestion(input);
  if (!checked.ok) refuse(checked.problems);
  const subject = await findSubject(db, checked.value.subjectId, actor.tenancy);
  const [row] = await db
    .insert(quizQuestion)
    .values({
      id: newId(),
      ...rowOf(checked.value),
      delFlag: 0,
      createBy: actor.user.username,
      createTime: new Date(),
      sysOrgCode: actor.user.orgCode ?? null,
      tenantId: subject.tenantId,
    })
    .returning();
  return row;
}

/** the current question as form input (for partial edits and copies) */
function inputOf(q: QuestionRow): QuestionInput {
  return {
    subjectId: q.subjectId,
    type: q.type,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    analysis: q.analysis,
    difficulty: q.difficulty,
    score: q.score,
    tags: q.tags,
    status: q.status,
  };
}

export async function editQuestion(
  db: Db,
  actor: Actor,
  id: string,
  patch: QuestionInput & Record<string, unknown>,
): Promise<QuestionRow> {
  const cur = await findQuestion(db, id, actor.tenancy);
  const merged: QuestionInput = { ...inputOf(cur) };
  for (const k of Object.keys(merged) as (keyof QuestionInput)[]) if (patch[k] !== undefined) merged[k] = patch[k];
  const checked = checkQuestion(merged);
  if (!checked.ok) refuse(checked.problems);
  if (checked.value.subjectId !== cur.subjectId) {
    const subject = await findSubject(db, checked.value.subjectId, actor.tenancy);
    if (subject.tenantId !== cur.tenantId) throw bizError('题目分类不存在');
  }
  if (checked.value.type !== cur.type) await refuseIfFixed(db, [id], '题目已被试卷「{paper}」使用，不能修改题型');
  const [row] = await db
    .update(quizQuestion)
    .set({ ...rowOf(checked.value), updateBy: actor.user.username, updateTime: new Date() })
    .where(eq(quizQuestion.id, id))
    .returning();
  return row;
}

/** refuses when a fixed section of a paper names one of `ids`; `{paper}` in the message becomes the paper's name */
async function refuseIfFixed(db: Db, ids: string[], message: string): Promise<void> {
  if (!ids.length) return;
  const rows = await db.execute(
    sql`select p.name as name from ${quizPaperSection} s join ${quizPaper} p on p.id = s.paper_id, jsonb_array_elements_text(s.question_ids) e(value) where s.mode = 'fixed' and e.value in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) limit 1`,
  );
  const hit = (rows as unknown as { rows: { name: string }[] }).rows[0];
  if (hit) throw bizError(message.replace('{paper}', hit.name));
}

export async function deleteQuestions(db: Db, actor: Actor, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const found = await t
      .select({ id: quizQuestion.id })
      .from(quizQuestion)
      .where(and(inArray(quizQuestion.id, ids), eq(quizQuestion.delFlag, 0), tenantWhere(quizQuestion, actor.tenancy)));
    if (!found.length) throw bizError('未找到对应数据');
    const list = found.map((f) => f.id);
    await refuseIfFixed(t, list, '题目已被试卷「{paper}」使用，不能删除');
    await t
      .update(quizQuestion)
      .set({ delFlag: 1, updateBy: actor.user.username, updateTime: new Date() })
      .where(inArray(quizQuestion.id, list));
    return list.length;
  });
}

export async function setStatus(db: Db, actor: Actor, ids: string[], status: '0' | '1'): Promise<number> {
  const rows = await db
    .update(quizQuestion)
    .set({ status, updateBy: actor.user.username, updateTime: new Date() })
    .where(and(inArray(quizQuestion.id, ids), eq(quizQuestion.delFlag, 0), tenantWhere(quizQuestion, actor.tenancy)))
    .returning({ id: quizQuestion.id });
  if (!rows.length) throw bizError('未找到对应数据');
  return rows.length;
}

export async function copyQuestion(db: Db, actor: Actor, id: string): Promise<QuestionRow> {
  const cur = await findQuestion(db, id, actor.tenancy);
  const [row] = await db
    .insert(quizQuestion)
    .values({
      ...cur,
      id: newId(),
      ...copyAudit(actor),
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------- bulk import (Excel and Word)

export interface ImportItem {
  /** the row (Excel) or question number (Word) the messages name */
  rowNo: number;
  /** the subject as written: a path 数学/代数, a name, or an id */
  subject: string;
  input: QuestionInput;
}

export interface ImportOutcome {
  total: number;
  imported: number;
  errors: { rowNo: number; message: string }[];
  /** the checked questions that would be saved (preview) */
  accepted: { rowNo: number; question: CleanQuestion; subjectName: string }[];
}

/** subject text → id within one tenant: a full path (数学/代数), a unique name, a code, or an id */
export async function subjectResolver(db: Db, tenantId: number) {
  const rows = await subjectRows(db, { kind: 'tenant', id: tenantId });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: string): string => {
    const names: string[] = [];
    for (let cur = byId.get(id), i = 0; cur && i < 20; cur = byId.get(cur.parentId), i++) names.unshift(cur.name);
    return names.join('/');
  };
  const byPath = new Map<string, string>();
  const byName = new Map<string, string[]>();
  const byCode = new Map<string, string>();
  for (const r of rows) {
    byPath.set(pathOf(r.id), r.id);
    byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
    if (r.code) byCode.set(r.code, r.id);
  }
  return {
    pathOf,
    resolve(text: string): { id: string } | { error: string } {
      const s = text
        .trim()
        .replace(/\s*[/／>]\s*/g, '/')
        .replace(/^\/+|\/+$/g, '');
      if (!s) return { error: '题目分类不能为空' };
      const hit = byPath.get(s) ?? byCode.get(s) ?? (byId.has(s) ? s : undefined);
      if (hit) return { id: hit };
      const named = byName.get(s);
      if (named?.length === 1) return { id: named[0] };
      if (named && named.length > 1) return { error: `题目分类「${s}」有重名，请写完整路径，如 ${pathOf(named[0])}` };
      return { error: `题目分类「${s.slice(0, 50)}」不存在` };
    },
  };
}

export const MAX_IMPORT = 10_000;
const INSERT_BATCH = 500;

/**
 * Checks every item (all problems of each), refuses same-stem duplicates (within the file and against the bank, per
 * subject), and — unless `dryRun` — inserts the good ones in batches, each batch one transaction.
 */
export async function importQuestions(
  db: Db,
  actor: Actor,
  items: ImportItem[],
  opts: { dryRun?: boolean } = {},
): Promise<ImportOutcome> {
  if (items.length > MAX_IMPORT) throw bizError(`一次最多导入 ${MAX_IMPORT} 道题，请拆分后分批导入`);
  const tenantId = stampTenantId(actor.tenancy);
  const subjects = await subjectResolver(db, tenantId);
  const errors: ImportOutcome['errors'] = [];
  const accepted: ImportOutcome['accepted'] = [];
  const good: { rowNo: number; q: CleanQuestion }[] = [];
  for (const item of items) {
    const problems: string[] = [];
    const s = subjects.resolve(item.subject);
    const subjectId = 'id' in s ? s.id : 'x';
    if ('error' in s) problems.push(s.error);
    const checked = checkQuestion({ ...item.input, subjectId });
    if (!checked.ok) problems.push(...checked.problems);
    if (problems.length || !checked.ok) errors.push({ rowNo: item.rowNo, message: problems.join('；') });
    else good.push({ rowNo: item.rowNo, q: checked.value });
  }
  // same stem in the same subject: against the bank, then within the file
  const subjectIds = [...new Set(good.map((g) => g.q.subjectId))];
  const existing = new Set<string>();
  for (let i = 0; i < subjectIds.length; i += 500) {
    const rows = await db
      .select({ s: quizQuestion.subjectId, h: quizQuestion.stemHash })
      .from(quizQuestion)
      .where(
        and(
          inArray(quizQuestion.subjectId, subjectIds.slice(i, i + 500)),
          eq(quizQuestion.delFlag, 0),
          eq(quizQuestion.tenantId, tenantId),
        ),
      );
    for (const r of rows) existing.add(`${r.s}\n${r.h}`);
  }
  const inFile = new Map<string, number>();
  const toInsert: { rowNo: number; q: CleanQuestion }[] = [];
  for (const g of good) {
    const key = `${g.q.subjectId}\n${g.q.stemHash}`;
    if (existing.has(key)) errors.push({ rowNo: g.rowNo, message: '题库中同一分类下已有相同题干的题目' });
    else if (inFile.has(key))
      errors.push({ rowNo: g.rowNo, message: `与第 ${inFile.get(key)} 题（行）的题干相同（同一分类下）` });
    else {
      inFile.set(key, g.rowNo);
      toInsert.push(g);
      accepted.push({ rowNo: g.rowNo, question: g.q, subjectName: subjects.pathOf(g.q.subjectId) });
    }
  }
  let imported = 0;
  if (!opts.dryRun) {
    const now = new Date();
    for (let i = 0; i < toInsert.length; i += INSERT_BATCH) {
      const batch = toInsert.slice(i, i + INSERT_BATCH);
      await db.insert(quizQuestion).values(
        batch.map((g) => ({
          id: newId(),
          ...rowOf(g.q),
          delFlag: 0,
          createBy: actor.user.username,
          createTime: now,
          sysOrgCode: actor.user.orgCode ?? null,
          tenantId,
        })),
      );
      imported += batch.length;
    }
  }
  return { total: items.length, imported, errors, accepted };
}

/** name paths of every subject of the tenancy (export) */
export async function subjectPaths(db: Db, tenancy: Tenancy): Promise<Map<string, string>> {
  const rows = await subjectRows(db, tenancy);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, string>();
  for (const r of rows) {
    const names: string[] = [];
    for (let cur: typeof r | undefined = r, i = 0; cur && i < 20; i++) {
      names.unshift(cur.name);
      cur = cur.parentId === ROOT ? undefined : byId.get(cur.parentId);
    }
    out.set(r.id, names.join('/'));
  }
  return out;
}
