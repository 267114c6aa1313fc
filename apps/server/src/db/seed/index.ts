import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import type { Db } from '../client.ts';
import {
  sysDepart,
  sysPermission,
  sysPosition,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../schema/index.ts';
import { seedDicts } from './area-seed.ts';
import { AREA_SEEDS } from './areas.ts';
import {
  DEMO_PASSWORD,
  DEPART_IDS,
  ROLE_IDS,
  SEED_DEPARTS,
  SEED_DICTS,
  SEED_POSITIONS,
  SEED_ROLES,
  SEED_TENANT,
  SEED_USERS,
} from './data.ts';
import { seedId } from './ids.ts';
import { flattenMenuTree, registerRolePermissionIds, testRolePermissionIds } from './menus.ts';

export { DEMO_ADMIN, DEMO_PASSWORD, DEPART_IDS, ROLE_IDS, SEED_DICTS, SEED_USERS, USER_IDS } from './data.ts';
export { seedId } from './ids.ts';
export {
  ALL_PERMS,
  findMenu,
  flattenMenuTree,
  HOME_URL,
  MENU_TREE,
  type MenuButton,
  type MenuNode,
  menuId,
  registerRolePermissionIds,
  testRolePermissionIds,
} from './menus.ts';

const CREATOR = 'admin';
const SALT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** JeecgBoot-style 8-character salt of letters and digits (kept in sys_user.salt; argon2 carries its own salt). */
export function randomSalt(length = 8): string {
  let s = '';
  for (let i = 0; i < length; i++) s += SALT_CHARS[randomInt(SALT_CHARS.length)];
  return s;
}

async function hasUsers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: sysUser.id }).from(sysUser).limit(1);
  return rows.length > 0;
}

/**
 * Seeds an empty database with the JeecgBoot demo data (users, roles, departments, tenant, positions, dictionaries and
 * the full menu tree). Runs on every start: does nothing once sys_user has a row. Everything is written in one
 * transaction with one multi-row insert per table.
 */
export async function seed(db: Db): Promise<void> {
  if (await hasUsers(db)) return;

  // Hashing is the slow part (≈100 ms per hash); do it once, before opening the transaction. All demo users share
  // the same well-known password, so sharing its hash reveals nothing; any password change writes a new hash.
  // the sign-in parameters (modules/auth/password.ts ARGON2_PARAMS, ADR 019; a test keeps them equal), so seeded users
  // cost the same to verify as every other account and need no rehash
  const passwordHash = await argon2.hash(DEMO_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const now = new Date();
  const audit = { createBy: CREATOR, createTime: now };

  await db.transaction(async (tx) => {
    // another node may have seeded between the check above and this transaction
    if (await hasUsers(tx as unknown as Db)) return;

    // departments: org_type = depth, depart_order = position among siblings
    const depth = new Map<string, number>();
    const siblingCount = new Map<string, number>();
    const departRows = SEED_DEPARTS.map((d) => {
      const level = d.parent ? (depth.get(d.parent) ?? 1) + 1 : 1;
      depth.set(d.orgCode, level);
      const parentKey = d.parent ?? '';
      const order = siblingCount.get(parentKey) ?? 0;
      siblingCount.set(parentKey, order + 1);
      return {
        id: DEPART_IDS[d.orgCode],
        parentId: d.parent ? DEPART_IDS[d.parent] : '',
        departName: d.departName,
        departNameAbbr: d.departNameAbbr ?? null,
        departOrder: order,
        orgCategory: d.orgCategory,
        orgType: String(level),
        orgCode: d.orgCode,
        mobile: d.mobile ?? null,
        address: d.address ?? null,
        status: '1',
        delFlag: '0',
        ...audit,
      };
    });
    await tx.insert(sysDepart).values(departRows);

    await tx.insert(sysRole).values(SEED_ROLES.map((r) => ({ ...r, ...audit })));

    await tx.insert(sysUser).values(
      SEED_USERS.map((u) => ({
        id: u.id,
        username: u.username,
        realname: u.realname,
        password: passwordHash,
        salt: randomSalt(),
        avatar: null,
        birthday: u.birthday,
        sex: u.sex,
        email: u.email,
        phone: u.phone,
        orgCode: u.depart,
        status: 1,
        delFlag: 0,
        activitiSync: 1,
        workNo: u.workNo,
        post: u.post,
        userIdentity: u.userIdentity,
        departIds: u.managedDeparts.map((c) => DEPART_IDS[c]).join(','),
        relTenantIds: '',
        ...audit,
      })),
    );

    await tx
      .insert(sysUserRole)
      .values(
        SEED_USERS.flatMap((u) =>
          u.roles.map((r) => ({ id: seedId(`user_role:${u.username}:${r}`), userId: u.id, roleId: ROLE_IDS[r] })),
        ),
      );

    await tx.insert(sysUserDepart).values(
      SEED_USERS.map((u) => ({
        id: seedId(`user_depart:${u.username}:${u.depart}`),
        userId: u.id,
        depId: DEPART_IDS[u.depart],
      })),
    );

    const begin = new Date(now.getFullYear(), 0, 1);
    const end = new Date(now.getFullYear() + 10, 11, 31, 23, 59, 59);
    await tx.insert(sysTenant).values({ ...SEED_TENANT, beginDate: begin, endDate: end, ...audit });

    await tx
      .insert(sysPosition)
      .values(SEED_POSITIONS.map((p) => ({ id: seedId(`position:${p.code}`), ...p, sysOrgCode: 'A01', ...audit })));

    await seedDicts({ tx: tx as unknown as Db, audit }, SEED_DICTS);

    const permissions = flattenMenuTree();
    await tx.insert(sysPermission).values(permissions.map((p) => ({ ...p, delFlag: 0, ruleFlag: 0, ...audit })));

    const grants = [
      ...permissions.map((p) => ({ roleId: ROLE_IDS.admin, permissionId: p.id })),
      ...testRolePermissionIds().map((permissionId) => ({ roleId: ROLE_IDS.test, permissionId })),
      ...registerRolePermissionIds().map((permissionId) => ({ roleId: ROLE_IDS.registerDefault, permissionId })),
    ];
    await tx
      .insert(sysRolePermission)
      .values(
        grants.map((g) => ({ id: seedId(`role_permission:${g.roleId}:${g.permissionId}`), ...g, operateDate: now })),
      );

    for (const seedArea of AREA_SEEDS) await seedArea({ tx: tx as unknown as Db, audit });
  });
}
