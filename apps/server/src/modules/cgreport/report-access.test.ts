import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysRolePermission } from '../../db/schema/index.ts';
import { findMenu, menuId, ROLE_IDS } from '../../db/seed/index.ts';
import { SEED_REPORTS } from '../../db/seed/report-area.ts';
import { newId } from '../../platform/ids.ts';

/** Issue 28 security 3: a user granted one online report screen runs that report and no other. */

const B = '/jeecg-boot/online/cgreport/api';
let t: TestApp;
let jeecg: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
  const menu = menuId(findMenu(`/online/cgreport/${SEED_REPORTS.users}`)!);
  await t.app.ctx.db.insert(sysRolePermission).values({ id: newId(), roleId: ROLE_IDS.test, permissionId: menu });
  await t.app.ctx.perms.invalidate();
});
afterAll(async () => {
  await t?.close();
});

describe('online report screens', () => {
  it('runs the granted report, and answers 403 for every other report on every runtime call', async () => {
    const granted = await t.req({ method: 'GET', url: `${B}/getColumnsAndData/${SEED_REPORTS.users}`, token: jeecg });
    expect(granted.json.success).toBe(true);
    for (const url of [
      `/getColumnsAndData/${SEED_REPORTS.usersBySex}`,
      `/getData/${SEED_REPORTS.demo}`,
      `/exportManySheetXls/${SEED_REPORTS.signIns}`,
      `/getQueryInfo/${SEED_REPORTS.demo}`,
      `/getParamsInfo/${SEED_REPORTS.usersBySex}`,
      `/getRpColumns/report002`,
    ]) {
      const r = await t.req({ method: 'GET', url: `${B}${url}`, token: jeecg });
      expect(r.statusCode, url).toBe(403);
    }
    // the designer (admin) runs any report
    const designer = await t.req({ method: 'GET', url: `${B}/getData/${SEED_REPORTS.usersBySex}`, token: admin });
    expect(designer.json.success).toBe(true);
  });

  it('a revoked report menu stops the report at once', async () => {
    const menu = menuId(findMenu(`/online/cgreport/${SEED_REPORTS.users}`)!);
    await t.app.ctx.db
      .delete(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, menu)));
    await t.app.ctx.perms.invalidate();
    const r = await t.req({ method: 'GET', url: `${B}/getData/${SEED_REPORTS.users}`, token: jeecg });
    expect(r.statusCode).toBe(403);
  });
});
