import { OPTION_KEYS } from '@answer/contract';
import type { ExcelColumn, ImportRow } from '../../platform/excel.ts';
import { stripHtml } from '../announcement/sanitize.ts';
import type { ImportItem } from './questions.ts';
import { blankAnswersText } from './validate.ts';

/**
 * The question sheet (template, import, export — one format, so an export re-imports): one question per row.
 *
 *   分类 | 题型 | 题干 | 选项A … 选项H | 答案 | 解析 | 难度 | 分值 | 标签 | 状态
 *
 * 分类: the subject's path (数学/代数), a unique name or its code. 题型: 单选/多选/判断/填空/简答 (or 1–5).
 * 答案: 单选 `B`; 多选 `A,C`; 判断 `正确`/`错误`; 填空 each blank's accepted answers joined by `|`, blanks by `；`
 * (`北京|Beijing；1949`, or the JSON array); 简答 the reference answer. 难度 很易…很难 (or 1–5); 状态 启用/停用.
 * Rich text is written as its plain text when it has no markup beyond paragraphs, otherwise as HTML (re-imported as
 * rich text and sanitised again).
 */

export const QUESTION_SHEET: readonly ExcelColumn[] = [
  { key: 'subject', title: '分类', width: 20 },
  { key: 'type', title: '题型', width: 8, dict: 'question_type' },
  { key: 'stem', title: '题干', width: 50 },
  ...OPTION_KEYS.map((k) => ({ key: `option${k}`, title: `选项${k}`, width: 18 })),
  { key: 'answer', title: '答案', width: 16 },
  { key: 'analysis', title: '解析', width: 30 },
  { key: 'difficulty', title: '难度', width: 8, dict: 'question_difficulty' },
  { key: 'score', title: '分值', width: 8 },
  { key: 'tags', title: '标签', width: 14 },
  { key: 'status', title: '状态', width: 8 },
];

/** rich text → the cell: plain text when it is only paragraphs/line breaks, else the HTML itself */
export function cellOfRich(html: string | null | undefined): string {
  if (!html) return '';
  const simple = html.replace(/<\/?p>|<br\s*\/?>/gi, '');
  if (!/[<>]/.test(simple)) return stripHtml(html.replace(/<\/p>\s*<p>|<br\s*\/?>/gi, '\n')).trim();
  return html;
}

/** a question row (list selection + stem/options/analysis) → the sheet's record */
export function sheetRecord(q: Record<string, unknown>, subjectPath: string): Record<string, unknown> {
  const rec: Record<string, unknown> = {
    subject: subjectPath,
    type: q.type,
    stem: cellOfRich(q.stem as string),
    answer: '',
    analysis: cellOfRich(q.analysis as string | null),
    difficulty: String(q.difficulty),
    score: Number(q.score),
    tags: q.tags ?? '',
    status: q.status === '0' ? '停用' : '启用',
  };
  const options = (q.options as { key: string; content: string }[] | null) ?? [];
  for (const o of options) rec[`option${o.key}`] = cellOfRich(o.content);
  const answer = String(q.answer ?? '');
  rec.answer = q.type === '3' ? (answer === '1' ? '正确' : '错误') : q.type === '4' ? blankAnswersText(answer) : answer;
  return rec;
}

/** a sheet row → an import item (options: the non-empty 选项 cells up to the last one given) */
export function importItemOf(r: ImportRow): ImportItem {
  const v = r.values;
  const cells = OPTION_KEYS.map((k) => v[`option${k}`] ?? '');
  let last = -1;
  cells.forEach((c, i) => {
    if (c !== '') last = i;
  });
  const options = cells.slice(0, last + 1).map((content, i) => ({ key: OPTION_KEYS[i], content }));
  const textToHtml = (s: string) => (/<[a-z][\s\S]*>/i.test(s) ? s : escapeText(s).replace(/\r?\n/g, '<br>'));
  return {
    rowNo: r.rowNo,
    subject: v.subject ?? '',
    input: {
      type: v.type,
      stem: textToHtml(v.stem ?? ''),
      options: options.length ? options.map((o) => ({ ...o, content: textToHtml(o.content) })) : undefined,
      answer: v.answer,
      analysis: v.analysis ? textToHtml(v.analysis) : '',
      difficulty: v.difficulty,
      score: v.score,
      tags: v.tags,
      status: v.status,
    },
  };
}

/** plain text → HTML text (so `a<b` stays text) */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** the template's example rows (one per type), in the tenant's first subject */
export function templateRows(subject: string): Record<string, unknown>[] {
  return [
    {
      subject,
      type: '1',
      stem: '我国的首都是（ ）。',
      optionA: '上海',
      optionB: '北京',
      optionC: '广州',
      optionD: '深圳',
      answer: 'B',
      analysis: '北京是中华人民共和国的首都。',
      difficulty: '1',
      score: 2,
      tags: '常识',
      status: '启用',
    },
    {
      subject,
      type: '2',
      stem: '下列属于四大发明的有（ ）。',
      optionA: '造纸术',
      optionB: '指南针',
      optionC: '蒸汽机',
      optionD: '火药',
      answer: 'A,B,D',
      analysis: '四大发明：造纸术、指南针、火药、印刷术。',
      difficulty: '2',
      score: 3,
      tags: '历史',
      status: '启用',
    },
    {
      subject,
      type: '3',
      stem: '地球绕太阳公转一周约为一年。',
      answer: '正确',
      difficulty: '1',
      score: 1,
      status: '启用',
    },
    {
      subject,
      type: '4',
      stem: '中华人民共和国成立于 ___ 年，首都是（ ）。',
      answer: '1949；北京|Beijing',
      analysis: '每空用；分隔，同一空的多个可接受答案用 | 分隔。',
      difficulty: '2',
      score: 2,
      status: '启用',
    },
    {
      subject,
      type: '5',
      stem: '简述安全生产“三同时”制度。',
      answer: '安全设施与主体工程同时设计、同时施工、同时投入生产和使用。',
      difficulty: '3',
      score: 10,
      status: '启用',
    },
  ];
}
