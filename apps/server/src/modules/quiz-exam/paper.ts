import type { Db } from '../../db/client.ts';
import type { AttemptSnapshot, SnapshotQuestion } from '../../db/schema/index.ts';
import { drawPaper, type PaperSnapshot } from '../quiz-bank/draw.ts';
import { shuffled } from './rules.ts';

/**
 * The bridge to the question bank (issue "question bank and papers"): `drawPaper` draws the paper's sections into a
 * self-contained snapshot; exams keep one at publish, attempts keep the questions they were served.
 */

/** a paper snapshot flattened: every question with its section index and the section's score */
export function flatten(p: PaperSnapshot): AttemptSnapshot {
  const questions: SnapshotQuestion[] = [];
  p.sections.forEach((s, i) => {
    for (const q of s.questions) {
      questions.push({
        id: q.id,
        type: String(q.type),
        stem: q.stem,
        options: q.options ? q.options.map((o) => ({ key: o.key, content: o.content })) : null,
        answer: q.answer,
        analysis: q.analysis ?? null,
        difficulty: q.difficulty ?? null,
        score: Number(s.score),
        blanks: q.blanks ?? null,
        section: i,
      });
    }
  });
  return {
    paperId: p.paperId,
    name: p.name,
    passScore: Number(p.passScore),
    totalScore: Number(p.totalScore),
    sections: p.sections.map((s) => ({
      title: s.title,
      type: String(s.type),
      score: Number(s.score),
      count: s.questions.length,
    })),
    questions,
  };
}

/** draws the paper now (the bank's rules, the paper's tenant); null tenant = any tenant (jobs, platform admin) */
export async function drawSnapshot(
  db: Db,
  paperId: string,
  tenantId: number | null,
  random?: () => number,
): Promise<AttemptSnapshot & { duration: number }> {
  const p = await drawPaper(db, paperId, { tenantId, random });
  return { ...flatten(p), duration: Number(p.duration) };
}

/**
 * The questions one candidate is served: sections keep their order; inside a section questions are shuffled when
 * `shuffleQuestions`, options of choice questions when `shuffleOptions` (keys stay those of the bank: the page labels
 * them by position, answers are stored by key).
 */
export function serveSnapshot(
  base: AttemptSnapshot,
  rules: { shuffleQuestions: boolean; shuffleOptions: boolean },
  random: () => number = Math.random,
): AttemptSnapshot {
  const bySection = new Map<number, SnapshotQuestion[]>();
  for (const q of base.questions) {
    const list = bySection.get(q.section) ?? [];
    list.push(q);
    bySection.set(q.section, list);
  }
  const questions: SnapshotQuestion[] = [];
  for (const idx of [...bySection.keys()].sort((a, b) => a - b)) {
    const list = bySection.get(idx) ?? [];
    for (const q of rules.shuffleQuestions ? shuffled(list, random) : list) {
      const choice = q.type === '1' || q.type === '2';
      questions.push({
        ...q,
        options: q.options && choice && rules.shuffleOptions ? shuffled(q.options, random) : q.options,
      });
    }
  }
  return { ...base, questions };
}
