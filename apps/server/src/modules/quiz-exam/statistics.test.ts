import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { type AttemptSnapshot, quizAnswer, quizAttempt, quizExam } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { newId } from '../../platform/ids.ts';
import { at, HAND, seedPaper } from './test-helpers.ts';

const s = adminSession();

/**
 * The hand-computed example of stats-math.test.ts through the API and SQL: 10 candidates (best attempts) with totals
 * 95 … 30, Q1 (单选, 5 points) and Q2 (多选, 2 points); a worse second attempt of the first candidate is ignored.
 */
describe('/answer/exam/statistics', () => {
  it('matches the hand-computed figures', async () => {
    const db = s.t.app.ctx.db;
    const paper = await seedPaper(db);
    const add = await s.call('POST', '/jeecg-boot/answer/exam/add', {
      name: '统计考试',
      paperId: paper.paperId,
      startTime: at(-60),
      endTime: at(60),
      userIds: USER_IDS.jeecg,
      attempts: 2,
    });
    const examId = add.json.result as string;
    await db.update(quizExam).set({ totalScore: 100, passScore: 60, published: 1 }).where(eq(quizExam.id, examId));
    const snapshot: AttemptSnapshot = {
      paperId: paper.paperId,
      name: 'p',
      passScore: 60,
      totalScore: 100,
      sections: [],
      questions: [
        {
          id: 'q1',
          type: '1',
          stem: 'Q1',
          options: [
            { key: 'A', content: 'a' },
            { key: 'B', content: 'b' },
          ],
          answer: 'B',
          analysis: null,
          difficulty: 3,
          score: 5,
          blanks: null,
          section: 0,
        },
        {
          id: 'q2',
          type: '2',
          stem: 'Q2',
          options: [
            { key: 'A', content: 'a' },
            { key: 'B', content: 'b' },
            { key: 'C', content: 'c' },
          ],
          answer: 'A,C',
          analysis: null,
          difficulty: 3,
          score: 2,
          blanks: null,
          section: 1,
        },
      ],
    };
    const q2Answer: Record<number, string> = { 2: 'A,C', 1: 'A', 0: 'B' };
    const now = new Date();
    const attempt = (i: number, total: number, attemptNo = 1) => ({
      id: newId(),
      examId,
      candidateKey: `u:cand${i}`,
      candidateName: `考生${i}`,
      orgCode: i < 5 ? 'A01' : 'A01A01',
      attemptNo,
      snapshot,
      startTime: now,
      deadline: now,
      submitTime: now,
      status: '2',
      totalScore: total,
      pass: total >= 60 ? 1 : 0,
    });
    for (let i = 0; i < 10; i++) {
      const a = attempt(i, HAND.totals[i]);
      await db.insert(quizAttempt).values(a);
      await db.insert(quizAnswer).values([
        {
          attemptId: a.id,
          questionId: 'q1',
          answer: HAND.q1[i] ? 'B' : 'A',
          score: HAND.q1[i],
          auto: 1,
          updatedAt: now,
        },
        { attemptId: a.id, questionId: 'q2', answer: q2Answer[HAND.q2[i]], score: HAND.q2[i], auto: 1, updatedAt: now },
      ]);
    }
    // a worse second attempt of candidate 0: each candidate counts once, with the best attempt
    await db.insert(quizAttempt).values(attempt(0, 10, 2));

    const res = await s.get(`/jeecg-boot/answer/exam/statistics?examId=${examId}`);
    expect(res.json.success).toBe(true);
    const r = res.json.result;
    expect(r).toMatchObject({
      participants: 11,
      started: 10,
      submitted: 10,
      mean: 65.9,
      median: 67.5,
      max: 95,
      min: 30,
      stdDev: 20.46,
      passRate: 0.7,
    });
    expect(r.distribution.map((b: { count: number }) => b.count)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 1]);
    expect(r.distribution[3]).toEqual({ from: 30, to: 40, count: 1 });
    const [q1, q2] = r.questions;
    expect(q1).toMatchObject({ questionId: 'q1', correctRate: 0.5, discrimination: 1, optionCounts: { A: 5, B: 5 } });
    expect(q2).toMatchObject({
      questionId: 'q2',
      correctRate: 0.8,
      discrimination: -0.1667,
      optionCounts: { A: 9, B: 1, C: 7 },
    });
    expect(q2.flag).toMatch(/区分度为负/);
    expect(r.departments).toEqual([
      expect.objectContaining({ orgCode: 'A01', submitted: 5, mean: 81.8, passRate: 1 }),
      expect.objectContaining({ orgCode: 'A01A01', submitted: 5, mean: 50, passRate: 0.4 }),
    ]);
    const rates = await s.get('/jeecg-boot/answer/exam/passRates');
    expect(rates.json.result.at(-1)).toMatchObject({ examId, submitted: 10, passed: 7, passRate: 0.7 });
  });
});
