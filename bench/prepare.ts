import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { sysLog, sysPermission, sysRolePermission } from '../apps/server/src/db/schema/index.ts';

const ADMIN_ROLE = 'f6817f48af4fb3af11b9e8bf182f618b';

/** Grows the seed to bench size: ≥ 300 menu rows granted to admin and 10 000 operation-log rows. */
export async function prepareBenchData(db: Db) {
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from sys_permission where menu_type in (0, 1)`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const extra = Math.max(0, 300 - n);
  const groups = Math.ceil(extra / 10);
  const perms: (typeof sysPermission.$inferInsert)[] = [];
  for (let g = 0; g < groups; g++) {
    const gid = `bench-group-${g}`;
    perms.push({
      id: gid,
      parentId: '',
      name: `压测菜单组${g}`,
      url: `/bench/g${g}`,
      component: 'layouts/RouteView',
      menuType: 0,
      sortNo: 1000 + g,
      isLeaf: false,
      icon: 'appstore',
    });
    for (let i = 0; i < 9; i++) {
      perms.push({
        id: `${gid}-${i}`,
        parentId: gid,
        name: `压测页面${g}-${i}`,
        url: `/bench/g${g}/p${i}`,
        component: 'system/UserList',
        menuType: 1,
        sortNo: i,
        isLeaf: true,
        keepAlive: true,
      });
    }
  }
  if (perms.length) {
    await db.insert(sysPermission).values(perms);
    await db
      .insert(sysRolePermission)
      .values(perms.map((p) => ({ id: `rp-${p.id}`, roleId: ADMIN_ROLE, permissionId: p.id! })));
  }
  const now = Date.now();
  for (let chunk = 0; chunk < 10; chunk++) {
    const rows: (typeof sysLog.$inferInsert)[] = [];
    for (let i = 0; i < 1000; i++) {
      const k = chunk * 1000 + i;
      rows.push({
        id: `bench-log-${k}`,
        logType: k % 5 === 0 ? 1 : 2,
        logContent: k % 3 === 0 ? `bench 操作 ${k}` : `编辑用户 ${k}`,
        operateType: (k % 6) + 1,
        userid: 'admin',
        username: '管理员',
        ip: `10.0.${k % 255}.${k % 7}`,
        method: 'POST /sys/user/edit',
        requestUrl: '/jeecg-boot/sys/user/edit',
        requestType: 'POST',
        costTime: k % 500,
        createBy: 'admin',
        createTime: new Date(now - k * 60_000),
      });
    }
    await db.insert(sysLog).values(rows);
  }
}
