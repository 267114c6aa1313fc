import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { demo } from '../../db/schema/index.ts';
import { MAGIC, multipartBody } from '../common/test-helpers.ts';
import { sanitizeMarkdown } from './sanitize-markdown.ts';

const D = '/jeecg-boot/test/jeecgDemo';

let t: TestApp;
let admin: string;
let jeecg: string;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-widgets-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const byName = async (name: string) => (await t.app.ctx.db.select().from(demo).where(eq(demo.name, name)))[0];

/** one value for every widget of the demo form, as the web form sends them */
const WIDGET_VALUES = {
  dictSelect: 'H',
  dictCheckbox: '1,3',
  dictMulti: 'L,M',
  dictSearch: 'admin',
  treeSelect: 'c3d6dbd1f3a24b6e8bd8d3c6c5c4a1f0',
  categoryCode: 'B02,B03',
  departIds: 'c6d7cb4deeac411cb3384b1b31278596,57197590443c44f083d42ae24ef26a2c',
  userNames: 'admin,jeecg',
  postCodes: 'devleader,manager',
  roleIds: 'f6817f48af4fb3af11b9e8bf182f618b',
  areaCode: '110101',
  yesNo: 'Y',
  files: 'temp/1700000000000_0123456789abcdef.pdf,temp/1700000000001_0123456789abcdef.txt',
  images: 'temp/1700000000002_0123456789abcdef.png,https://static.example.com/a.png',
  markdown: '# 标题\n\n> 引用 a < b && c > d\n\n```html\n<script>alert(1)</script>\n```\n\n![图](temp/x.png)\n',
  richText: '<p>你好 <strong>世界</strong></p><p><img src="temp/y.png" alt="y" /></p>', // the sanitiser's canonical form: saved again unchanged
  codeLang: 'sql',
  codeText: 'select *\n  from demo\n where id = 1;\n',
  remark: '提示框里填的备注',
};

describe('单表模型示例: the widgets of the form', () => {
  it('saves every widget value and loads it back unchanged (add, then edit of one field keeps the rest)', async () => {
    const add = await t.req({
      method: 'POST',
      url: `${D}/add`,
      token: admin,
      payload: { name: '控件甲', ...WIDGET_VALUES },
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byName('控件甲');
    const q = await t.req({ method: 'GET', url: `${D}/queryById?id=${row.id}`, token: admin });
    expect(q.json.result).toMatchObject(WIDGET_VALUES);
    // the list translates every picked code (comma values one by one)
    const listed = (await t.req({ method: 'GET', url: `${D}/list?name=${encodeURIComponent('控件甲')}`, token: admin }))
      .json.result.records[0];
    expect(listed).toMatchObject({
      dictSelect_dictText: '高',
      dictCheckbox_dictText: '通知公告',
      dictMulti_dictText: '低,中',
      dictSearch_dictText: '管理员',
      userNames_dictText: expect.stringMatching(/^管理员,/),
      postCodes_dictText: '研发组长,部门经理',
    });

    const edit = await t.req({
      method: 'PUT',
      url: `${D}/edit`,
      token: admin,
      payload: { id: row.id, yesNo: 'N', areaCode: '' },
    });
    expect(edit.json).toMatchObject({ success: true, message: '更新成功！' });
    const again = (await t.req({ method: 'GET', url: `${D}/queryById?id=${row.id}`, token: admin })).json.result;
    expect(again).toMatchObject({ ...WIDGET_VALUES, yesNo: 'N', areaCode: null });
  });

  it('sanitises markdown and rich text on save with the one allow-list', async () => {
    const res = await t.req({
      method: 'POST',
      url: `${D}/add`,
      token: admin,
      payload: {
        name: '控件乙',
        markdown: 'ok <img src="x.png" onerror="alert(1)"> <script>alert(2)</script>[a](javascript:alert(3)) end',
        richText:
          '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(2)">l</a></p><iframe src="//e"></iframe>',
      },
    });
    expect(res.json.success).toBe(true);
    const row = await byName('控件乙');
    expect(row.markdown).toBe('ok <img src="x.png" /> [a](#) end');
    expect(row.richText).toBe('<p>hi<a>l</a></p>');
  });

  it('refuses bad widget values with a Chinese message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ yesNo: 'X' }, '是否启用只能是 Y 或 N'],
      [{ codeLang: 'cobol' }, '代码语言的取值不正确'],
      [{ files: '../../etc/passwd' }, '附件的文件地址不正确'],
      [{ images: 'javascript:alert(1)' }, '图片的文件地址不正确'],
      [{ departIds: 'a b' }, '部门格式不正确'],
      [{ remark: 'x'.repeat(501) }, '备注长度不能超过 500 个字符'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.req({
        method: 'POST',
        url: `${D}/add`,
        token: admin,
        payload: { name: '控件丙', ...payload },
      });
      expect(res.json, JSON.stringify(payload)).toMatchObject({ success: false });
      expect(res.json.message).toContain(message);
      expect(JSON.stringify(res.json)).not.toMatch(/stack|select |insert /i);
    }
    expect(await byName('控件丙')).toBeUndefined();
  });
});

describe('sanitizeMarkdown', () => {
  it('keeps markdown without raw HTML byte for byte, code included', () => {
    const md = '# t\n\n> q & a < b\n\n`<b onclick=x>`\n\n```\n<script>1</script>\n```\n\n[x](https://a.b/c?d=1&e=2)\n';
    expect(sanitizeMarkdown(md)).toBe(md);
    expect(sanitizeMarkdown('')).toBe('');
    expect(sanitizeMarkdown(null)).toBe('');
  });

  it('filters raw HTML through the allow-list and neutralises script links', () => {
    expect(sanitizeMarkdown('a <b>b</b> <u title="t" onmouseover="x">u</u>')).toBe('a <b>b</b> <u title="t">u</u>');
    expect(sanitizeMarkdown('x<style>body{}</style>y<!-- c -->z')).toBe('xyz');
    expect(sanitizeMarkdown('<iframe src="//evil"></iframe>after')).toBe('after');
    expect(sanitizeMarkdown('<marquee>m</marquee>')).toBe('m');
    expect(sanitizeMarkdown('![i](javascript:alert(1)) <javascript:alert(2)>')).toBe('![i](#) javascript:alert(2)');
    expect(sanitizeMarkdown('![i](data:image/png;base64,AAAA)')).toBe('![i](data:image/png;base64,AAAA)');
    expect(sanitizeMarkdown('<a href="javascript:x">l</a>')).toBe('<a>l</a>');
  });
});

describe('PDF预览 /mock/api/pdfList', () => {
  const upload = (token: string, name: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ biz: 'temp' }, { name, content });
    return t.req({ method: 'POST', url: '/jeecg-boot/sys/common/upload', token, payload, headers });
  };

  it('lists the PDFs the user uploaded (newest first, original names), not images, not other users’ files', async () => {
    const a = await upload(admin, '合同 A.pdf', MAGIC.pdf);
    expect(a.json.success).toBe(true);
    await upload(admin, 'pic.png', MAGIC.png);
    const b = await upload(admin, '报告B.pdf', MAGIC.pdf);
    await upload(jeecg, '别人的.pdf', MAGIC.pdf);

    const res = await t.req({ method: 'GET', url: '/jeecg-boot/mock/api/pdfList', token: admin });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.map((p: { title: string }) => p.title)).toEqual(['报告B.pdf', '合同 A.pdf']);
    expect(res.json[0]).toMatchObject({ url: b.json.message, fileSize: MAGIC.pdf.length });
    expect(res.json[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // jeecg's role has no PDF预览 menu: refused, nothing listed
    const other = await t.req({ method: 'GET', url: '/jeecg-boot/mock/api/pdfList', token: jeecg });
    expect(other.json).toMatchObject({ success: false });
  });

  it('needs sign-in', async () => {
    const res = await t.req({ method: 'GET', url: '/jeecg-boot/mock/api/pdfList' });
    expect(res.statusCode).toBe(401);
  });
});
