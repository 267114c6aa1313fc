import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { IMPORT_NO_ROWS, importAnswer } from './excel.ts';

// issue 29: an import that imported nothing never answers 导入成功 without saying so
let dir: string;
let app: { ctx: AppContext };
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-answer-'));
  app = { ctx: { config: { uploadDir: dir } } as unknown as AppContext };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('importAnswer', () => {
  it('a file without data rows is a failure that says why, not 文件导入成功！数据行数：0', async () => {
    const res = await importAnswer(app, { total: 0, imported: 0, errors: [] });
    expect(res).toMatchObject({ success: false, code: 500, message: IMPORT_NO_ROWS, result: null });
    expect(IMPORT_NO_ROWS).toMatch(/^未导入任何数据：文件中没有数据行/);
  });

  it('all rows failing: code 201 with imported 0 and the total, and a report naming each row', async () => {
    const res = await importAnswer(app, {
      total: 2,
      imported: 0,
      errors: [
        { rowNo: 3, message: '职务编码已存在' },
        { rowNo: 2, message: '职务名称不能为空' },
      ],
    });
    expect(res).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    const r = res.result!;
    expect(r).toMatchObject({ total: 2, imported: 0, msg: '总上传行数：2，已导入行数：0，错误行数：2' });
    const text = await readFile(path.join(dir, 'import-errors', r.fileName), 'utf8');
    expect(text).toBe('\uFEFF第2行：职务名称不能为空\r\n第3行：职务编码已存在\r\n');
  });

  it('every row good: 文件导入成功！数据行数：N', async () => {
    expect(await importAnswer(app, { total: 4, imported: 4, errors: [] })).toMatchObject({
      success: true,
      message: '文件导入成功！数据行数：4',
    });
  });
});
