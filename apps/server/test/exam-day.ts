/**
 * Exam day, shared by the load generator (bench/exam.ts) and the cluster test (exam-day-cluster.test.ts): candidates
 * inserted as system users of one department with one known password, an exam of every question type created
 * through the API, and answers in each type's format.
 */
import http from 'node:http';
import pg from 'pg';
import { hashPassword } from '../src/modules/auth/password.ts';

export const CANDIDATE_PASSWORD = 'Exam#Day2026';

// biome-ignore lint/suspicious/noExplicitAny: the envelope's result, read field by field by the callers
export type Envelope = { success?: boolean; code?: number; message?: string; result?: any };
export type Caller = (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => Promise<Envelope>;

/** the result of a successful envelope, or an error naming the call */
export function resultOf(j: Envelope, what: string) {
  if (!j.success) throw new Error(`${what}: ${j.message}`);
  return j.result;
}

/** a question as `start` hands it to the candidate */
export interface ServedQuestion {
  id: string;
  type: string;
  options: Array<{ key: string }> | null;
  blanks?: number | null;
}

/**
 * Inserts `n` candidates `<prefix>0 … <prefix>(n-1)` (password CANDIDATE_PASSWORD) in a department of their own
 * (id `<prefix>depart`); returns that department's id.
 */
export async function insertCandidates(databaseUrl: string, n: number, prefix = 'exam_u'): Promise<string> {
  const hash = await hashPassword(CANDIDATE_PASSWORD);
  const departId = `${prefix}depart`;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `insert into sys_depart (id, parent_id, depart_name, org_category, org_type, org_code, depart_order, status,
         del_flag, create_by, create_time)
       values ($1, '', $2, '1', '1', 'Z90', 90, '1', '0', 'admin', now())`,
      [departId, `考试日部门 ${prefix}`],
    );
    for (let i = 0; i < n; i += 1000) {
      const last = Math.min(n, i + 1000) - 1;
      await c.query(
        `insert into sys_user (id, username, realname, password, salt, status, del_flag, org_code, create_by, create_time)
         select $1 || k, $1 || k, '考生' || k, $2, 'examslt1', 1, 0, 'Z90', 'admin', now()
           from generate_series($3::int, $4::int) k`,
        [prefix, hash, i, last],
      );
      await c.query(
        `insert into sys_user_depart (id, user_id, dep_id)
         select 'ud-' || $1 || k, $1 || k, $2 from generate_series($3::int, $4::int) k`,
        [prefix, departId, i, last],
      );
    }
    await c.query('analyze sys_user; analyze sys_user_depart');
  } finally {
    await c.end();
  }
  return departId;
}

const gmt8 = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A subject, 25 questions (10 单选, 5 多选, 5 判断, 3 填空, 2 简答), a paper with a section per type and a published
 * exam for the department, open now for four hours; returns the exam's id. `label` names the subject, paper and
 * exam (a second exam for the same department needs another).
 */
export async function createPublishedExam(
  call: Caller,
  adminToken: string,
  departId: string,
  label = departId,
): Promise<string> {
  const subjectId = resultOf(
    await call('POST', '/jeecg-boot/answer/subject/add', { name: `考试日 ${label}`, code: label }, adminToken),
    'subject',
  ) as string;
  const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, content: `<p>选项 ${key}</p>` }));
  const plan: Array<[string, number, string]> = [
    ['1', 10, '单选题'],
    ['2', 5, '多选题'],
    ['3', 5, '判断题'],
    ['4', 3, '填空题'],
    ['5', 2, '简答题'],
  ];
  const sections = [];
  for (const [type, count, title] of plan) {
    const questionIds: string[] = [];
    for (let k = 0; k < count; k++) {
      const body: Record<string, unknown> = { subjectId, type, difficulty: (k % 5) + 1, score: 2, status: '1' };
      if (type === '1') Object.assign(body, { stem: `<p>单选 ${k}：哪一项正确？</p>`, options, answer: 'B' });
      if (type === '2') Object.assign(body, { stem: `<p>多选 ${k}：哪些正确？</p>`, options, answer: 'A,C' });
      if (type === '3') Object.assign(body, { stem: `<p>判断 ${k}：地球是圆的。</p>`, answer: '1' });
      if (type === '4')
        Object.assign(body, { stem: `<p>填空 ${k}：首都是（ ）。</p>`, answer: '[["北京","Beijing"]]' });
      if (type === '5') Object.assign(body, { stem: `<p>简答 ${k}：谈谈安全生产。</p>`, answer: '参考答案' });
      questionIds.push(resultOf(await call('POST', '/jeecg-boot/answer/question/add', body, adminToken), 'question'));
    }
    sections.push({ title, type, score: 2, questionIds });
  }
  const paperId = resultOf(
    await call(
      'POST',
      '/jeecg-boot/answer/paper/add',
      { name: `考试日试卷 ${label}`, passScore: 30, duration: 120, sections },
      adminToken,
    ),
    'paper',
  ) as string;
  const now = Date.now();
  const examId = resultOf(
    await call(
      'POST',
      '/jeecg-boot/answer/exam/add',
      {
        name: `考试日 ${label}`,
        paperId,
        startTime: gmt8(new Date(now - 60_000)),
        endTime: gmt8(new Date(now + 4 * 3_600_000)),
        duration: 180,
        attempts: 1,
        departIds: departId,
        shuffleQuestions: 1,
        shuffleOptions: 1,
        partialScore: 0.5,
        showResult: '1',
        maxSwitches: 0,
      },
      adminToken,
    ),
    'exam',
  ) as string;
  resultOf(await call('POST', `/jeecg-boot/answer/exam/publish?id=${examId}`, { id: examId }, adminToken), 'publish');
  return examId;
}

/** an answer in the question's format; `seq` makes successive saves of one question differ */
export function answerFor(q: ServedQuestion, seq: number): string | string[] {
  const keys = (q.options ?? []).map((o) => o.key);
  switch (q.type) {
    case '1':
      return keys[seq % keys.length];
    case '2':
      return [keys[seq % keys.length], keys[(seq + 1) % keys.length]].sort().join(',');
    case '3':
      return String(seq % 2);
    case '4':
      return Array.from({ length: q.blanks || 1 }, (_, i) => `答${seq}-${i}`);
    default:
      return `第 ${seq} 次作答：安全生产，人人有责。`;
  }
}

/** how quiz_answer stores an answer the candidate sent (blanks: the JSON array) */
export const storedForm = (answer: string | string[]) => (typeof answer === 'string' ? answer : JSON.stringify(answer));

/**
 * One keep-alive pool for many simulated candidates (as many browsers through one proxy): `call` answers the envelope
 * of an HTTP 200 and throws with `status` otherwise; `retrying` sends a request again while it gets no answer or a
 * retryable refusal (502/503/504), as the answering page does.
 */
export function keepAliveClient(base: string, maxSockets = 128) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 30_000 });
  const { hostname, port } = new URL(base);
  const call: Caller = (method, url, body, token) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path: url,
          timeout: 30_000,
          headers: {
            'content-type': 'application/json',
            ...(data ? { 'content-length': String(data.length) } : {}),
            ...(token ? { 'x-access-token': token } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200)
              return reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, text }));
            try {
              resolve(JSON.parse(text) as Envelope);
            } catch {
              reject(new Error(`not JSON: ${text.slice(0, 80)}`));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(data);
    });
  /** as the pages call: a request that got no answer or a retryable refusal (502/503/504) is sent again */
  const retrying: Caller = async (method, url, body, token) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(method, url, body, token);
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (attempt >= 40 || (status !== undefined && ![502, 503, 504].includes(status))) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  return { call, retrying, close: () => agent.destroy() };
}
