import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysAnnouncement, sysPermission } from '../../db/schema/index.ts';
import { findMenu, menuId } from '../../db/seed/index.ts';
import { sample } from '../announcement/test-helpers.ts';

/** Security rule 16: stored links are http(s) or relative paths; every write path refuses anything else. */
const API = '/jeecg-boot';
const EVIL = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' java\tscript:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.example/phish',
];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const menuBody = (over: Record<string, unknown>) => ({
  name: '外部链接测试',
  menuType: 1,
  component: 'layouts/IframePageView',
  parentId: menuId(findMenu('/isystem')!),
  internalOrExternal: true,
  ...over,
});

describe('menu urls (sys/permission add and edit)', () => {
  it.each(EVIL)('refuses %j with a Chinese message and stores nothing', async (url) => {
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/permission/add`,
      token: admin,
      payload: menuBody({ url }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(/菜单路径(只能是 http:\/\/ 或 https:\/\/|不能包含换行或控制字符)/);
    const rows = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.name, '外部链接测试'));
    expect(rows).toEqual([]);
  });

  it('accepts an https address and a site path, and refuses turning an existing row into a script link', async () => {
    const ok = await t.req({
      method: 'POST',
      url: `${API}/sys/permission/add`,
      token: admin,
      payload: menuBody({ url: 'https://help.example.com/docs' }),
    });
    expect(ok.json).toMatchObject({ success: true });
    const [row] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.name, '外部链接测试'));
    expect(row.url).toBe('https://help.example.com/docs');

    const edit = await t.req({
      method: 'PUT',
      url: `${API}/sys/permission/edit`,
      token: admin,
      payload: { ...menuBody({ url: 'javascript:alert(1)' }), id: row.id },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json.message).toContain('菜单路径只能是 http:// 或 https://');
    const [after] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.id, row.id));
    expect(after.url).toBe('https://help.example.com/docs');

    const path = await t.req({
      method: 'PUT',
      url: `${API}/sys/permission/edit`,
      token: admin,
      payload: { ...menuBody({ url: '/isystem/help' }), id: row.id },
    });
    expect(path.json).toMatchObject({ success: true });
  });

  it('checks a top menu redirect too', async () => {
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/permission/add`,
      token: admin,
      payload: { name: '跳转测试', menuType: 0, url: '/jump', redirect: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toContain('默认跳转地址只能是');
  });
});

describe('announcement open pages (sys/annountCement add and edit)', () => {
  it.each(EVIL)('refuses openPage %j and stores nothing', async (openPage) => {
    const titile = `链接测试${EVIL.indexOf(openPage)}`;
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/annountCement/add`,
      token: admin,
      payload: sample({ titile, openType: 'url', openPage }),
    });
    // the announcement service is stricter still: only a route of this site (modules/announcement/service.ts)
    expect(res.json).toMatchObject({ success: false, code: 500 });
    expect(res.json.message).toContain('跳转地址只能是系统内的页面路径');
    const rows = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, titile));
    expect(rows).toEqual([]);
  });

  it('accepts a site path, then refuses an edit to a script link and keeps the stored page', async () => {
    const add = await t.req({
      method: 'POST',
      url: `${API}/sys/annountCement/add`,
      token: admin,
      payload: sample({ titile: '链接测试-正常', openType: 'url', openPage: '/isps/userAnnouncement' }),
    });
    expect(add.json).toMatchObject({ success: true });
    const [row] = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '链接测试-正常'));
    const edit = await t.req({
      method: 'PUT',
      url: `${API}/sys/annountCement/edit`,
      token: admin,
      payload: { id: row.id, openPage: 'java\nscript:alert(1)' },
    });
    expect(edit.json).toMatchObject({ success: false });
    expect(edit.json.message).toContain('跳转地址只能是系统内的页面路径');
    const [after] = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, row.id));
    expect(after.openPage).toBe('/isps/userAnnouncement');
  });
});
