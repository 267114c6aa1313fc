/**
 * The database floor of an answer save (bench/exam.ts; not part of the product): a bare node:http route that runs
 * the same statement the server's save runs (the open attempt checked and share-locked, the answer upserted) — into
 * `quiz_answer_floor`, a copy of quiz_answer with its keys, so the floor's writes never mix with the candidates' —
 * with `pg`, one prepared statement, no session, guard, validation or envelope. A save that wrote nothing (the attempt
 * is not open) answers 409. Started with DATABASE_URL and PORT.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
await pool.query('create table if not exists quiz_answer_floor (like quiz_answer including all)');

/** the server's save statement (apps/server/src/modules/quiz-exam/candidate.ts, `/answer/candidate/save`, ADR 068):
 * the open attempt is checked and share-locked (a submission waits for the save, and a save after the submission
 * writes nothing), then the answer upserted — only the answers' table is the floor's copy */
const UPSERT = {
  name: 'floor-save',
  text: `with a as (select id from quiz_attempt where id = $1 and status = '0'
             and deadline > (now() at time zone 'utc') for share)
         insert into quiz_answer_floor (attempt_id, question_id, answer, updated_at)
         select a.id, $2, $3, (now() at time zone 'utc') from a
         on conflict (attempt_id, question_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
         returning updated_at`,
};

http
  .createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let b: { attemptId: string; questionId: string; answer: string };
      try {
        b = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      pool
        .query({ ...UPSERT, values: [b.attemptId, b.questionId, b.answer] })
        .then((r) =>
          r.rows.length
            ? res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"code":200}')
            : res.writeHead(409).end(),
        )
        .catch(() => res.writeHead(500).end());
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
