import { QUESTION_TYPE_TEXT, type QuestionType } from '@answer/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type QuizDrawRule, quizPaper, quizPaperSection, quizQuestion, quizSubject } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantWhere, withoutTenant } from '../../platform/tenant-scope.ts';
import { type Actor, copyAudit } from './actor.ts';
import {
  checkPaperRules,
  drawSections,
  ruleLabel,
  type SectionSnapshot,
  type SectionSpec,
  subjectTree,
} from './draw.ts';

/**
 * 试卷管理 (quiz-contract §1, §4): a paper and its ordered sections (大题), fixed (questionIds) or drawn (rules), saved in
 * one transaction; total score and question count computed here; rules that cannot be met are refused.
 */

export const PAPER_LIMITS = {
  sections: 20,
  questions: 500,
  rulesPerSection: 20,
  perRule: 500,
  duration: 1440,
  sectionScore: 1000,
} as const;

export type PaperRow = typeof quizPaper.$inferSelect;
export type SectionRow = typeof quizPaperSection.$inferSelect;

export const paperList = defineListEntity({
  table: quizPaper,
  sortable: ['createTime', 'updateTime', 'name', 'totalScore', 'questionCount', 'duration'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { status: 'quiz_question_status' },
  searchable: ['name', 'status', 'createBy', 'createTime', 'totalScore', 'duration', 'sysOrgCode'],
});

/**
 * Checks run before a paper is deleted (throw a bizError to refuse). The exam module registers one that refuses
 * papers its exams use; kept as a list so this module does not depend on exams.
 */
export const paperDeleteGuards: Array<(db: Db, paperIds: string[]) => Promise<void>> = [];

// ---------------------------------------------------------------- input

export interface PaperInput {
  name?: unknown;
  passScore?: unknown;
  duration?: unknown;
  status?: unknown;
  remark?: unknown;
  sections?: unknown;
}

export interface CleanPaper {
  name: string;
  passScore: number;
  duration: number;
  status: '0' | '1';
  remark: string | null;
  sections: SectionSpec[];
  totalScore: number;
  questionCount: number;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();
const num = (v: unknown) => (v === null || v === undefined || str(v) === '' ? Number.NaN : Number(v));
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** the shape and limits of a paper (no database); throws the first problem */
export function checkPaperShape(input: PaperInput): CleanPaper {
  const name = str(input.name);
  if (!name) throw bizError('试卷名称不能为空');
  if (name.length > 100) throw bizError('试卷名称不能超过 100 个字符');
  const duration = num(input.duration);
  if (!Number.isInteger(duration) || duration < 1 || duration > PAPER_LIMITS.duration)
    throw bizError(`考试时长应为 1–${PAPER_LIMITS.duration} 分钟的整数`);
  const passScore = str(input.passScore) === '' ? 0 : num(input.passScore);
  if (!Number.isFinite(passScore) || passScore < 0 || !twoDecimals(passScore))
    throw bizError('及格分应为不小于 0 的数，最多两位小数');
  const status = str(input.status) === '0' ? '0' : '1';
  const remark = str(input.remark) || null;
  if (remark && remark.length > 500) throw bizError('备注不能超过 500 个字符');
  if (!Array.isArray(input.sections) || input.sections.length === 0) throw bizError('试卷至少要有一个大题');
  if (input.sections.length > PAPER_LIMITS.sections) throw bizError(`一张试卷最多 ${PAPER_LIMITS.sections} 个大题`);

  const sections: SectionSpec[] = [];
  let questionCount = 0;
  let totalScore = 0;
  const seenIds = new Map<string, number>();
  input.sections.forEach((raw, i) => {
    const n = i + 1;
    const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const title = str(s.title) || `第 ${n} 大题`;
    if (title.length > 100) throw bizError(`第 ${n} 大题的标题不能超过 100 个字符`);
    const type = str(s.type);
    if (!(type in QUESTION_TYPE_TEXT)) throw bizError(`第 ${n} 大题的题型不正确`);
    const score = num(s.score);
    if (!Number.isFinite(score) || score <= 0) throw bizError(`第 ${n} 大题的每题分值必须大于 0`);
    if (score > PAPER_LIMITS.sectionScore || !twoDecimals(score))
      throw bizError(`第 ${n} 大题的每题分值不能超过 ${PAPER_LIMITS.sectionScore}，最多两位小数`);
    const ids = s.questionIds;
    const rules = s.rules;
    const hasIds = Array.isArray(ids) && ids.length > 0;
    const hasRules = Array.isArray(rules) && rules.length > 0;
    const mode = str(s.mode) === 'drawn' || (!hasIds && hasRules) ? 'drawn' : 'fixed';
    if (hasIds && hasRules) throw bizError(`第 ${n} 大题不能同时选择题目和设置抽题规则`);
    if (mode === 'fixed') {
      if (!hasIds) throw bizError(`第 ${n} 大题还没有题目：请选择题目或设置抽题规则`);
      const list = (ids as unknown[]).map(str);
      if (list.length > PAPER_LIMITS.questions)
        throw bizError(`一张试卷最多 ${PAPER_LIMITS.questions} 道题，第 ${n} 大题有 ${list.length} 道`);
      for (const id of list) {
        if (!id || id.length > 36) throw bizError(`第 ${n} 大题中有不正确的题目编号`);
        const prev = seenIds.get(id);
        if (prev !== undefined)
          throw bizError(
            prev === n
              ? `第 ${n} 大题中有重复的题目`
              : `第 ${prev} 大题和第 ${n} 大题选了同一道题目，一道题在试卷中只能出现一次`,
          );
        seenIds.set(id, n);
      }
      questionCount += list.length;
      totalScore += list.length * score;
      sections.push({ title, type, score, mode, questionIds: list, rules: [] });
    } else {
      if (!hasRules) throw bizError(`第 ${n} 大题还没有抽题规则`);
      if ((rules as unknown[]).length > PAPER_LIMITS.rulesPerSection)
        throw bizError(`第 ${n} 大题最多 ${PAPER_LIMITS.rulesPerSection} 条抽题规则`);
      const clean: QuizDrawRule[] = [];
      const seenRules = new Set<string>();
      (rules as unknown[]).forEach((r, j) => {
        const rule = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
        const subjectId = str(rule.subjectId);
        if (!subjectId || subjectId.length > 36) throw bizError(`第 ${n} 大题第 ${j + 1} 条规则没有选择题目分类`);
        const count = num(rule.count);
        if (!Number.isInteger(count) || count < 1)
          throw bizError(`第 ${n} 大题第 ${j + 1} 条规则的抽题数量必须是正整数`);
        if (count > PAPER_LIMITS.perRule)
          throw bizError(`第 ${n} 大题第 ${j + 1} 条规则的抽题数量不能超过 ${PAPER_LIMITS.perRule}`);
        const d = str(rule.difficulty);
        const difficulty = d === '' || d === '0' ? null : Number(d);
        if (difficulty !== null && !(Number.isInteger(difficulty) && difficulty >= 1 && difficulty <= 5))
          throw bizError(`第 ${n} 大题第 ${j + 1} 条规则的难度不正确`);
        const key = `${subjectId}\n${difficulty ?? ''}`;
        if (seenRules.has(key)) throw bizError(`第 ${n} 大题有重复的抽题规则（同一分类、同一难度），请合并数量`);
        seenRules.add(key);
        clean.push(difficulty === null ? { subjectId, count } : { subjectId, difficulty, count });
        questionCount += count;
        totalScore += count * score;
      });
      sections.push({ title, type, score, mode, questionIds: [], rules: clean });
    }
    if (questionCount > PAPER_LIMITS.questions)
      throw bizError(`一张试卷最多 ${PAPER_LIMITS.questions} 道题，当前已有 ${questionCount} 道`);
  });
  totalScore = round2(totalScore);
  if (passScore > totalScore) throw bizError(`及格分（${passScore}）不能高于总分（${totalScore}）`);
  return { name, passScore, duration, status, remark, sections, totalScore, questionCount };
}

/** the database side: fixed questions exist in the tenant and match their section's type; subjects exist; rules met */
export async function checkPaperContent(db: Db, tenantId: number, p: CleanPaper): Promise<void> {
  const ids = p.sections.flatMap((s) => s.questionIds);
  const found = new Map<string, { type: string; stemText: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: quizQuestion.id, type: quizQuestion.type, stemText: quizQuestion.stemText })
      .from(quizQuestion)
      .where(
        and(
          inArray(quizQuestion.id, ids.slice(i, i + 500)),
          eq(quizQuestion.delFlag, 0),
          eq(quizQuestion.tenantId, tenantId),
        ),
      );
    for (const r of rows) found.set(r.id, r);
  }
  const tree = await subjectTree(db, tenantId);
  p.sections.forEach((s, i) => {
    const n = i + 1;
    const missing = s.questionIds.filter((id) => !found.has(id));
    if (missing.length) throw bizError(`第 ${n} 大题中有 ${missing.length} 道题目不存在或已删除`);
    for (const id of s.questionIds) {
      const q = found.get(id)!;
      if (q.type !== s.type)
        throw bizError(
          `第 ${n} 大题是${QUESTION_TYPE_TEXT[s.type as QuestionType]}，题目「${q.stemText.slice(0, 20)}」是${QUESTION_TYPE_TEXT[q.type as QuestionType] ?? '其他题型'}`,
        );
    }
    for (const r of s.rules)
      if (!tree.names.has(r.subjectId)) throw bizError(`规则「${ruleLabel(s, r, tree)}」的题目分类不存在`);
  });
  await checkPaperRules(db, tenantId, p.sections);
}

// ---------------------------------------------------------------- reads

export async function findPaper(db: Db, id: string, tenancy: Tenancy): Promise<PaperRow> {
  const [row] = await db
    .select()
    .from(quizPaper)
    .where(and(eq(quizPaper.id, id), tenantWhere(quizPaper, tenancy)));
  if (!row) throw bizError('未找到对应数据');
  return row;
}

export async function sectionsOf(db: Db, paperId: string): Promise<SectionRow[]> {
  return db
    .select()
    .from(quizPaperSection)
    .where(eq(quizPaperSection.paperId, paperId))
    .orderBy(asc(quizPaperSection.sortNo));
}

/** the paper as the form loads it: sections with their picked questions (summaries) and rules (with subject names) */
export async function paperJson(db: Db, paper: PaperRow) {
  const sections = await sectionsOf(db, paper.id);
  const ids = sections.flatMap((s) => s.questionIds ?? []);
  const qs = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({
        id: quizQuestion.id,
        type: quizQuestion.type,
        stemText: quizQuestion.stemText,
        difficulty: quizQuestion.difficulty,
        status: quizQuestion.status,
        delFlag: quizQuestion.delFlag,
        subjectId: quizQuestion.subjectId,
        subjectName: quizSubject.name,
      })
      .from(quizQuestion)
      .leftJoin(quizSubject, eq(quizSubject.id, quizQuestion.subjectId))
      .where(inArray(quizQuestion.id, ids.slice(i, i + 500)));
    for (const r of rows) qs.set(r.id, r);
  }
  const tree = await subjectTree(db, paper.tenantId);
  return {
    ...rowJson(withoutTenant(paper)),
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      type: s.type,
      score: Number(s.score),
      mode: s.mode,
      questionIds: s.questionIds ?? [],
      questions: (s.questionIds ?? []).map((id) => qs.get(id) ?? { id, stemText: '（题目已删除）', missing: true }),
      rules: (s.rules ?? []).map((r) => ({ ...r, subjectName: tree.names.get(r.subjectId) ?? null })),
    })),
  };
}

// ---------------------------------------------------------------- writes

type SpecKey = keyof SectionSpec;

/** the section's spec fields, of a stored row or a checked form's section */
function specFields<T extends Record<SpecKey, unknown>>(s: T): Pick<T, SpecKey> {
  return { title: s.title, type: s.type, score: s.score, mode: s.mode, questionIds: s.questionIds, rules: s.rules };
}

/** the paper's own columns of a checked form (add and edit alike) */
const paperColumns = (p: CleanPaper) => ({
  name: p.name,
  passScore: p.passScore,
  duration: p.duration,
  totalScore: p.totalScore,
  questionCount: p.questionCount,
  status: p.status,
  remark: p.remark,
});

async function writeSections(db: Db, paperId: string, tenantId: number, sections: SectionSpec[]) {
  await db.delete(quizPaperSection).where(eq(quizPaperSection.paperId, paperId));
  if (!sections.length) return;
  await db.insert(quizPaperSection).values(
    sections.map((s, i) => ({
      id: newId(),
      paperId,
      sortNo: i + 1,
      ...specFields(s),
      tenantId,
    })),
  );
}

export async function addPaper(db: Db, actor: Actor, input: PaperInput): Promise<PaperRow> {
  const p = checkPaperShape(input);
  const tenantId = stampTenantId(actor.tenancy);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await checkPaperContent(t, tenantId, p);
    const id = newId();
    const [row] = await t
      .insert(quizPaper)
      .values({
        id,
        ...paperColumns(p),
        createBy: actor.user.username,
        createTime: new Date(),
        sysOrgCode: actor.user.orgCode ?? null,
        tenantId,
      })
      .returning();
    await writeSections(t, id, tenantId, p.sections);
    return row;
  });
}

export async function editPaper(db: Db, actor: Actor, id: string, input: PaperInput): Promise<PaperRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cur = await findPaper(t, id, actor.tenancy);
    const merged: PaperInput = {
      name: input.name ?? cur.name,
      passScore: input.passScore ?? cur.passScore,
      duration: input.duration ?? cur.duration,
      status: input.status ?? cur.status,
      remark: input.remark === undefined ? cur.remark : input.remark,
      sections: input.sections ?? (await sectionsOf(t, id)).map(specFields),
    };
    const p = checkPaperShape(merged);
    await checkPaperContent(t, cur.tenantId, p);
    const [row] = await t
      .update(quizPaper)
      .set({
        ...paperColumns(p),
        updateBy: actor.user.username,
        updateTime: new Date(),
      })
      .where(eq(quizPaper.id, id))
      .returning();
    await writeSections(t, id, cur.tenantId, p.sections);
    return row;
  });
}

export async function deletePapers(db: Db, actor: Actor, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const found = await t
      .select({ id: quizPaper.id })
      .from(quizPaper)
      .where(and(inArray(quizPaper.id, ids), tenantWhere(quizPaper, actor.tenancy)));
    if (!found.length) throw bizError('未找到对应数据');
    const list = found.map((f) => f.id);
    for (const guard of paperDeleteGuards) await guard(t, list);
    await t.delete(quizPaperSection).where(inArray(quizPaperSection.paperId, list));
    await t.delete(quizPaper).where(inArray(quizPaper.id, list));
    return list.length;
  });
}

export async function copyPaper(db: Db, actor: Actor, id: string): Promise<PaperRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cur = await findPaper(t, id, actor.tenancy);
    const sections = await sectionsOf(t, id);
    const newPaperId = newId();
    const [row] = await t
      .insert(quizPaper)
      .values({
        ...cur,
        id: newPaperId,
        name: `${cur.name}（副本）`.slice(0, 100),
        ...copyAudit(actor),
      })
      .returning();
    await writeSections(
      t,
      newPaperId,
      cur.tenantId,
      sections.map((s) => ({
        title: s.title,
        type: s.type,
        score: Number(s.score),
        mode: s.mode === 'drawn' ? 'drawn' : 'fixed',
        questionIds: s.questionIds ?? [],
        rules: s.rules ?? [],
      })),
    );
    return row;
  });
}

/** preview of an unsaved paper form (same checks as saving, nothing written) */
export async function previewInput(
  db: Db,
  actor: Actor,
  input: PaperInput,
): Promise<{ totalScore: number; questionCount: number; sections: SectionSnapshot[] }> {
  const p = checkPaperShape({ ...input, name: str(input.name) || '预览', duration: input.duration ?? 60 });
  const tenantId = stampTenantId(actor.tenancy);
  await checkPaperContent(db, tenantId, p);
  const sections = await drawSections(db, tenantId, p.sections);
  return { totalScore: p.totalScore, questionCount: p.questionCount, sections };
}
