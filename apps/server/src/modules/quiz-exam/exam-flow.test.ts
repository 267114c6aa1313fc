import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import {
  answerReservation,
  answerSession,
  quizAnswer,
  quizAttempt,
  quizGradeLog,
  quizQuestion,
  sysAnnouncement,
} from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { newId } from '../../platform/ids.ts';
import { idCard } from '../answer/test-helpers.ts';
import { EXAM_AUTO_SUBMIT_JOB, jobClassOf } from '../quartz/registry.ts';
import { at, expire, type SeededPaper, seedPaper } from './test-helpers.ts';

const s = adminSession({}, { jeecg: true });
const E = '/jeecg-boot/answer/exam';
const C = '/jeecg-boot/answer/candidate';
let paper: SeededPaper;

async function newExam(extra: Record<string, unknown> = {}, publish = true): Promise<string> {
  const res = await s.call('POST', `${E}/add`, {
    name: `考试${Math.random().toString(36).slice(2, 6)}`,
    paperId: paper.paperId,
    startTime: at(-5),
    endTime: at(60),
    userIds: USER_IDS.jeecg,
    ...extra,
  });
  expect(res.json).toMatchObject({ success: true, message: '添加成功！' });
  const id = res.json.result as string;
  if (publish) expect((await s.call('POST', `${E}/publish?id=${id}`)).json).toMatchObject({ success: true });
  return id;
}
const start = (examId: string, as = s.jeecg) => s.call('POST', `${C}/start`, { examId }, as);
const save = (attemptId: string, questionId: string, answer: unknown, as = s.jeecg) =>
  s.call('POST', `${C}/save`, { attemptId, questionId, answer }, as);
const submit = (attemptId: string, as = s.jeecg) => s.call('POST', `${C}/submit`, { attemptId }, as);

beforeAll(async () => {
  paper = await seedPaper(s.t.app.ctx.db);
});

describe('exams (console)', () => {
  it('refuses an exam without participants, with a clear message, and stores nothing', async () => {
    const res = await s.call('POST', `${E}/add`, {
      name: '无人考试',
      paperId: paper.paperId,
      startTime: at(0),
      endTime: at(60),
    });
    expect(res.json).toMatchObject({ success: false, message: '请选择参加考试的人员、部门或答题场次' });
    const bad = await s.call('POST', `${E}/add`, {
      name: 'x',
      paperId: paper.paperId,
      startTime: 'tomorrow',
      endTime: at(1),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toMatch(/开始时间格式应为 yyyy-MM-dd HH:mm:ss/);
  });

  it('derives 未发布 → 进行中 and lists it; duration defaults to the paper', async () => {
    const id = await newExam({}, false);
    let one = await s.get(`${E}/queryById?id=${id}`);
    expect(one.json.result).toMatchObject({ status: '0', status_dictText: '未发布', duration: 30, totalScore: 20 });
    await s.call('POST', `${E}/publish?id=${id}`);
    one = await s.get(`${E}/queryById?id=${id}`);
    expect(one.json.result).toMatchObject({ status: '2', status_dictText: '进行中', questionCount: 5 });
    expect(one.json.result.paperSnapshot).toBeUndefined();
    const list = await s.get(`${E}/list?status=2&pageSize=100`);
    expect(list.json.result.records.some((r: { id: string }) => r.id === id)).toBe(true);
    expect((await s.call('POST', `${E}/publish?id=${id}`)).json.message).toBe('该考试已发布，无需重复发布');
  });

  it('403 without the button permission; a console token of jeecg cannot add or grade', async () => {
    expect((await s.call('POST', `${E}/add`, {}, s.jeecg)).statusCode).toBe(403);
    expect((await s.call('POST', '/jeecg-boot/answer/grading/grade', {}, s.jeecg)).statusCode).toBe(403);
    expect((await s.get(`/jeecg-boot/answer/result/list?examId=1`, s.jeecg)).statusCode).toBe(403);
  });

  it('a paper that an exam uses cannot be deleted; once the exam is deleted it can', async () => {
    const own = await seedPaper(s.t.app.ctx.db, 0, `删除保护${newId().slice(0, 6)}`);
    const res = await s.call('POST', `${E}/add`, {
      name: '占用试卷的考试',
      paperId: own.paperId,
      startTime: at(60),
      endTime: at(120),
      userIds: USER_IDS.jeecg,
    });
    const examId = res.json.result as string;
    const del = await s.call('POST', '/jeecg-boot/answer/paper/delete', { id: own.paperId });
    expect(del.json).toMatchObject({
      success: false,
      message: expect.stringMatching(/^试卷「删除保护.+」已被考试「占用试卷的考试」使用，不能删除$/),
    });
    expect((await s.get(`/jeecg-boot/answer/paper/queryById?id=${own.paperId}`)).json.success).toBe(true);
    expect((await s.call('DELETE', `${E}/delete?id=${examId}`)).json.success).toBe(true);
    expect((await s.call('POST', '/jeecg-boot/answer/paper/delete', { id: own.paperId })).json.success).toBe(true);
  });

  it('another tenant does not see the exam', async () => {
    const id = await newExam({}, false);
    const other = await s.t.req({
      method: 'GET',
      url: `${E}/queryById?id=${id}`,
      token: s.token,
      headers: { 'tenant-id': '1' },
    });
    expect(other.json).toMatchObject({ success: false, message: '未找到对应的考试' });
  });
});

describe('answering', () => {
  it('start twice returns the same attempt; questions carry no answer or analysis', async () => {
    const examId = await newExam();
    const a = await start(examId);
    expect(a.json.success).toBe(true);
    const r = a.json.result;
    expect(r.questions).toHaveLength(5);
    for (const q of r.questions) {
      expect(q).not.toHaveProperty('answer');
      expect(q).not.toHaveProperty('analysis');
    }
    expect(JSON.stringify(r)).not.toContain('保障生命财产安全');
    expect(r.remainingMs).toBeGreaterThan(29 * 60_000);
    await save(r.attemptId, paper.q['4'], ['1949', '北京']);
    // reload / another device: the same attempt, where it stood, the time left from the server's clock
    const again = await start(examId);
    expect(again.json.result).toMatchObject({
      attemptId: r.attemptId,
      answers: { [paper.q['4']]: '["1949","北京"]' },
      deadline: r.deadline,
    });
    expect(again.json.result.remainingMs).toBeLessThanOrEqual(r.remainingMs);
    const list = await s.get(`${C}/exams`, s.jeecg);
    const mine = list.json.result.find((e: { id: string }) => e.id === examId);
    expect(mine).toMatchObject({ canStart: true, openAttemptId: r.attemptId });
  });

  it('save: answer formats, the last write wins, then submit scores by the contract', async () => {
    const examId = await newExam({ partialScore: 0.5, showResult: '1' });
    const { attemptId } = (await start(examId)).json.result;
    expect((await save(attemptId, paper.q['1'], 'E')).json).toMatchObject({ success: false, message: '选项 E 不存在' });
    expect((await save(attemptId, paper.q['1'], 'A')).json).toMatchObject({ success: true });
    expect((await save(attemptId, paper.q['1'], 'B')).json).toMatchObject({ success: true });
    await save(attemptId, paper.q['2'], 'C');
    await save(attemptId, paper.q['3'], '1');
    await save(attemptId, paper.q['4'], ['１９４９ ', 'beijing']);
    await save(attemptId, paper.q['5'], '安全第一');
    expect((await save(attemptId, 'nope', 'A')).json.message).toBe('该题目不属于本次答题');
    const [row] = await s.t.app.ctx.db
      .select()
      .from(quizAnswer)
      .where(and(eq(quizAnswer.attemptId, attemptId), eq(quizAnswer.questionId, paper.q['1'])));
    expect(row.answer).toBe('B');
    const done = await submit(attemptId);
    expect(done.json.result).toMatchObject({ status: '1', visible: true, totalScore: 2 + 2 + 1 + 3, pending: true });
    // a submitted attempt never changes
    expect((await save(attemptId, paper.q['1'], 'A')).json).toMatchObject({
      success: false,
      message: '答卷已提交，不能再修改',
    });
    expect((await submit(attemptId)).json.result.status).toBe('1');
    const res = await s.get(`${C}/result?attemptId=${attemptId}`, s.jeecg);
    const q2 = res.json.result.questions.find((q: { id: string }) => q.id === paper.q['2']);
    expect(q2).toMatchObject({ rightAnswer: 'A,C', myAnswer: 'C', myScore: 2 });
    // attempts beyond `attempts` (1) are refused
    expect((await start(examId)).json).toMatchObject({ success: false, message: '已达到本考试允许的答题次数（1 次）' });
  });

  it('saves sent at once are written together: each acknowledged, the last of the same answer wins; none after submit', async () => {
    const examId = await newExam();
    const { attemptId } = (await start(examId)).json.result;
    const sent: Array<[string, string]> = [];
    for (let k = 0; k < 30; k++) sent.push([paper.q['1'], 'ABCD'[k % 4]], [paper.q['5'], `第 ${k} 稿`]);
    const answers = await Promise.all(sent.map(([q, a]) => save(attemptId, q, a)));
    expect(answers.every((r) => r.json.success === true && r.json.message === '已保存')).toBe(true);
    const rows = await s.t.app.ctx.db.select().from(quizAnswer).where(eq(quizAnswer.attemptId, attemptId));
    const byQ = Object.fromEntries(rows.map((r) => [r.questionId, r.answer]));
    expect(byQ).toEqual({ [paper.q['1']]: 'B', [paper.q['5']]: '第 29 稿' });
    // saves racing the submission: each one is either stored before it (and graded) or refused — never acknowledged
    // and then missing
    const [late, done] = await Promise.all([save(attemptId, paper.q['3'], '1'), submit(attemptId)]);
    expect(done.json.success).toBe(true);
    const stored = await s.t.app.ctx.db
      .select()
      .from(quizAnswer)
      .where(and(eq(quizAnswer.attemptId, attemptId), eq(quizAnswer.questionId, paper.q['3'])));
    if (late.json.success) expect(stored.map((r) => r.answer)).toEqual(['1']);
    else expect(late.json.message).toBe('答卷已提交，不能再修改');
    expect((await save(attemptId, paper.q['3'], '0')).json).toMatchObject({ success: false });
  });

  it('after the deadline an answer is refused and not stored; the attempt is submitted', async () => {
    const examId = await newExam();
    const { attemptId } = (await start(examId)).json.result;
    await save(attemptId, paper.q['1'], 'B');
    await expire(s.t.app.ctx.db, attemptId);
    const late = await save(attemptId, paper.q['1'], 'A');
    expect(late.json).toMatchObject({ success: false, message: '答题时间已结束，答案未保存' });
    const [row] = await s.t.app.ctx.db
      .select()
      .from(quizAnswer)
      .where(and(eq(quizAnswer.attemptId, attemptId), eq(quizAnswer.questionId, paper.q['1'])));
    expect(row.answer).toBe('B');
    const [a] = await s.t.app.ctx.db.select().from(quizAttempt).where(eq(quizAttempt.id, attemptId));
    expect(a.status).not.toBe('0');
    expect(a.submitBy).toBe('timeout');
  });

  it('the server submits expired attempts with no browser open, exactly once', async () => {
    const examId = await newExam({ showResult: '2' });
    const { attemptId } = (await start(examId)).json.result;
    await save(attemptId, paper.q['3'], '1');
    await expire(s.t.app.ctx.db, attemptId);
    const job = jobClassOf(EXAM_AUTO_SUBMIT_JOB)!;
    const ctx = { app: s.t.app, jobId: 'x', parameter: null, owner: 'admin', fireTime: new Date() };
    // two nodes' jobs at once: one submission
    const [r1, r2] = await Promise.all([job.run(ctx), job.run(ctx)]);
    expect([r1, r2].filter(Boolean)).toEqual(['自动交卷 1 份']);
    const [a] = await s.t.app.ctx.db.select().from(quizAttempt).where(eq(quizAttempt.id, attemptId));
    // nothing waits for a grader (the essay is unanswered): 已阅卷 at once
    expect(a).toMatchObject({ status: '2', submitBy: 'timeout', totalScore: 1 });
    expect(await job.run(ctx)).toBeUndefined();
    // showResult 2: the candidate sees no score before results are published
    const res = await s.get(`${C}/result?attemptId=${attemptId}`, s.jeecg);
    expect(res.json.result).toMatchObject({ visible: false, message: '成绩尚未公布' });
    expect(res.json.result.questions).toBeUndefined();
  });

  it('snapshot: editing a question after the start changes neither the attempt nor its record', async () => {
    const examId = await newExam({ showResult: '1' });
    const { attemptId } = (await start(examId)).json.result;
    await s.t.app.ctx.db
      .update(quizQuestion)
      .set({ stem: '改过的题干', answer: 'A' })
      .where(eq(quizQuestion.id, paper.q['1']));
    try {
      const again = (await start(examId)).json.result;
      expect(again.questions.find((q: { id: string }) => q.id === paper.q['1']).stem).toBe('中国的首都是？');
      await save(attemptId, paper.q['1'], 'B');
      await submit(attemptId);
      const sheet = await s.get(`/jeecg-boot/answer/result/sheet?attemptId=${attemptId}`);
      const q1 = sheet.json.result.questions.find((q: { id: string }) => q.id === paper.q['1']);
      expect(q1).toMatchObject({ stem: '中国的首都是？', rightAnswer: 'B', answer: 'B', score: 2 });
    } finally {
      await s.t.app.ctx.db
        .update(quizQuestion)
        .set({ stem: '中国的首都是？', answer: 'B' })
        .where(eq(quizQuestion.id, paper.q['1']));
    }
  });

  it('leaving the page: at maxSwitches the attempt is submitted', async () => {
    const examId = await newExam({ maxSwitches: 2 });
    const { attemptId } = (await start(examId)).json.result;
    const one = await s.call('POST', `${C}/switch`, { attemptId }, s.jeecg);
    expect(one.json.result).toMatchObject({ switchCount: 1, submitted: false });
    const two = await s.call('POST', `${C}/switch`, { attemptId }, s.jeecg);
    expect(two.json).toMatchObject({
      message: '离开页面已达 2 次，已自动交卷',
      result: { switchCount: 2, submitted: true },
    });
    expect((await save(attemptId, paper.q['1'], 'B')).json.message).toBe('答卷已提交，不能再修改');
  });

  it("someone else's attempt reads as not found", async () => {
    const examId = await newExam({ userIds: `${USER_IDS.jeecg},${USER_IDS.admin}` });
    const { attemptId } = (await start(examId)).json.result;
    expect((await save(attemptId, paper.q['1'], 'B', s.token)).json.message).toBe('未找到对应的答题记录');
    expect((await submit(attemptId, s.token)).json.message).toBe('未找到对应的答题记录');
  });

  it('an exam not open to the caller is refused', async () => {
    const examId = await newExam({ userIds: USER_IDS.admin });
    expect((await start(examId)).json).toMatchObject({ success: false, message: '该考试当前不对您开放' });
    const draft = await newExam({}, false);
    expect((await start(draft)).json.message).toBe('该考试当前不对您开放');
  });
});

describe('grading, results, publishing', () => {
  it('grades 简答 in 0.5 steps, audits a re-grade, the attempt becomes 已阅卷; results and publishResult', async () => {
    const examId = await newExam({ showResult: '2', endTime: at(60) });
    const { attemptId } = (await start(examId)).json.result;
    await save(attemptId, paper.q['1'], 'B');
    await save(attemptId, paper.q['5'], '人人讲安全');
    await submit(attemptId);
    const G = '/jeecg-boot/answer/grading';
    const qs = await s.get(`${G}/questions?examId=${examId}`);
    expect(qs.json.result).toEqual([expect.objectContaining({ questionId: paper.q['5'], total: 1, graded: 0 })]);
    const list = await s.get(`${G}/list?examId=${examId}&questionId=${paper.q['5']}`);
    expect(list.json.result.progress).toEqual({ total: 1, graded: 0, pending: 1 });
    const rec = list.json.result.records[0];
    expect(rec).toMatchObject({ answer: '人人讲安全', referenceAnswer: '保障生命财产安全', fullScore: 10 });
    const grade = (score: unknown) => s.call('POST', `${G}/grade`, { answerId: rec.answerId, score, comment: '好' });
    expect((await grade(7.25)).json.message).toBe('得分须为 0.5 的整数倍');
    expect((await grade(11)).json.message).toBe('得分不能超过本题分值 10 分');
    expect((await grade(7.5)).json).toMatchObject({ success: true, message: '评分成功', result: { status: '2' } });
    expect((await grade(8)).json).toMatchObject({ success: true, message: '已重新评分（已记录修改）' });
    const logs = await s.t.app.ctx.db.select().from(quizGradeLog).where(eq(quizGradeLog.attemptId, attemptId));
    expect(logs.map((l) => [l.oldScore, l.newScore])).toEqual(
      expect.arrayContaining([
        [null, 7.5],
        [7.5, 8],
      ]),
    );
    const res = await s.get(`/jeecg-boot/answer/result/list?examId=${examId}`);
    expect(res.json.result.records[0]).toMatchObject({ rank: 1, totalScore: 10, status: '2', pass: 0 });
    // results are published once the exam is over
    expect((await s.call('POST', `${E}/publishResult?id=${examId}`)).json.message).toBe('考试尚未结束，不能公布成绩');
    expect((await s.call('POST', `${E}/close?id=${examId}`)).json.success).toBe(true);
    const pub = await s.call('POST', `${E}/publishResult?id=${examId}`);
    expect(pub.json).toMatchObject({ success: true, message: '成绩已公布，已通知 1 位考生' });
    const [notice] = await s.t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.busId, examId));
    expect(notice).toMatchObject({ msgType: 'USER', sendStatus: '1' });
    expect(notice.userIds).toContain(USER_IDS.jeecg);
    const mine = await s.get(`${C}/result?attemptId=${attemptId}`, s.jeecg);
    expect(mine.json.result).toMatchObject({ visible: true, totalScore: 10, pass: false });
    const xls = await s.get(`/jeecg-boot/answer/result/exportXls?examId=${examId}`);
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('closing an exam submits its open attempts', async () => {
    const examId = await newExam();
    const { attemptId } = (await start(examId)).json.result;
    const res = await s.call('POST', `${E}/close?id=${examId}`);
    expect(res.json).toMatchObject({ success: true, result: { submitted: 1 } });
    const [a] = await s.t.app.ctx.db.select().from(quizAttempt).where(eq(quizAttempt.id, attemptId));
    expect(a.submitBy).toBe('close');
    expect((await s.call('POST', `${E}/edit`, { id: examId, paperId: 'x' })).json.message).toBe('已结束的考试不能编辑');
  });

  it('an exam with attempts cannot change its paper', async () => {
    const examId = await newExam();
    await start(examId);
    const other = await seedPaper(s.t.app.ctx.db, 0, '另一份试卷');
    const res = await s.call('POST', `${E}/edit`, { id: examId, paperId: other.paperId });
    expect(res.json).toMatchObject({ success: false, message: '该考试已有答题记录，不能更换试卷' });
    expect((await s.call('DELETE', `${E}/delete?id=${examId}`)).json.message).toBe('该考试已有答题记录，不能删除');
  });
});

describe('outside persons', () => {
  it('sign in with reservation number + ID number; the token opens the candidate calls and nothing else', async () => {
    const db = s.t.app.ctx.db;
    const sessionId = newId();
    const now = Date.now();
    await db.insert(answerSession).values({
      id: sessionId,
      name: '外部考试场次',
      startTime: new Date(now - 3_600_000),
      endTime: new Date(now + 3_600_000),
      place: '一楼',
      capacity: 10,
      bookedCount: 1,
      reserveStart: new Date(now - 7_200_000),
      reserveEnd: new Date(now + 1_800_000),
    });
    const card = idCard('11010519900307123');
    const resId = newId();
    await db.insert(answerReservation).values({
      id: resId,
      reservationNo: `YY${resId.slice(-10)}`,
      sessionId,
      personType: '2',
      name: '外部考生',
      idCard: card,
      personKey: `p:${card}`,
      status: '2',
    });
    const examId = await newExam({ userIds: null, sessionId });
    const L = `${C}/login`;
    const wrong = await s.t.req({
      method: 'POST',
      url: L,
      payload: { reservationNo: `YY${resId.slice(-10)}`, idCard: idCard('11010519900307124') },
    });
    expect(wrong.json).toMatchObject({ success: false, message: '预约编号或身份证号不正确' });
    const unknown = await s.t.req({ method: 'POST', url: L, payload: { reservationNo: 'YY000', idCard: card } });
    expect(unknown.json.message).toBe('预约编号或身份证号不正确');
    const okRes = await s.t.req({
      method: 'POST',
      url: L,
      payload: { reservationNo: `YY${resId.slice(-10)}`, idCard: card.toLowerCase() },
    });
    expect(okRes.json.success).toBe(true);
    const token = okRes.json.result.token as string;
    const exams = await s.get(`${C}/exams`, token);
    expect(exams.json.result.map((e: { id: string }) => e.id)).toEqual([examId]);
    const started = await start(examId, token);
    expect(started.json.success).toBe(true);
    expect((await save(started.json.result.attemptId, paper.q['3'], '1', token)).json.success).toBe(true);
    // elsewhere in the API the token is nobody
    for (const url of [
      '/jeecg-boot/sys/user/list',
      `${E}/list`,
      '/jeecg-boot/sys/permission/getUserPermissionByToken',
    ]) {
      expect((await s.get(url, token)).statusCode).toBe(401);
    }
    const [a] = await db.select().from(quizAttempt).where(eq(quizAttempt.id, started.json.result.attemptId));
    expect(a).toMatchObject({ candidateKey: `r:${resId}`, reservationId: resId, candidateName: '外部考生' });
  });
});
