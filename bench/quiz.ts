/**
 * Exam-day data of `npm run bench` (issue 25): a published exam of 20 questions (the bank's tables, drawn with the
 * bank's drawPaper like a real publish) for CANDIDATES users of the bench data, each with a live session whose token
 * the bench knows (rows written straight into sys_session: the bench measures answering, not argon2id sign-in).
 * The bench then opens the exam once per candidate (the first start creates the attempt) and measures:
 * - `start` again (opening the exam: reload / another device → the same attempt with its questions and answers);
 * - `save` (one candidate per connection, each re-answering a question of their own attempt).
 * The floor of `save` (bench/floor-server.ts `/quiz-save`) runs the same upsert statement from a bare route.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  quizExam,
  quizPaper,
  quizPaperSection,
  quizQuestion,
  quizSubject,
  sysSession,
} from '../apps/server/src/db/schema/index.ts';
import { drawSnapshot } from '../apps/server/src/modules/quiz-exam/paper.ts';
import { hashToken } from '../apps/server/src/platform/sessions.ts';

export const CANDIDATES = 20;

export interface QuizBench {
  examId: string;
  /** one per candidate */
  tokens: string[];
  /** a 单选 question of the paper (every candidate answers it over and over) */
  questionId: string;
}

export async function prepareQuizBench(db: Db): Promise<QuizBench> {
  const now = new Date();
  const subjectId = 'bench-subject';
  await db.insert(quizSubject).values({ id: subjectId, name: '压测科目', createTime: now });
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const id = `bench-q-${i}`;
    ids.push(id);
    const stem = `压测单选题 ${i}：下列哪一项是正确的？`;
    await db.insert(quizQuestion).values({
      id,
      subjectId,
      type: '1',
      stem,
      stemText: stem,
      stemHash: `bench${i}`,
      options: ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `选项 ${key} 的内容` })),
      answer: 'B',
      analysis: '解析',
      difficulty: 3,
      score: 5,
      status: '1',
      createTime: now,
    });
  }
  await db.insert(quizPaper).values({
    id: 'bench-paper',
    name: '压测试卷',
    passScore: 60,
    duration: 600,
    totalScore: 100,
    questionCount: 20,
    createTime: now,
  });
  await db.insert(quizPaperSection).values({
    id: 'bench-section',
    paperId: 'bench-paper',
    title: '单选题',
    type: '1',
    score: 5,
    mode: 'fixed',
    questionIds: ids,
  });
  const users = (
    (await db.execute(
      sql`select id, username from sys_user where del_flag = 0 and status = 1 and username <> 'admin'
           order by username limit ${CANDIDATES}`,
    )) as unknown as { rows: { id: string; username: string }[] }
  ).rows;
  const paper = await drawSnapshot(db, 'bench-paper', null);
  const { duration: _d, ...snapshot } = paper;
  await db.insert(quizExam).values({
    id: 'bench-exam',
    name: '压测考试',
    paperId: 'bench-paper',
    paperName: paper.name,
    startTime: new Date(now.getTime() - 3_600_000),
    endTime: new Date(now.getTime() + 24 * 3_600_000),
    duration: 600,
    attempts: 1,
    userIds: users.map((u) => u.id).join(','),
    published: 1,
    publishTime: now,
    paperSnapshot: snapshot,
    totalScore: paper.totalScore,
    passScore: paper.passScore,
    createTime: now,
  });
  const tokens: string[] = [];
  for (const u of users) {
    const token = randomBytes(32).toString('base64url');
    tokens.push(token);
    await db.insert(sysSession).values({
      tokenHash: hashToken(token),
      userId: u.id,
      username: u.username,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 24 * 3_600_000),
    });
  }
  return { examId: 'bench-exam', tokens, questionId: ids[0] };
}
