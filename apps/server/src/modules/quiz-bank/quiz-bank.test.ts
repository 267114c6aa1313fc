import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { quizQuestion } from '../../db/schema/index.ts';
import { QUIZ_PAPER_ID, QUIZ_SUBJECT_IDS } from '../../db/seed/quiz-area.ts';
import { newId } from '../../platform/ids.ts';
import { drawPaper } from './draw.ts';
import { wordSample } from './word.ts';

const A = '/jeecg-boot/answer';

let t: TestApp;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin, headers: Record<string, string> = {}) =>
  t.req({ method: 'GET', url, token, headers });
const post = (url: string, payload: unknown, token = admin, headers: Record<string, string> = {}) =>
  t.req({ method: 'POST', url, token, payload: payload as never, headers });

function upload(buf: Buffer, name = 'q.xlsx') {
  const boundary = '----quizbank';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const postFile = (url: string, buf: Buffer, name?: string, token = admin) =>
  t.req({ method: 'POST', url, token, ...upload(buf, name) });

/** a subject through the API; returns its id */
async function subject(name: string, parentId?: string, headers: Record<string, string> = {}) {
  const res = await post(`${A}/subject/add`, { name, parentId }, admin, headers);
  expect(res.json.success, res.body).toBe(true);
  return res.json.result as string;
}

let seq = 0;
/** a valid question of a type through the API; returns its id */
async function question(subjectId: string, type: string, extra: Record<string, unknown> = {}) {
  const n = ++seq;
  const body: Record<string, unknown> = { subjectId, type, stem: `题目${n}-${newId()}`, difficulty: 3, score: 2 };
  if (type === '1') Object.assign(body, { options: opts('甲', '乙', '丙'), answer: 'B' });
  if (type === '2') Object.assign(body, { options: opts('甲', '乙', '丙'), answer: 'A,C' });
  if (type === '3') body.answer = '1';
  if (type === '4') Object.assign(body, { stem: `填空${n}-${newId()}（ ）`, answer: [['x']] });
  if (type === '5') body.answer = '参考';
  const res = await post(`${A}/question/add`, { ...body, ...extra });
  expect(res.json.success, res.body).toBe(true);
  return res.json.result as string;
}
const opts = (...c: string[]) => c.map((content, i) => ({ key: 'ABCDEFGH'[i], content }));

async function errorFile(res: { json: any }): Promise<string> {
  const url = res.json.result.fileUrl as string;
  const rel = url.replace('/sys/common/static/', '');
  return fs.readFileSync(path.join(t.config.uploadDir, rel), 'utf8');
}

async function sheet(rows: Record<string, unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题库');
  const header = ['分类', '题型', '题干', '选项A', '选项B', '选项C', '选项D', '答案', '解析', '难度', '分值'];
  ws.addRow(header);
  for (const r of rows) ws.addRow(header.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('示例题库 (seed)', () => {
  it('a new installation has subjects, questions of every type and a paper that previews', async () => {
    const tree = (await get(`${A}/subject/list`)).json.result as any[];
    expect(tree.find((n) => n.id === QUIZ_SUBJECT_IDS.safety)?.children.map((c: any) => c.name)).toEqual([
      '消防安全',
      '交通安全',
    ]);
    const all = (await get(`${A}/question/list?pageSize=100&subjectId=${QUIZ_SUBJECT_IDS.safety}`)).json.result;
    expect(all.total).toBe(18);
    expect(new Set(all.records.map((r: any) => r.type))).toEqual(new Set(['1', '2', '3', '4', '5']));
    const pre = (await get(`${A}/paper/preview?id=${QUIZ_PAPER_ID}`)).json.result;
    expect(pre).toMatchObject({ name: '安全知识测试', totalScore: 20, passScore: 12, duration: 30 });
    expect(pre.sections.map((s: any) => s.questions.length)).toEqual([5, 2]);
    expect(pre.sections[1].questions.every((q: any) => q.type === '3')).toBe(true);
  });
});

describe('题目分类', () => {
  it('answers the tree; moves with a cycle check; deletes only empty subjects', async () => {
    const root = await subject(`数学${newId()}`);
    const child = await subject('代数', root);
    const grand = await subject('方程', child);
    const tree = (await get(`${A}/subject/list`)).json.result as any[];
    const node = tree.find((n) => n.id === root);
    expect(node).toMatchObject({ parentId: '0', children: [{ id: child, name: '代数', children: [{ id: grand }] }] });

    expect((await post(`${A}/subject/edit`, { id: root, parentId: grand })).json.message).toBe(
      '不能把分类移动到它自己的下级分类下面',
    );
    expect((await post(`${A}/subject/edit`, { id: root, parentId: root })).json.message).toBe(
      '不能把分类移动到它自己下面',
    );
    expect((await post(`${A}/subject/add`, { name: '代数', parentId: root })).json.message).toBe(
      '同一上级分类下已有名为「代数」的分类',
    );
    // move 方程 up to the root's level
    expect((await post(`${A}/subject/edit`, { id: grand, parentId: root })).json.success).toBe(true);

    expect((await post(`${A}/subject/delete`, { id: root })).json.message).toBe('该分类下还有子分类，不能删除');
    await question(child, '3');
    expect((await post(`${A}/subject/delete`, { id: child })).json.message).toBe('该分类下还有题目，不能删除');
    expect((await post(`${A}/subject/delete`, { id: grand })).json.success).toBe(true);
  });
});

describe('题库管理', () => {
  it('adds every type, lists by subject sub-tree, type, keyword with _dictText, and round-trips queryById', async () => {
    const root = await subject(`物理${newId()}`);
    const sub = await subject('力学', root);
    const other = await subject(`化学${newId()}`);
    const ids: string[] = [];
    for (const type of ['1', '2', '3', '4', '5']) ids.push(await question(sub, type));
    await question(other, '1');
    const kw = await question(root, '5', { stem: '<p>牛顿第一定律是什么？</p>' });

    const list = (await get(`${A}/question/list?subjectId=${root}&pageSize=50`)).json.result;
    expect(list.total).toBe(6);
    expect(list.records.map((r: any) => r.id)).toEqual(expect.arrayContaining([...ids, kw]));
    const single = list.records.find((r: any) => r.id === ids[0]);
    expect(single).toMatchObject({
      type_dictText: '单选',
      difficulty_dictText: '中等',
      subjectName: '力学',
      status: '1',
    });
    expect(single).not.toHaveProperty('tenantId');
    expect((await get(`${A}/question/list?subjectId=${root}&type=4`)).json.result.total).toBe(1);
    const byKw = (await get(`${A}/question/list?keyword=${encodeURIComponent('第一定律')}`)).json.result;
    expect(byKw.records.map((r: any) => r.id)).toEqual([kw]);

    // a one- or two-character keyword inside a sub-tree; the total follows a new question and a moved subject
    const short = async () =>
      (await get(`${A}/question/list?subjectId=${root}&keyword=${encodeURIComponent('牛顿')}&pageSize=10`)).json.result;
    expect((await short()).total).toBe(1);
    const kw2 = await question(sub, '5', { stem: '<p>牛顿第二定律</p>' });
    expect((await short()).total).toBe(2);
    expect((await post(`${A}/subject/edit`, { id: sub, parentId: other })).json.success).toBe(true);
    expect((await short()).records.map((r: any) => r.id)).toEqual([kw]);
    expect(
      (await get(`${A}/question/list?subjectId=${other}&keyword=${encodeURIComponent('牛')}`)).json.result.records.map(
        (r: any) => r.id,
      ),
    ).toEqual([kw2]);
    expect((await post(`${A}/subject/edit`, { id: sub, parentId: root })).json.success).toBe(true);
    expect((await short()).total).toBe(2);
    expect((await get(`${A}/question/list?subjectId=no-such-subject`)).json.result.total).toBe(0);

    const one = (await get(`${A}/question/queryById?id=${ids[1]}`)).json.result;
    expect(one).toMatchObject({ type: '2', answer: 'A,C', options: opts('甲', '乙', '丙'), subjectName: '力学' });
    const blank = (await get(`${A}/question/queryById?id=${ids[3]}`)).json.result;
    expect([blank.answer, blank.blanks]).toEqual(['[["x"]]', 1]);
  });

  it('refuses a bad question with every problem, writes nothing', async () => {
    const s = await subject(`校验${newId()}`);
    const before = (await t.app.ctx.db.select().from(quizQuestion)).length;
    const res = await post(`${A}/question/add`, {
      subjectId: s,
      type: '4',
      stem: '（ ）、（ ）和 ___',
      answer: 'a；b',
    });
    expect(res.json).toMatchObject({ success: false, message: '题干中有 3 个空，答案只有 2 个' });
    const res2 = await post(`${A}/question/add`, {
      subjectId: s,
      type: '1',
      stem: 'x',
      options: opts('a', 'b'),
      answer: 'C',
      score: 0,
    });
    expect(res2.json.message).toBe('答案 C 不在选项中；分值必须大于 0');
    const res3 = await post(`${A}/question/add`, { subjectId: 'nope', type: '5', stem: 'x', answer: 'y' });
    expect(res3.json.message).toBe('题目分类不存在');
    expect((await t.app.ctx.db.select().from(quizQuestion)).length).toBe(before);
  });

  it('sanitises scripts in stems on the server', async () => {
    const s = await subject(`安全${newId()}`);
    const id = await question(s, '5', { stem: '<p>题<script>alert(1)</script><img src=x onerror=alert(1)></p>' });
    const q = (await get(`${A}/question/queryById?id=${id}`)).json.result;
    expect(q.stem).toBe('<p>题<img src="x" /></p>');
  });

  it('edit, 启用/停用, copy, same-stem check', async () => {
    const s = await subject(`编辑${newId()}`);
    const id = await question(s, '1', { stem: '原题干' });
    expect((await post(`${A}/question/edit`, { id, answer: 'C' })).json.success).toBe(true);
    expect((await get(`${A}/question/queryById?id=${id}`)).json.result.answer).toBe('C');
    expect((await post(`${A}/question/edit`, { id, type: '2', answer: 'A' })).json.message).toBe(
      '多选题至少要有两个正确答案',
    );
    const st = await post(`${A}/question/status`, { ids: id, status: '0' });
    expect(st.json).toMatchObject({ success: true, message: '已停用 1 道题目' });
    expect((await get(`${A}/question/list?subjectId=${s}&status=0`)).json.result.total).toBe(1);

    const check = await post(`${A}/question/checkStem`, { subjectId: s, stem: '<p>原题干 </p>' });
    expect(check.json.result).toMatchObject({ duplicate: true, questions: [{ id }] });
    expect((await post(`${A}/question/checkStem`, { subjectId: s, stem: '原题干', id })).json.result.duplicate).toBe(
      false,
    );
    const copy = await post(`${A}/question/copy`, { id });
    expect(copy.json.success).toBe(true);
    expect((await get(`${A}/question/queryById?id=${copy.json.result}`)).json.result).toMatchObject({
      stem: '原题干',
      answer: 'C',
    });
    expect((await post(`${A}/question/deleteBatch`, { ids: `${id},${copy.json.result}` })).json.success).toBe(true);
    expect((await get(`${A}/question/list?subjectId=${s}`)).json.result.total).toBe(0);
  });
});

describe('Excel 导入导出', () => {
  it('imports the good rows and lists every problem of every refused row in the error file', async () => {
    const name = `导入${newId()}`;
    await subject(name);
    const buf = await sheet([
      { 分类: name, 题型: '单选', 题干: '好的单选', 选项A: '甲', 选项B: '乙', 答案: 'A', 难度: '较易', 分值: 2 },
      { 分类: name, 题型: '填空', 题干: '首都（ ）', 答案: '北京|Beijing' },
      { 分类: name, 题型: '论述', 题干: '错题型', 答案: 'x' },
      { 分类: name, 题型: '单选', 题干: '缺答案', 选项A: '甲', 选项B: '乙' },
      { 分类: name, 题型: '单选', 题干: '答案不在选项', 选项A: '甲', 选项B: '乙', 答案: 'D', 分值: -1 },
      { 分类: name, 题型: '填空', 题干: '（ ）和（ ）和 ___', 答案: 'a；b' },
      { 分类: '没有这个分类', 题型: '判断', 题干: '未知分类', 答案: '正确' },
      { 分类: name, 题型: '单选', 题干: '好的单选', 选项A: '甲', 选项B: '乙', 答案: 'B' },
    ]);
    const res = await postFile(`${A}/question/importExcel`, buf);
    expect(res.json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.json.result.msg).toBe('总上传行数：8，已导入行数：2，错误行数：6');
    const lines = (await errorFile(res))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toEqual([
      '第4行：题型「论述」不正确，应为 单选、多选、判断、填空 或 简答',
      '第5行：答案不能为空',
      '第6行：答案 D 不在选项中；分值必须大于 0',
      '第7行：题干中有 3 个空，答案只有 2 个',
      '第8行：题目分类「没有这个分类」不存在',
      '第9行：与第 2 题（行）的题干相同（同一分类下）',
    ]);
  });

  it('exports the filtered list in the template format, and the export re-imports (round trip)', async () => {
    const name = `往返${newId()}`;
    const s = await subject(name);
    const sub = await subject('子类', s);
    for (const type of ['1', '2', '3', '4', '5']) await question(sub, type, { analysis: '<p>解析<b>加粗</b></p>' });
    const exp = await get(`${A}/question/exportXls?subjectId=${s}`);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(6);
    expect((ws.getRow(1).values as string[]).slice(1, 4)).toEqual(['分类', '题型', '题干']);
    const types = [2, 3, 4, 5, 6].map((r) => ws.getRow(r).getCell(2).value);
    expect(types.sort()).toEqual(['判断', '单选', '填空', '多选', '简答']);
    expect(ws.getRow(2).getCell(1).value).toBe(`${name}/子类`);

    const before = (await get(`${A}/question/list?subjectId=${s}&pageSize=50`)).json.result.records;
    const all = before.map((r: any) => r.id).join(',');
    expect((await post(`${A}/question/deleteBatch`, { ids: all })).json.success).toBe(true);
    const back = await postFile(`${A}/question/importExcel`, Buffer.from(exp.rawPayload));
    expect(back.json.message, back.body).toBe('文件导入成功！数据行数：5');
    const after = (await get(`${A}/question/list?subjectId=${s}&pageSize=50`)).json.result.records;
    const strip = (r: any) => [r.type, r.stemText, r.answer, r.difficulty, r.score, r.subjectId];
    expect(after.map(strip).sort()).toEqual(before.map(strip).sort());
  });

  it('offers a template of every type; refuses malformed and oversized files and stays responsive', async () => {
    const tpl = await get(`${A}/question/template`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as never);
    expect(wb.worksheets[0].rowCount).toBe(6);
    expect((await postFile(`${A}/question/importExcel`, Buffer.from('not a workbook'))).json.message).toBe(
      '文件格式不正确，请上传 .xlsx 格式的 Excel 文件',
    );
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const res = await postFile(`${A}/question/importExcel`, big);
    expect(res.json.message).toBe('文件大小超出10MB限制, 请压缩或降低文件质量! ');
    expect((await postFile(`${A}/question/importWord/preview`, big, 'a.docx')).json.message).toBe(
      '文件大小超出10MB限制, 请压缩或降低文件质量! ',
    );
    expect((await get(`${A}/subject/list`)).json.success).toBe(true);
  });
});

describe('Word 导入', () => {
  it('previews the sample document (images and tables kept, nothing saved), then imports it', async () => {
    const name = `Word${newId()}`;
    const s = await subject(name);
    const doc = await get(`${A}/question/wordSample`);
    expect(doc.headers['content-type']).toContain('wordprocessingml');
    const before = (await t.app.ctx.db.select().from(quizQuestion)).length;
    const pre = await postFile(`${A}/question/importWord/preview`, await wordSample(name), 'sample.docx');
    expect(pre.json.success, pre.body).toBe(true);
    const r = pre.json.result;
    expect(r.errors).toEqual([]);
    expect(r.questions.map((q: any) => q.type)).toEqual(['1', '1', '2', '3', '4', '5']);
    expect(r.questions[0]).toMatchObject({ answer: 'B', difficulty: 1, options: expect.any(Array), subjectName: name });
    expect(r.questions[1].stem).toMatch(/<img src="data:image\/png;base64,/);
    expect(r.questions[1].options.map((o: any) => o.content)).toEqual(['急救站', '禁止通行', '注意安全', '消防设备']);
    expect(r.questions[2].stem).toContain('<table>');
    expect(r.questions[2].answer).toBe('A,B');
    expect(JSON.parse(r.questions[4].answer)).toEqual([['1949'], ['北京', 'Beijing']]);
    expect(r.questions[5]).toMatchObject({ score: 10, difficulty: 3 });
    expect((await t.app.ctx.db.select().from(quizQuestion)).length).toBe(before);

    const imp = await postFile(`${A}/question/importWord`, await wordSample(name), 'sample.docx');
    expect(imp.json.message, imp.body).toBe('文件导入成功！数据行数：6');
    const list = (await get(`${A}/question/list?subjectId=${s}&pageSize=50`)).json.result;
    expect(list.total).toBe(6);
    const img = list.records.find((q: any) => q.stemText.includes('标志'));
    const full = (await get(`${A}/question/queryById?id=${img.id}`)).json.result;
    expect(full.stem).toMatch(/<img src="\/jeecg-boot\/sys\/common\/static\/quiz\/[^"]+\.png"/);
    // importing the same document again: every question is a duplicate, listed by its number
    const again = await postFile(`${A}/question/importWord`, await wordSample(name), 'sample.docx');
    expect(again.json.code).toBe(201);
    expect((await errorFile(again)).split(/\r\n/)[0]).toBe('\uFEFF第1题：题库中同一分类下已有相同题干的题目');
  });

  it('refuses a .doc or a broken file clearly', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await postFile(`${A}/question/importWord/preview`, ole, 'a.doc')).json.message).toBe(
      '不支持旧版 Word（.doc）文件，请在 Word 中另存为 .docx 格式后再导入',
    );
    expect(
      (await postFile(`${A}/question/importWord/preview`, Buffer.from('PK\u0003\u0004junk'), 'a.docx')).json.message,
    ).toBe('文件格式不正确，请上传 .docx 格式的 Word 文件');
  });
});

describe('试卷管理', () => {
  async function bank() {
    const root = await subject(`组卷${newId()}`);
    const a = await subject('A', root);
    const b = await subject('B', root);
    const singles: string[] = [];
    for (let i = 0; i < 4; i++) singles.push(await question(a, '1', { difficulty: 2 }));
    for (let i = 0; i < 3; i++) singles.push(await question(b, '1', { difficulty: 4 }));
    const judges: string[] = [];
    for (let i = 0; i < 3; i++) judges.push(await question(b, '3'));
    return { root, a, b, singles, judges };
  }

  it('saves a paper with a fixed and a drawn section; computes totals; preview never repeats a question', async () => {
    const k = await bank();
    const res = await post(`${A}/paper/add`, {
      name: '期中考试',
      passScore: 12,
      duration: 90,
      sections: [
        { title: '单选题（固定）', type: '1', score: 2, questionIds: k.singles.slice(0, 2) },
        // the sub-tree holds 7 single-choice questions, 2 are already fixed: all 5 others must be drawn
        { title: '单选题（抽题）', type: '1', score: 3, rules: [{ subjectId: k.root, count: 5 }] },
        { title: '判断题', type: '3', score: 1, rules: [{ subjectId: k.b, count: 2 }] },
      ],
    });
    expect(res.json.success, res.body).toBe(true);
    const paper = (await get(`${A}/paper/queryById?id=${res.json.result}`)).json.result;
    expect(paper).toMatchObject({ totalScore: 21, questionCount: 9, passScore: 12, duration: 90 });
    expect(paper.sections[0]).toMatchObject({ mode: 'fixed', questionIds: k.singles.slice(0, 2) });
    expect(paper.sections[1]).toMatchObject({ mode: 'drawn', rules: [{ subjectId: k.root, count: 5 }] });

    const pre = (await get(`${A}/paper/preview?id=${res.json.result}`)).json.result;
    const ids = pre.sections.flatMap((s: any) => s.questions.map((q: any) => q.id));
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(9);
    expect(pre.sections[1].questions.map((q: any) => q.id).sort()).toEqual(k.singles.slice(2).sort());
    expect(pre.sections[1].questions[0]).toMatchObject({ score: 3, type: '1', blanks: 0 });
    expect(pre.totalScore).toBe(21);

    // reproducible with a seeded generator
    const seeded = () => {
      let s = 7;
      return () => {
        s = (s * 16807) % 2147483647;
        return s / 2147483647;
      };
    };
    const d1 = await drawPaper(t.app.ctx.db, res.json.result, { tenantId: null, random: seeded() });
    const d2 = await drawPaper(t.app.ctx.db, res.json.result, { tenantId: null, random: seeded() });
    expect(d1.sections[2].questions.map((q) => q.id)).toEqual(d2.sections[2].questions.map((q) => q.id));

    // a question a fixed section uses cannot be deleted; the message names the paper
    expect((await post(`${A}/question/delete`, { id: k.singles[0] })).json.message).toBe(
      '题目已被试卷「期中考试」使用，不能删除',
    );
    // copy
    const copy = await post(`${A}/paper/copy`, { id: res.json.result });
    expect((await get(`${A}/paper/queryById?id=${copy.json.result}`)).json.result).toMatchObject({
      name: '期中考试（副本）',
      totalScore: 21,
    });
  });

  it('refuses rules that cannot be met, bad counts, duplicates and absurd sizes (nothing saved)', async () => {
    const k = await bank();
    const base = { name: '坏卷', duration: 60 };
    const send = (sections: unknown[], extra: Record<string, unknown> = {}) =>
      post(`${A}/paper/add`, { ...base, ...extra, sections }).then((r) => r.json.message);
    expect(await send([{ title: '判断', type: '3', score: 2, rules: [{ subjectId: k.b, count: 5 }] }])).toBe(
      '规则「判断 · B」题目不足：需要 5 道，只有 3 道',
    );
    expect(
      await send([{ title: '单选', type: '1', score: 2, rules: [{ subjectId: k.a, difficulty: 2, count: 5 }] }]),
    ).toBe('规则「单选 · A · 较易」题目不足：需要 5 道，只有 4 道');
    // fixed questions are not drawn again
    expect(
      await send([
        { title: '固定', type: '1', score: 1, questionIds: k.singles.slice(0, 4) },
        { title: '抽', type: '1', score: 1, rules: [{ subjectId: k.a, count: 1 }] },
      ]),
    ).toBe('规则「抽 · A」题目不足：需要 1 道，只有 0 道');
    expect(await send([{ title: 'x', type: '1', score: 2, rules: [{ subjectId: k.a, count: -1 }] }])).toBe(
      '第 1 大题第 1 条规则的抽题数量必须是正整数',
    );
    expect(await send([{ title: 'x', type: '1', score: 2, rules: [{ subjectId: k.a, count: 0 }] }])).toBe(
      '第 1 大题第 1 条规则的抽题数量必须是正整数',
    );
    expect(await send([{ title: 'x', type: '1', score: 2, rules: [{ subjectId: k.a, count: 10_000 }] }])).toBe(
      '第 1 大题第 1 条规则的抽题数量不能超过 500',
    );
    const many = Array.from({ length: 10_000 }, (_, i) => String(i));
    expect(await send([{ title: 'x', type: '1', score: 1, questionIds: many }])).toBe(
      '一张试卷最多 500 道题，第 1 大题有 10000 道',
    );
    expect(
      await send([
        { title: 'x', type: '1', score: 1, questionIds: [k.singles[0]] },
        { title: 'y', type: '1', score: 1, questionIds: [k.singles[0]] },
      ]),
    ).toBe('第 1 大题和第 2 大题选了同一道题目，一道题在试卷中只能出现一次');
    expect(await send([{ title: 'x', type: '3', score: 1, questionIds: [k.singles[0]] }])).toMatch(
      /^第 1 大题是判断题，题目「.*」是单选题$/,
    );
    expect(await send([{ title: 'x', type: '1', score: 1, questionIds: [k.singles[0]] }], { passScore: 5 })).toBe(
      '及格分（5）不能高于总分（1）',
    );
    expect(await send([])).toBe('试卷至少要有一个大题');
    expect((await get(`${A}/paper/list?name=坏卷`)).json.result.total).toBe(0);
  });

  it('editing a paper replaces its sections in one transaction; a refused edit changes nothing', async () => {
    const k = await bank();
    const id = (
      await post(`${A}/paper/add`, {
        name: `改卷${newId()}`,
        duration: 30,
        sections: [{ title: '判断', type: '3', score: 2, questionIds: k.judges }],
      })
    ).json.result;
    const bad = await post(`${A}/paper/edit`, {
      id,
      sections: [
        { title: '判断', type: '3', score: 5, questionIds: k.judges.slice(0, 1) },
        { title: '抽', type: '3', score: 1, rules: [{ subjectId: k.b, count: 9 }] },
      ],
    });
    expect(bad.json.message).toBe('规则「抽 · B」题目不足：需要 9 道，只有 2 道');
    expect((await get(`${A}/paper/queryById?id=${id}`)).json.result).toMatchObject({ totalScore: 6, questionCount: 3 });
    const good = await post(`${A}/paper/edit`, {
      id,
      sections: [{ title: '判断', type: '3', score: 5, questionIds: k.judges.slice(0, 1) }],
    });
    expect(good.json.success).toBe(true);
    expect((await get(`${A}/paper/queryById?id=${id}`)).json.result).toMatchObject({ totalScore: 5, questionCount: 1 });
    expect((await post(`${A}/paper/delete`, { id })).json.success).toBe(true);
    expect((await get(`${A}/paper/queryById?id=${id}`)).json.message).toBe('未找到对应数据');
  });
});

describe('权限与租户', () => {
  it('answers 403 without the button permission (nothing written)', async () => {
    const s = await subject(`权限${newId()}`);
    const before = (await t.app.ctx.db.select().from(quizQuestion)).length;
    for (const [url, body] of [
      [`${A}/subject/add`, { name: 'x' }],
      [`${A}/subject/delete`, { id: s }],
      [`${A}/question/add`, { subjectId: s, type: '5', stem: 'x', answer: 'y' }],
      [`${A}/question/deleteBatch`, { ids: 'x' }],
      [`${A}/question/status`, { ids: 'x', status: '0' }],
      [`${A}/paper/add`, { name: 'x' }],
    ] as const) {
      const res = await post(url, body, jeecg);
      expect(res.statusCode, url).toBe(403);
    }
    for (const url of [`${A}/question/list`, `${A}/question/exportXls`, `${A}/paper/list`, `${A}/subject/list`])
      expect((await get(url, jeecg)).statusCode, url).toBe(403);
    expect((await postFile(`${A}/question/importExcel`, Buffer.from('x'), 'a.xlsx', jeecg)).statusCode).toBe(403);
    expect((await t.app.ctx.db.select().from(quizQuestion)).length).toBe(before);
  });

  it('a tenant sees, uses and draws only its own subjects, questions and papers', async () => {
    const t1 = { 'tenant-id': '1' };
    const t2 = { 'tenant-id': '2' };
    const s1 = await subject(`租户一${newId()}`, undefined, t1);
    const q = await post(`${A}/question/add`, { subjectId: s1, type: '3', stem: '租户一的题', answer: '1' }, admin, t1);
    expect(q.json.success).toBe(true);
    const [row] = await t.app.ctx.db.select().from(quizQuestion).where(eq(quizQuestion.id, q.json.result));
    expect(row.tenantId).toBe(1);
    const p = await post(
      `${A}/paper/add`,
      {
        name: '租户一试卷',
        duration: 10,
        sections: [{ title: '判断', type: '3', score: 1, questionIds: [q.json.result] }],
      },
      admin,
      t1,
    );
    expect(p.json.success, p.body).toBe(true);

    expect(((await get(`${A}/subject/list`, admin, t2)).json.result as any[]).map((n) => n.id)).not.toContain(s1);
    expect((await get(`${A}/question/list?subjectId=${s1}`, admin, t2)).json.result.total).toBe(0);
    expect((await get(`${A}/question/queryById?id=${q.json.result}`, admin, t2)).json.message).toBe('未找到对应数据');
    expect(
      (await post(`${A}/question/add`, { subjectId: s1, type: '5', stem: 'x', answer: 'y' }, admin, t2)).json.message,
    ).toBe('题目分类不存在');
    expect(
      (
        await post(
          `${A}/paper/add`,
          { name: 'x', duration: 10, sections: [{ title: '判断', type: '3', score: 1, questionIds: [q.json.result] }] },
          admin,
          t2,
        )
      ).json.message,
    ).toBe('第 1 大题中有 1 道题目不存在或已删除');
    expect((await get(`${A}/paper/preview?id=${p.json.result}`, admin, t2)).json.message).toBe('试卷不存在');
    await expect(drawPaper(t.app.ctx.db, p.json.result, { tenantId: 2 })).rejects.toThrow('试卷不存在');
    const drawn = await drawPaper(t.app.ctx.db, p.json.result, { tenantId: 1 });
    expect(drawn.sections[0].questions.map((x) => x.id)).toEqual([q.json.result]);
  });
});
