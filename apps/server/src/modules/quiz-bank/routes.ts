import { ok } from '@answer/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { quizQuestion } from '../../db/schema/index.ts';
import { pageDataRules } from '../../platform/data-rules.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { exportXlsx, importAnswer, readImport } from '../../platform/excel.ts';
import { caseless, escapeLike, listOrderBy, listPage, listWhere } from '../../platform/list-query.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import type { Actor } from './actor.ts';
import { drawPaper } from './draw.ts';
import { importItemOf, QUESTION_SHEET, sheetRecord, templateRows } from './excel-io.ts';
import {
  addPaper,
  copyPaper,
  deletePapers,
  editPaper,
  findPaper,
  paperJson,
  paperList,
  previewInput,
} from './papers.ts';
import {
  addQuestion,
  copyQuestion,
  deleteQuestions,
  editQuestion,
  findQuestion,
  importQuestions,
  QUESTION_PAGE,
  questionJson,
  questionList,
  STATUS_TEXT,
  sameStem,
  setStatus,
  subjectPaths,
  subjectSubtreeWhere,
} from './questions.ts';
import { addSubject, deleteSubject, editSubject, findSubject, subjectRows, subjectTreeJson } from './subjects.ts';
import { checkQuestion } from './validate.ts';
import { parseWordQuestions, WORD_SAMPLE_NAME, wordImportAnswer, wordSample } from './word.ts';

/**
 * 题库 and 试卷 (issue 24; ../shared/reference/quiz-contract.md §1, §4; docs/decisions/063-quiz-snapshots.md).
 *
 *   /answer/subject/list|add|edit|delete                                   题目分类 (tree)
 *   /answer/question/list|queryById|add|edit|delete|deleteBatch            题库管理
 *   /answer/question/status|copy|checkStem                                 启用/停用, 复制, same-stem warning
 *   /answer/question/exportXls|importExcel|template                        Excel (one format, round-trips)
 *   /answer/question/importWord/preview|importWord|wordSample              Word (.docx) import
 *   /answer/paper/list|queryById|add|edit|delete|deleteBatch|copy|preview  试卷管理
 */

const SUBJECT_PAGE = 'answer/SubjectList';
const PAPER_PAGE = 'answer/PaperList';
const PAPER_FORM = 'answer/PaperForm';
const EXAM_PAGE = 'answer/ExamList';
/** pages that pick subjects / questions (the tree and the picker are used everywhere below) */
const SUBJECT_READERS = [SUBJECT_PAGE, QUESTION_PAGE, PAPER_PAGE, PAPER_FORM, EXAM_PAGE];
const QUESTION_READERS = [QUESTION_PAGE, PAPER_FORM, PAPER_PAGE];
const PAPER_READERS = [PAPER_PAGE, PAPER_FORM, EXAM_PAGE];

const IdQuery = z.object({ id: requiredStr('id', 36) });
const IdsBody = z.object({ ids: z.union([str(40_000), z.array(str(36)).max(1000)]).nullish() });
const MAX_BATCH = 1000;

function idList(raw: string | string[] | null | undefined): string[] {
  const ids = [
    ...new Set((Array.isArray(raw) ? raw : (raw ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean)),
  ];
  if (!ids.length) throw bizError('请选择一条记录！');
  if (ids.length > MAX_BATCH) throw bizError(`一次最多处理 ${MAX_BATCH} 条`);
  if (ids.some((id) => id.length > 36)) throw badRequest('参数 ids 有误');
  return ids;
}

const SubjectAdd = z.object({
  name: requiredStr('分类名称', 100),
  code: str(64).trim().nullish(),
  parentId: str(36).trim().nullish(),
  sortNo: z.coerce.number().int().min(-1_000_000).max(1_000_000).nullish(),
});
const SubjectEdit = SubjectAdd.partial().extend({ id: requiredStr('id', 36) });

/** a question body: checked field by field by checkQuestion (validate.ts); only the outer shape here */
const QuestionBody = z.record(z.string(), z.unknown());

const StatusBody = z.object({
  ids: z.union([str(40_000), z.array(str(36)).max(1000)]),
  status: z.enum(['0', '1'], { message: '状态只能是 0 或 1' }),
});

const queryText = (q: unknown, key: string): string | undefined => {
  const v = (q && typeof q === 'object' ? (q as Record<string, unknown>)[key] : undefined) as unknown;
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
};

/** the list's own filters: subject with its sub-tree, stem keyword (`keyword`, or `stem`), several types */
async function questionFilters(db: Db, q: unknown): Promise<SQL[]> {
  const out: SQL[] = [];
  const subjectId = queryText(q, 'subjectId');
  if (subjectId) {
    if (subjectId.length > 36) throw badRequest('参数 subjectId 有误');
    out.push(await subjectSubtreeWhere(db, subjectId));
  }
  const keyword = queryText(q, 'keyword') ?? queryText(q, 'stem');
  if (keyword) {
    if (keyword.length > 200) throw badRequest('参数 keyword 有误：长度不能超过 200 个字符');
    const bare = keyword.replace(/^\*|\*$/g, '');
    const pattern = `%${escapeLike(bare)}%`;
    // A keyword of one or two characters has no trigram: the trigram index would be read whole (every question) and
    // then every match rechecked. As a prepared statement's generic plan PostgreSQL cannot see that, so such a
    // keyword is matched on an expression the index does not serve, and the sub-tree / other filters lead (ADR 065).
    const stem = [...bare].length < 3 ? sql`(${quizQuestion.stemText} || '')` : sql`${quizQuestion.stemText}`;
    // LIKE when the keyword has no cased letter (Chinese): same rows, no case folding of every stem (list-query's rule)
    out.push(caseless(pattern) ? sql`${stem} like ${pattern}` : sql`${stem} ilike ${pattern}`);
  }
  return out;
}

/** list query without the params handled above (so the generic field filters do not see them) */
function genericQuery(q: unknown): Record<string, unknown> {
  const rest = { ...((q ?? {}) as Record<string, unknown>) };
  delete rest.subjectId;
  delete rest.keyword;
  delete rest.stem;
  return rest;
}

export default async function quizBankRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db;
  const actorOf = (req: FastifyRequest): Actor => ({ user: req.auth!.user, tenancy: tenantOf(req) });

  // ---------------------------------------------------------------- subjects

  app.get('/answer/subject/list', { config: { access: { menu: SUBJECT_READERS } } }, async (req) =>
    ok(await subjectTreeJson(db, tenantOf(req))),
  );

  app.post('/answer/subject/add', { config: { access: { perm: 'subject:add' } } }, async (req) => {
    const body = parse(SubjectAdd, req.body);
    const row = await addSubject(db, actorOf(req), body);
    return ok(row.id, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/subject/edit',
    config: { access: { perm: 'subject:edit' } },
    handler: async (req) => {
      const body = parse(SubjectEdit, req.body);
      await editSubject(db, actorOf(req), body.id, body);
      return ok(null, '编辑成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/subject/delete',
    config: { access: { perm: 'subject:delete' } },
    handler: async (req) => {
      const { id } = parse(IdQuery, { ...(req.body as object), ...(req.query as object) });
      await deleteSubject(db, actorOf(req), id);
      return ok(null, '删除成功!');
    },
  });

  app.get('/answer/subject/queryById', { config: { access: { menu: SUBJECT_READERS } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const s = await findSubject(db, id, tenantOf(req));
    return ok({ id: s.id, name: s.name, code: s.code, parentId: s.parentId, sortNo: s.sortNo });
  });

  // ---------------------------------------------------------------- questions

  const questionRules = (req: FastifyRequest) => pageDataRules(app.ctx, req.auth!.user, QUESTION_PAGE);
  const subjectNameSql = (r: (f: string) => SQL): SQL =>
    sql`(select s.name from quiz_subject s where s.id = ${r('subjectId')})`;

  app.get('/answer/question/list', { config: { access: { menu: QUESTION_READERS } } }, async (req) => {
    const page = await listPage(app.ctx, questionList, genericQuery(req.query), {
      tenant: tenantOf(req),
      where: await questionFilters(db, req.query),
      dataRules: await questionRules(req),
      extras: { subjectName: subjectNameSql },
      extrasKey: 'quiz-question-subject',
      oneStatement: true,
      customPlan: [...(queryText(req.query, 'keyword') ?? queryText(req.query, 'stem') ?? '')].length >= 3,
    });
    return ok(page);
  });

  app.get('/answer/question/queryById', { config: { access: { menu: QUESTION_READERS } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const q = await findQuestion(db, id, tenantOf(req));
    const subject = await findSubject(db, q.subjectId, tenantOf(req)).catch(() => null);
    return ok(questionJson(q, subject?.name));
  });

  app.post('/answer/question/add', { config: { access: { perm: 'question:add' } } }, async (req) => {
    const body = parse(QuestionBody, req.body);
    const row = await addQuestion(db, actorOf(req), body);
    return ok(row.id, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/question/edit',
    config: { access: { perm: 'question:edit' } },
    handler: async (req) => {
      const body = parse(QuestionBody, req.body);
      const { id } = parse(IdQuery, body);
      await editQuestion(db, actorOf(req), id, body);
      return ok(null, '编辑成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/question/delete',
    config: { access: { perm: 'question:delete' } },
    handler: async (req) => {
      const { id } = parse(IdQuery, { ...(req.body as object), ...(req.query as object) });
      await deleteQuestions(db, actorOf(req), [id]);
      return ok(null, '删除成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/question/deleteBatch',
    config: { access: { perm: 'question:delete' } },
    handler: async (req) => {
      const { ids } = parse(IdsBody, { ...(req.body as object), ...(req.query as object) });
      await deleteQuestions(db, actorOf(req), idList(ids));
      return ok(null, '批量删除成功!');
    },
  });

  app.post('/answer/question/status', { config: { access: { perm: 'question:edit' } } }, async (req) => {
    const { ids, status } = parse(StatusBody, req.body);
    const n = await setStatus(db, actorOf(req), idList(ids), status);
    return ok(n, `已${STATUS_TEXT[status]} ${n} 道题目`);
  });

  app.post('/answer/question/copy', { config: { access: { perm: 'question:add' } } }, async (req) => {
    const { id } = parse(IdQuery, req.body);
    const row = await copyQuestion(db, actorOf(req), id);
    return ok(row.id, '复制成功！');
  });

  /** the form's check before saving: { duplicate, questions: [{id, stemText}] } of the same subject */
  app.post(
    '/answer/question/checkStem',
    { config: { access: { perm: ['question:add', 'question:edit'] } } },
    async (req) => {
      const body = parse(
        z.object({ subjectId: requiredStr('题目分类', 36), stem: str(400_000), id: str(36).nullish() }),
        req.body,
      );
      const checked = checkQuestion({ subjectId: body.subjectId, type: '5', stem: body.stem, answer: '-' });
      if (!checked.ok) return ok({ duplicate: false, questions: [] });
      const same = await sameStem(db, tenantOf(req), body.subjectId, checked.value.stemHash, body.id ?? undefined);
      return ok({ duplicate: same.length > 0, questions: same }, same.length ? '该分类下已有相同题干的题目' : '');
    },
  );

  // ---------------------------------------------------------------- Excel

  app.get('/answer/question/template', { config: { access: { perm: 'question:import' } } }, async (req, reply) => {
    const rows = await subjectRows(db, tenantOf(req));
    const paths = await subjectPaths(db, tenantOf(req));
    const first = rows[0] ? (paths.get(rows[0].id) ?? rows[0].name) : '示例分类';
    return exportXlsx(reply, { fileName: '题目导入模板', columns: QUESTION_SHEET, rows: templateRows(first) });
  });

  app.get(
    '/answer/question/exportXls',
    { config: { access: { perm: 'question:export' } } },
    async (req, reply: FastifyReply) => {
      const tenancy = tenantOf(req);
      const q = genericQuery(req.query);
      const selections = queryText(req.query, 'selections');
      const extra = await questionFilters(db, req.query);
      if (selections) extra.push(inArray(quizQuestion.id, idList(selections)));
      const where = listWhere(questionList, q, {
        tenant: tenancy,
        where: extra,
        dataRules: await questionRules(req),
      });
      const orderBy = listOrderBy(questionList, q);
      const paths = await subjectPaths(db, tenancy);
      async function* pages() {
        for (let offset = 0; ; offset += 1000) {
          const rows = await db
            .select()
            .from(quizQuestion)
            .where(where)
            .orderBy(...orderBy)
            .limit(1000)
            .offset(offset);
          if (rows.length) yield rows.map((r) => sheetRecord(r, paths.get(r.subjectId) ?? ''));
          if (rows.length < 1000) return;
        }
      }
      return exportXlsx(reply, { fileName: '题库', columns: QUESTION_SHEET, rows: pages() });
    },
  );

  app.post('/answer/question/importExcel', { config: { access: { perm: 'question:import' } } }, async (req) => {
    const { rows } = await readImport(req, { columns: QUESTION_SHEET });
    const outcome = await importQuestions(db, actorOf(req), rows.map(importItemOf));
    return importAnswer(app, outcome);
  });

  // ---------------------------------------------------------------- Word

  app.get('/answer/question/wordSample', { config: { access: { perm: 'question:import' } } }, async (req, reply) => {
    const rows = await subjectRows(db, tenantOf(req));
    const paths = await subjectPaths(db, tenantOf(req));
    const buf = await wordSample(rows[0] ? (paths.get(rows[0].id) ?? rows[0].name) : '示例分类');
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header(
        'Content-Disposition',
        `attachment; filename="question-sample.docx"; filename*=UTF-8''${encodeURIComponent(WORD_SAMPLE_NAME)}`,
      )
      .send(buf);
  });

  app.post('/answer/question/importWord/preview', { config: { access: { perm: 'question:import' } } }, async (req) => {
    const { items, problems } = await parseWordQuestions(app.ctx, req, { store: false });
    const outcome = await importQuestions(db, actorOf(req), items, { dryRun: true });
    const errors = [...problems, ...outcome.errors].sort((a, b) => a.rowNo - b.rowNo);
    return ok({
      total: outcome.total + problems.length,
      valid: outcome.accepted.length,
      errors: errors.map((e) => ({ no: e.rowNo, message: e.message })),
      questions: outcome.accepted.map((a) => ({
        no: a.rowNo,
        subjectName: a.subjectName,
        ...a.question,
        stemHash: undefined,
        type_dictText: TYPE_TEXT[a.question.type],
      })),
    });
  });

  app.post('/answer/question/importWord', { config: { access: { perm: 'question:import' } } }, async (req) => {
    const { items, problems } = await parseWordQuestions(app.ctx, req, { store: true });
    const outcome = await importQuestions(db, actorOf(req), items);
    return wordImportAnswer(app.ctx.config.uploadDir, {
      total: outcome.total + problems.length,
      imported: outcome.imported,
      errors: [...problems, ...outcome.errors],
    });
  });

  // ---------------------------------------------------------------- papers

  app.get('/answer/paper/list', { config: { access: { menu: PAPER_READERS } } }, async (req) => {
    const page = await listPage(app.ctx, paperList, req.query, {
      tenant: tenantOf(req),
      dataRules: await pageDataRules(app.ctx, req.auth!.user, PAPER_PAGE),
    });
    for (const r of page.records) r.status_dictText = STATUS_TEXT[String(r.status)] ?? '';
    return ok(page);
  });

  app.get('/answer/paper/queryById', { config: { access: { menu: PAPER_READERS } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    return ok(await paperJson(db, await findPaper(db, id, tenantOf(req))));
  });

  const PaperBody = z.record(z.string(), z.unknown());

  app.post('/answer/paper/add', { config: { access: { perm: 'paper:add' } } }, async (req) => {
    const row = await addPaper(db, actorOf(req), parse(PaperBody, req.body));
    return ok(row.id, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/answer/paper/edit',
    config: { access: { perm: 'paper:edit' } },
    handler: async (req) => {
      const body = parse(PaperBody, req.body);
      const { id } = parse(IdQuery, body);
      await editPaper(db, actorOf(req), id, body);
      return ok(null, '编辑成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/paper/delete',
    config: { access: { perm: 'paper:delete' } },
    handler: async (req) => {
      const { id } = parse(IdQuery, { ...(req.body as object), ...(req.query as object) });
      await deletePapers(db, actorOf(req), [id]);
      return ok(null, '删除成功!');
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: '/answer/paper/deleteBatch',
    config: { access: { perm: 'paper:delete' } },
    handler: async (req) => {
      const { ids } = parse(IdsBody, { ...(req.body as object), ...(req.query as object) });
      await deletePapers(db, actorOf(req), idList(ids));
      return ok(null, '批量删除成功!');
    },
  });

  app.post('/answer/paper/copy', { config: { access: { perm: 'paper:add' } } }, async (req) => {
    const { id } = parse(IdQuery, req.body);
    const row = await copyPaper(db, actorOf(req), id);
    return ok(row.id, '复制成功！');
  });

  /** GET ?id= : a saved paper drawn as a candidate would get it; POST {sections, …}: an unsaved form */
  app.get('/answer/paper/preview', { config: { access: { menu: PAPER_READERS } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const tenancy = tenantOf(req);
    return ok(await drawPaper(db, id, { tenantId: tenancy.kind === 'tenant' ? tenancy.id : null }));
  });

  app.post('/answer/paper/preview', { config: { access: { perm: ['paper:add', 'paper:edit'] } } }, async (req) =>
    ok(await previewInput(db, actorOf(req), parse(PaperBody, req.body))),
  );
}

const TYPE_TEXT: Record<string, string> = { '1': '单选', '2': '多选', '3': '判断', '4': '填空', '5': '简答' };
