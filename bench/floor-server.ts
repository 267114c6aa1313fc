/**
 * Database floor for the list endpoints (not part of the product): a bare node:http server that answers each list read
 * with the same rows and total the endpoint needs, fetched with `pg` in ONE prepared (named) statement, with no
 * session, guard, validation, dictionary or envelope work. The bench measures it next to the real endpoint; the ratio
 * endpoint / floor is what the platform costs on top of the database.
 *
 * Started by bench/run.ts: `node --import tsx floor-server.ts` with DATABASE_URL, PORT and DB_POOL_MAX.
 */
import http from 'node:http';
import pg from 'pg';
import { caseless } from '../apps/server/src/platform/list-query.ts';

const RESERVED = '_reserve_user_external';

/**
 * Each floor asks what its endpoint asks, so the ratio compares like with like:
 * - order: the list machinery's (platform/list-query.ts listOrderBy): MySQL's NULL placement (`asc nulls first`,
 *   `desc nulls last`), then the id as the tie-breaker;
 * - field filters `*x*`: LIKE when the pattern has no cased character, else ILIKE (list-query likeSql, via `caseless`);
 * - the log's keyWord: ILIKE always (modules/log/routes.ts).
 */
const likeFor = (pattern: string) => (caseless(pattern) ? 'like' : 'ilike');
const REALNAME = '%用户1%';

/**
 * One statement per page: the page's rows (LIMIT first, then the per-row texts for those rows only: department names,
 * post and managed-department dictionary texts) and the total as an uncorrelated sub-select (computed once).
 */
function userPage(where: string, order: string, limit: string, offset: string) {
  return `select p.*,
      (select count(*) from sys_user u where ${where}) as total,
      (select string_agg(d.depart_name, ',' order by d.depart_order, d.org_code)
         from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
        where ud.user_id = p.id and coalesce(d.del_flag, '0') = '0') as org_code_txt,
      (select ps.name from sys_position ps where ps.code = p.post limit 1) as post_dict_text,
      (select string_agg(d.depart_name, ',') from sys_depart d
        where p.depart_ids is not null and d.id = any(string_to_array(p.depart_ids, ','))) as depart_ids_dict_text
    from (select u.* from sys_user u where ${where} order by ${order} limit ${limit} offset ${offset}) p
    order by ${order.replaceAll('u.', 'p.')}`;
}

function logPage(where: string, order: string, limit: string, offset: string) {
  return `select l.*, (select count(*) from sys_log l where ${where}) as total
    from sys_log l where ${where} order by ${order} limit ${limit} offset ${offset}`;
}

/** the question list: the listed columns (no rich stem/options), the subject's name, the total */
function questionPage(where: string, order: string, limit: string, offset: string) {
  return `select p.*, (select count(*) from quiz_question q where ${where}) as total,
      (select s.name from quiz_subject s where s.id = p.subject_id) as subject_name
    from (select q.id, q.subject_id, q.type, q.stem_text, q.answer, q.difficulty, q.score, q.blanks, q.tags, q.status,
            q.create_by, q.create_time, q.update_by, q.update_time, q.sys_org_code
          from quiz_question q where ${where} order by ${order} limit ${limit} offset ${offset}) p
    order by ${order.replaceAll('q.', 'p.')}`;
}
const SUBTREE = `q.subject_id = any(array(with recursive st(id) as (select id from quiz_subject where id = $1
  union select s.id from quiz_subject s join st on s.parent_id = st.id) select id from st))`;

export const FLOOR_QUERIES: Record<string, { text: string; values: unknown[] }> = {
  // GET /sys/user/list?pageNo=1&pageSize=10
  '/user-list': {
    text: userPage('u.del_flag = 0 and u.username <> $1', 'u.create_time desc nulls last, u.id asc', '$2', '$3'),
    values: [RESERVED, 10, 0],
  },
  // GET /sys/user/list?pageNo=2&pageSize=20&realname=*用户1*&status=1&column=username&order=asc
  '/user-list-filtered': {
    text: userPage(
      `u.del_flag = 0 and u.username <> $1 and u.realname ${likeFor(REALNAME)} $2 escape '\\' and u.status = $3`,
      'u.username asc nulls first, u.id asc',
      '$4',
      '$5',
    ),
    values: [RESERVED, REALNAME, 1, 20, 20],
  },
  // GET /sys/log/list?pageNo=1&pageSize=10&logType=2
  '/log-list': {
    text: logPage('l.log_type = $1', 'l.create_time desc nulls last, l.id asc', '$2', '$3'),
    values: [2, 10, 0],
  },
  // GET /sys/log/list?pageNo=3&pageSize=20&logType=2&keyWord=bench&column=costTime&order=desc
  '/log-list-filtered': {
    text: logPage(
      `l.log_type = $1 and l.log_content ilike $2 escape '\\'`,
      'l.cost_time desc nulls last, l.id asc',
      '$3',
      '$4',
    ),
    values: [2, '%bench%', 20, 40],
  },
  // GET /answer/question/list?pageNo=1&pageSize=10&subjectId=bench-subject-0&keyword=消防
  '/question-list-filtered': {
    text: questionPage(
      `q.del_flag = 0 and ${SUBTREE} and (q.stem_text || '') ${likeFor('%消防%')} $2 escape '\\'`,
      'q.create_time desc nulls last, q.id asc',
      '$3',
      '$4',
    ),
    values: ['bench-subject-0', '%消防%', 10, 0],
  },
};

/** the upsert of `/answer/candidate/save` (apps/server/src/modules/quiz-exam/candidate.ts), run as the floor does */
export const SAVE_SQL = `with a as (select id from quiz_attempt where id = $1 and status = '0'
    and deadline > (now() at time zone 'utc') for share)
  insert into quiz_answer (attempt_id, question_id, answer, updated_at)
  select a.id, $2, $3, (now() at time zone 'utc') from a
  on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
  returning updated_at`;

/** POST /quiz-save {attemptId, questionId, answer}: the save upsert, no session, no checks, no envelope */
function quizSave(pool: pg.Pool, req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const b = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
    pool
      .query({ name: 'quiz-save', text: SAVE_SQL, values: [b.attemptId, b.questionId, b.answer] })
      .then((r) => {
        res
          .writeHead(r.rows.length ? 200 : 409, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"success":true}');
      })
      .catch((err) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err.message) }));
      });
  });
}

function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
  const server = http.createServer((req, res) => {
    if (req.url === '/quiz-save' && req.method === 'POST') return quizSave(pool, req, res);
    const q = FLOOR_QUERIES[req.url ?? ''];
    if (!q) {
      res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    pool
      .query({ name: req.url!.slice(1), text: q.text, values: q.values })
      .then((r) => {
        const total = r.rows.length ? Number(r.rows[0].total) : 0;
        const body = JSON.stringify({ records: r.rows, total });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      })
      .catch((err) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err.message) }));
      });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

if (process.argv[1]?.endsWith('floor-server.ts')) main();
