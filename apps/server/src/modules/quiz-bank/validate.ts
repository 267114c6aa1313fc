import { createHash } from 'node:crypto';
import {
  countBlanks,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPTION_KEYS,
  QUESTION_TYPE_TEXT,
  QUESTION_TYPES,
  type QuestionType,
} from '@answer/contract';
import type { QuizOption } from '../../db/schema/index.ts';
import { sanitizeRichText as sanitizeHtml, stripHtml as stripTags } from '../announcement/sanitize.ts';

/**
 * The rules of one question (quiz-contract §1), shared by the form (add/edit), the Excel import and the Word import:
 * every problem is reported (the import's error file lists all of them), in Chinese, and nothing is stored unless there
 * are none. Rich text (stem, option contents, analysis) is sanitised here with the announcements' allow-list.
 */

export const LIMITS = {
  /** sanitised HTML of a stem or an analysis (images as data URIs count) */
  stem: 200_000,
  analysis: 200_000,
  option: 20_000,
  answer: 20_000,
  tags: 500,
  /** accepted answers per blank, and the length of each */
  answersPerBlank: 20,
  blankAnswer: 200,
  blanks: 50,
  maxScore: 1000,
} as const;

/** What a client (or an import row) sends; loosely typed: everything is checked. */
export interface QuestionInput {
  subjectId?: unknown;
  type?: unknown;
  stem?: unknown;
  options?: unknown;
  answer?: unknown;
  analysis?: unknown;
  difficulty?: unknown;
  score?: unknown;
  tags?: unknown;
  status?: unknown;
}

/** A checked question, ready for the row (subject existence is checked by the caller). */
export interface CleanQuestion {
  subjectId: string;
  type: QuestionType;
  stem: string;
  stemText: string;
  stemHash: string;
  options: QuizOption[] | null;
  answer: string;
  analysis: string | null;
  difficulty: number;
  score: number;
  blanks: number;
  tags: string | null;
  status: '0' | '1';
}

export type Checked = { ok: true; value: CleanQuestion } | { ok: false; problems: string[] };

const TYPE_BY_TEXT: Record<string, QuestionType> = {
  单选: '1',
  单选题: '1',
  单项选择题: '1',
  多选: '2',
  多选题: '2',
  多项选择题: '2',
  判断: '3',
  判断题: '3',
  填空: '4',
  填空题: '4',
  简答: '5',
  简答题: '5',
  问答题: '5',
};

/** '1'…'5' or a type's name (单选, 单选题, 单项选择题 …) → the type; undefined when unknown */
export function typeOf(v: unknown): QuestionType | undefined {
  const s = String(v ?? '').trim();
  if ((QUESTION_TYPES as readonly string[]).includes(s)) return s as QuestionType;
  return TYPE_BY_TEXT[s];
}

const DIFFICULTY_BY_TEXT: Record<string, number> = { 很易: 1, 较易: 2, 中等: 3, 较难: 4, 很难: 5, 易: 2, 难: 4 };

const TRUE_TEXTS = new Set(['1', '正确', '对', '是', '√', '✓', 't', 'true', 'y', 'yes']);
const FALSE_TEXTS = new Set(['0', '错误', '错', '否', '×', '✗', 'x', 'f', 'false', 'n', 'no']);

/** text without markup or entities needs no parser (most imported cells): the sanitiser would return it trimmed */
const PLAIN = /^[^<>&]*$/;
function sanitizeRichText(html: string): string {
  return PLAIN.test(html) ? html.trim() : sanitizeHtml(html);
}
function stripHtml(html: string): string {
  return PLAIN.test(html) ? html.replace(/\s+/g, ' ').trim() : stripTags(html);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** the stem's normalised form for the same-stem check: text without spaces/punctuation width, plus its images */
export function stemFingerprint(stemHtml: string): { text: string; hash: string } {
  const plain = stripHtml(stemHtml);
  const images = [...stemHtml.matchAll(/<img[^>]*\ssrc="([^"]*)"/gi)].map((m) => m[1]);
  const norm = toHalfWidth(plain)
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '');
  return {
    text: plain,
    hash: createHash('md5')
      .update(`${norm}\n${images.join('\n')}`)
      .digest('hex'),
  };
}

/** full-width ASCII (Ａ１，) → half-width; the ideographic space → a space */
export function toHalfWidth(s: string): string {
  return s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/** The 填空 answers of a client: an array of arrays, a JSON string of one, or the plain form `北京|Beijing；1949`. */
export function parseBlankAnswers(v: unknown): string[][] | string {
  let raw: unknown = v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return [];
    if (s.startsWith('[')) {
      try {
        raw = JSON.parse(s);
      } catch {
        return '填空题的答案格式不正确：应为 ["答案1"] 这样的 JSON 数组，或用；分隔各空、用 | 分隔同一空的多个答案';
      }
    } else {
      return s.split(/[；;]/).map((blank) =>
        blank
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      );
    }
  }
  if (!Array.isArray(raw)) return '填空题的答案应为每空一组的答案列表';
  return raw.map((blank) =>
    (Array.isArray(blank) ? blank : [blank])
      .map((a) => (a === null || a === undefined ? '' : String(a).trim()))
      .filter(Boolean),
  );
}

/** the plain form of 填空 answers for Excel (`北京|Beijing；1949`), or JSON when an answer contains a separator */
export function blankAnswersText(answer: string): string {
  try {
    const list = JSON.parse(answer) as string[][];
    if (list.some((b) => b.some((a) => /[|；;]/.test(a) || a.startsWith('['))) || list.length === 0) return answer;
    return list.map((b) => b.join('|')).join('；');
  } catch {
    return answer;
  }
}

/** Checks and normalises one question; every problem is listed. */
export function checkQuestion(input: QuestionInput): Checked {
  const problems: string[] = [];
  const subjectId = text(input.subjectId).trim();
  if (!subjectId) problems.push('题目分类不能为空');
  else if (subjectId.length > 36) problems.push('题目分类不正确');

  const rawType = text(input.type).trim();
  const type = typeOf(rawType);
  if (!rawType) problems.push('题型不能为空');
  else if (!type) problems.push(`题型「${rawType.slice(0, 20)}」不正确，应为 单选、多选、判断、填空 或 简答`);

  const rawStem = text(input.stem);
  let stem = '';
  if (rawStem.length > LIMITS.stem * 2) problems.push(`题干太长：不能超过 ${LIMITS.stem} 个字符`);
  else {
    stem = sanitizeRichText(rawStem);
    if (stem.length > LIMITS.stem) problems.push(`题干太长：不能超过 ${LIMITS.stem} 个字符`);
  }
  const fp = stemFingerprint(stem);
  if (!problems.some((p) => p.startsWith('题干')) && fp.text === '' && !/<img\s/i.test(stem))
    problems.push('题干不能为空');

  // options (单选/多选 only)
  let options: QuizOption[] | null = null;
  if (type === '1' || type === '2') {
    const list = Array.isArray(input.options) ? (input.options as unknown[]) : null;
    if (!list || list.length < MIN_OPTIONS) problems.push(`${QUESTION_TYPE_TEXT[type]}至少要有 ${MIN_OPTIONS} 个选项`);
    else if (list.length > MAX_OPTIONS) problems.push(`选项不能超过 ${MAX_OPTIONS} 个（A–H）`);
    else {
      options = [];
      const seen = new Map<string, string>();
      list.forEach((o, i) => {
        const expected = OPTION_KEYS[i];
        const rec = (o && typeof o === 'object' ? o : {}) as Record<string, unknown>;
        const key = text(rec.key ?? expected)
          .trim()
          .toUpperCase();
        if (key !== expected) problems.push(`第 ${i + 1} 个选项的字母应为 ${expected}（选项依次为 A、B、C…）`);
        const raw = text(rec.content);
        if (raw.length > LIMITS.option * 2) {
          problems.push(`选项 ${expected} 太长：不能超过 ${LIMITS.option} 个字符`);
          options?.push({ key: expected, content: '' });
          return;
        }
        const content = sanitizeRichText(raw);
        if (content.length > LIMITS.option) problems.push(`选项 ${expected} 太长：不能超过 ${LIMITS.option} 个字符`);
        const plain = stripHtml(content);
        if (!plain && !/<img\s/i.test(content)) problems.push(`选项 ${expected} 的内容不能为空`);
        else {
          const norm = `${plain}\n${content.includes('<img') ? content : ''}`;
          const dup = seen.get(norm);
          if (dup) problems.push(`选项 ${dup} 与选项 ${expected} 的内容相同`);
          else seen.set(norm, expected);
        }
        options?.push({ key: expected, content });
      });
    }
  }

  // answer by type
  let answer = '';
  let blanks = 0;
  const rawAnswer = input.answer;
  const answerText = typeof rawAnswer === 'string' ? rawAnswer.trim() : '';
  const keys = (options ?? []).map((o) => o.key);
  if (type === '1') {
    const a = toHalfWidth(answerText).toUpperCase().replace(/\s+/g, '');
    if (!a) problems.push('答案不能为空');
    else if (!/^[A-H]$/.test(a)) problems.push('单选题的答案只能是一个选项字母，如 B');
    else if (options && !keys.includes(a)) problems.push(`答案 ${a} 不在选项中`);
    answer = a;
  } else if (type === '2') {
    const parts = toHalfWidth(answerText)
      .toUpperCase()
      .split(/[,，、\s]+/)
      .flatMap((p) => (/^[A-Z]+$/.test(p) ? p.split('') : [p]))
      .filter(Boolean);
    if (!parts.length) problems.push('答案不能为空');
    else {
      const bad = parts.filter((p) => !/^[A-H]$/.test(p) || (options && !keys.includes(p)));
      if (bad.length) problems.push(`答案 ${[...new Set(bad)].join('、').slice(0, 40)} 不在选项中`);
      const set = [...new Set(parts)].sort();
      if (set.length !== parts.length) problems.push('答案中有重复的选项');
      if (set.length < 2) problems.push('多选题至少要有两个正确答案');
      answer = set.join(',');
    }
  } else if (type === '3') {
    const a = answerText.toLowerCase();
    if (!a) problems.push('答案不能为空');
    else if (TRUE_TEXTS.has(a)) answer = '1';
    else if (FALSE_TEXTS.has(a)) answer = '0';
    else problems.push('判断题的答案只能是 正确（1）或 错误（0）');
  } else if (type === '4') {
    blanks = countBlanks(stem);
    const parsed = parseBlankAnswers(rawAnswer);
    if (typeof parsed === 'string') problems.push(parsed);
    else if (blanks === 0) problems.push('填空题的题干中没有空，请用（ ）或 ___ 标出填空的位置');
    else if (blanks > LIMITS.blanks) problems.push(`填空题最多 ${LIMITS.blanks} 个空`);
    else if (parsed.length === 0) problems.push('答案不能为空');
    else if (parsed.length !== blanks)
      problems.push(
        parsed.length < blanks
          ? `题干中有 ${blanks} 个空，答案只有 ${parsed.length} 个`
          : `题干中有 ${blanks} 个空，答案却有 ${parsed.length} 个`,
      );
    else {
      parsed.forEach((b, i) => {
        if (b.length === 0) problems.push(`第 ${i + 1} 个空没有答案`);
        if (b.length > LIMITS.answersPerBlank)
          problems.push(`第 ${i + 1} 个空的答案不能超过 ${LIMITS.answersPerBlank} 个`);
        if (b.some((a) => a.length > LIMITS.blankAnswer))
          problems.push(`第 ${i + 1} 个空的答案不能超过 ${LIMITS.blankAnswer} 个字符`);
      });
      answer = JSON.stringify(parsed);
    }
  } else if (type === '5') {
    const a = text(rawAnswer).trim();
    if (!a) problems.push('简答题的参考答案不能为空');
    else if (a.length > LIMITS.answer) problems.push(`参考答案不能超过 ${LIMITS.answer} 个字符`);
    answer = a;
  }

  const rawAnalysis = text(input.analysis);
  let analysis: string | null = null;
  if (rawAnalysis.length > LIMITS.analysis * 2) problems.push(`解析太长：不能超过 ${LIMITS.analysis} 个字符`);
  else if (rawAnalysis.trim()) {
    analysis = sanitizeRichText(rawAnalysis) || null;
    if (analysis && analysis.length > LIMITS.analysis) problems.push(`解析太长：不能超过 ${LIMITS.analysis} 个字符`);
  }

  let difficulty = 3;
  const rawDifficulty = text(input.difficulty).trim();
  if (rawDifficulty) {
    const d = DIFFICULTY_BY_TEXT[rawDifficulty] ?? Number(rawDifficulty);
    if (!Number.isInteger(d) || d < 1 || d > 5) problems.push('难度只能是 1–5（很易、较易、中等、较难、很难）');
    else difficulty = d;
  }

  let score = 1;
  const rawScore = text(input.score).trim();
  if (rawScore) {
    const s = Number(rawScore);
    if (!Number.isFinite(s) || s <= 0) problems.push('分值必须大于 0');
    else if (s > LIMITS.maxScore) problems.push(`分值不能超过 ${LIMITS.maxScore}`);
    else if (Math.round(s * 100) !== Math.round(s * 100 * 1e6) / 1e6) problems.push('分值最多两位小数');
    else score = Math.round(s * 100) / 100;
  }

  const tagsRaw = text(input.tags)
    .split(/[,，、]/)
    .map((t) => stripHtml(t))
    .filter(Boolean)
    .join(',');
  if (tagsRaw.length > LIMITS.tags) problems.push(`标签不能超过 ${LIMITS.tags} 个字符`);

  const rawStatus = text(input.status).trim();
  let status: '0' | '1' = '1';
  if (rawStatus === '0' || rawStatus === '停用') status = '0';
  else if (rawStatus && rawStatus !== '1' && rawStatus !== '启用') problems.push('状态只能是 启用（1）或 停用（0）');

  if (problems.length || !type) return { ok: false, problems: [...new Set(problems)] };
  return {
    ok: true,
    value: {
      subjectId,
      type,
      stem,
      stemText: fp.text,
      stemHash: fp.hash,
      options: type === '1' || type === '2' ? options : null,
      answer,
      analysis,
      difficulty,
      score,
      blanks: type === '4' ? blanks : 0,
      tags: tagsRaw || null,
      status,
    },
  };
}
