import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizAttempt, quizPaper, quizPaperSection, quizQuestion, quizSubject } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/serialize.ts';

/** Test helpers: a paper of one question of each type written straight into the bank tables. */

export interface SeededPaper {
  paperId: string;
  /** question ids by type '1' … '5' */
  q: Record<'1' | '2' | '3' | '4' | '5', string>;
}

const QUESTIONS = [
  {
    type: '1',
    stem: '中国的首都是？',
    options: [
      { key: 'A', content: '上海' },
      { key: 'B', content: '北京' },
      { key: 'C', content: '广州' },
      { key: 'D', content: '深圳' },
    ],
    answer: 'B',
    score: 2,
  },
  {
    type: '2',
    stem: '以下哪些是偶数？',
    options: [
      { key: 'A', content: '2' },
      { key: 'B', content: '3' },
      { key: 'C', content: '4' },
      { key: 'D', content: '5' },
    ],
    answer: 'A,C',
    score: 4,
  },
  { type: '3', stem: '地球是圆的。', options: null, answer: '1', score: 1 },
  {
    type: '4',
    stem: '中华人民共和国成立于（ ）年，首都（ ）。',
    options: null,
    answer: '[["1949"],["北京","Beijing"]]',
    score: 3,
    blanks: 2,
  },
  { type: '5', stem: '简述安全生产的意义。', options: null, answer: '保障生命财产安全', score: 10 },
] as const;

export async function seedPaper(db: Db, tenantId = 0, name = '测试试卷'): Promise<SeededPaper> {
  const subjectId = newId();
  const now = new Date();
  await db.insert(quizSubject).values({ id: subjectId, name: `科目${subjectId.slice(-4)}`, tenantId, createTime: now });
  const q = {} as SeededPaper['q'];
  for (const x of QUESTIONS) {
    const id = newId();
    q[x.type] = id;
    await db.insert(quizQuestion).values({
      id,
      subjectId,
      type: x.type,
      stem: x.stem,
      stemText: x.stem,
      stemHash: id.slice(-16),
      options: x.options ? x.options.map((o) => ({ ...o })) : null,
      answer: x.answer,
      analysis: `解析：${x.stem}`,
      difficulty: 3,
      score: x.score,
      blanks: 'blanks' in x ? x.blanks : 0,
      status: '1',
      tenantId,
      createTime: now,
    });
  }
  const paperId = newId();
  await db.insert(quizPaper).values({
    id: paperId,
    name,
    passScore: 12,
    duration: 30,
    totalScore: 20,
    questionCount: 5,
    status: '1',
    tenantId,
    createTime: now,
  });
  let i = 0;
  for (const x of QUESTIONS) {
    await db.insert(quizPaperSection).values({
      id: newId(),
      paperId,
      sortNo: i++,
      title: `第${i}大题`,
      type: x.type,
      score: x.score,
      mode: 'fixed',
      questionIds: [q[x.type]],
      rules: [],
      tenantId,
    });
  }
  return { paperId, q };
}

/** `yyyy-MM-dd HH:mm:ss` (GMT+8) of now + minutes */
export const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000))!;

/** moves an attempt's deadline into the past (the clock of the test is the database's) */
export async function expire(db: Db, attemptId: string): Promise<void> {
  await db
    .update(quizAttempt)
    .set({ deadline: sql`(now() at time zone 'utc') - interval '1 second'` })
    .where(eq(quizAttempt.id, attemptId));
}

/**
 * The hand-computed example (also used by statistics.test.ts through the API):
 * totals 95 88 80 76 70 65 60 55 40 30, pass line 60, paper total 100.
 *   Σ = 659, mean 65.9, median (70 + 65) / 2 = 67.5, max 95, min 30
 *   Σ (x − 65.9)² = 3766.9, sample variance 3766.9 / 9 = 418.544…, stdDev 20.458… → 20.46
 *   passed 7 of 10 → 0.7
 *   bins of 10: 30→3, 40→4, 55→5, 60 65→6, 70 76→7, 80 88→8, 95→9
 * Q1 (5 points), by total descending: 5 5 5 0 5 0 5 0 0 0 → facility 25 / 50 = 0.5; groups of round(2.7) = 3:
 *   top 5 5 5, bottom 0 0 0 → (5 − 0) / 5 = 1
 * Q2 (2 points): 2 1 2 2 0 2 1 2 2 2 → facility 16 / 20 = 0.8; top 2 1 2 (5/3), bottom 2 2 2 (2) → −1/6 → −0.1667
 */
export const HAND = {
  totals: [95, 88, 80, 76, 70, 65, 60, 55, 40, 30],
  q1: [5, 5, 5, 0, 5, 0, 5, 0, 0, 0],
  q2: [2, 1, 2, 2, 0, 2, 1, 2, 2, 2],
};
