import type { LoginResult, SysDepartInfo, SysUserInfo, TenantInfo } from '@answer/contract';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysDepart, sysTenant, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { cachedAllDictItems } from '../../platform/dict-cache.ts';
import { bizError } from '../../platform/errors.ts';
import { rowJson, userJson } from '../../platform/serialize.ts';
import { accountSubject, LOCK_MINUTES, LOCK_THRESHOLD, Lockout } from './lockout.ts';
import { burnVerify, hashPassword, isArgon2Hash, needsRehash, verifyPassword } from './password.ts';

export const MSG = {
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  tenantsFrozen: '与该用户关联的租户均已被冻结，无法登录！',
  noDepart: '用户暂未归属部门,不可登录!',
  loginOk: '登录成功',
} as const;

// ---------- lookups ----------

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)))
    .limit(1);
  return u;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phone, phone), eq(sysUser.delFlag, 0)))
    .limit(1);
  return u;
}

export type DepartRow = typeof sysDepart.$inferSelect;

/** the departments a user belongs to (sys_user_depart), in tree order */
export async function userDeparts(db: Db, userId: string): Promise<DepartRow[]> {
  return db
    .select(getTableColumns(sysDepart))
    .from(sysDepart)
    .innerJoin(sysUserDepart, eq(sysUserDepart.depId, sysDepart.id))
    .where(and(eq(sysUserDepart.userId, userId), sql`coalesce(${sysDepart.delFlag}, '0') = '0'`))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}

export const departJson = (d: DepartRow) => rowJson(d) as unknown as SysDepartInfo;

async function departName(db: Db, orgCode: string | null, known: DepartRow[]): Promise<string | null> {
  if (!orgCode) return null;
  const hit = known.find((d) => d.orgCode === orgCode);
  if (hit) return hit.departName;
  const [row] = await db
    .select({ name: sysDepart.departName })
    .from(sysDepart)
    .where(eq(sysDepart.orgCode, orgCode))
    .limit(1);
  return row?.name ?? null;
}

/** userInfo as login answers it: the SysUser JSON plus orgCodeTxt (name of the selected department) */
export async function userInfoJson(db: Db, user: UserRow, departs?: DepartRow[]): Promise<SysUserInfo> {
  return userJson(user, { orgCodeTxt: await departName(db, user.orgCode, departs ?? []) });
}

/** the user's tenants that are still active (status 1) */
export async function effectiveTenants(db: Db, relTenantIds: string): Promise<TenantInfo[]> {
  const ids = relTenantIds
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(sysTenant)
    .where(and(inArray(sysTenant.id, ids), eq(sysTenant.status, 1)))
    .orderBy(asc(sysTenant.id));
  return rows.map((r) => rowJson(r) as unknown as TenantInfo);
}

// ---------- credential check ----------

export function loginLog(app: FastifyInstance, req: FastifyRequest, content: string, user?: UserRow | null) {
  return app.ctx.audit.login(req, content, { username: user?.username ?? null, realname: user?.realname ?? null });
}

/** a typed username in a log line, bounded (it may be anything an attacker sends) */
const shown = (username: string) => (username.length > 64 ? `${username.slice(0, 64)}…` : username);

/**
 * The pause also goes to the operation log (操作日志), where administrators look for what happened to an account, with
 * the way out: 用户管理 → 解除锁定 (issue 29, ADR 060).
 */
export function recordLock(app: FastifyInstance, req: FastifyRequest, username: string, user?: UserRow | null) {
  return app.ctx.audit.write({
    logType: 2,
    operateType: 3,
    content: `账号 ${username} 连续${LOCK_THRESHOLD}次密码错误，登录已暂停${LOCK_MINUTES}分钟（可在用户管理中解除锁定）`,
    userid: user?.username ?? null,
    username: user?.realname ?? null,
    ip: req.ip,
    method: `${req.method} ${req.routeOptions.url ?? ''}`,
    requestUrl: req.url.split('?')[0],
    requestType: req.method,
  });
}

/**
 * Username + password check with lockout (security rule 12, ADR 019). Whatever the account's state, a caller without
 * the right password gets the same answer — message '用户名或密码错误', code 500 — after the same work: one lock
 * lookup, one user lookup and exactly one argon2id verification at today's parameters (against the user's hash, or a
 * dummy hash for unknown users and legacy hashes), then one sys_log row. So unknown, wrong password, frozen (with a
 * wrong password) and locked cannot be told apart by message, code or timing.
 *
 * - Locked (5 failures in 15 minutes on the name as typed, existing or not): refused with that same answer, even with
 *   the right password. Telling the lock only to the right password would turn every attempt during the lock into a
 *   password oracle, which is exactly what the lock is there to stop; the sys_log rows record the lock for admins,
 *   the sign-in page says under the form that repeated failures pause sign-in for 5 minutes (ADR 060).
 * - Frozen: told ('该用户已冻结', JeecgBoot's text) only after the right password, and only when not locked.
 * - A stored hash made with other parameters (or a JeecgBoot hash) is replaced at the next successful sign-in.
 */
export async function authenticate(
  app: FastifyInstance,
  req: FastifyRequest,
  username: string,
  password: string,
): Promise<UserRow> {
  const { db, kv } = app.ctx;
  const lockout = new Lockout(kv);
  const subject = accountSubject(username);
  const locked = await lockout.remainingMs(subject);

  const user = await findUserByUsername(db, username);
  let valid = false;
  if (user && isArgon2Hash(user.password)) {
    valid = await verifyPassword(user, password);
  } else {
    // a legacy hash is checked in microseconds; spend the argon2 time anyway so timing does not single it out
    if (user) valid = await verifyPassword(user, password);
    await burnVerify(password);
  }

  if (locked > 0) {
    await loginLog(app, req, `用户名: ${shown(username)},登录失败：账号已临时锁定`, user);
    throw bizError(MSG.badCredentials);
  }
  if (!valid) {
    const lockedNow = await lockout.recordFailure(subject);
    const why = user ? '密码错误' : '用户不存在';
    await loginLog(app, req, `用户名: ${shown(username)},登录失败：${why}${lockedNow ? '，账号已临时锁定' : ''}`, user);
    if (lockedNow) await recordLock(app, req, shown(username), user);
    throw bizError(MSG.badCredentials);
  }
  if (user!.status !== 1) {
    await loginLog(app, req, `用户名: ${user!.username},登录失败：该用户已冻结`, user);
    throw bizError(MSG.frozen);
  }
  await lockout.reset(subject);

  if (needsRehash(user!.password)) {
    // JeecgBoot hash or older argon2 numbers: rehash now that we hold the plain password (sys_user.salt stays)
    const upgraded = await hashPassword(password);
    await db.update(sysUser).set({ password: upgraded }).where(eq(sysUser.id, user!.id));
    user!.password = upgraded;
  }
  return user!;
}

// ---------- answers ----------

async function setOrgCode(db: Db, user: UserRow, orgCode: string) {
  await db.update(sysUser).set({ orgCode }).where(eq(sysUser.id, user.id));
  user.orgCode = orgCode;
}

function startSession(app: FastifyInstance, req: FastifyRequest, user: UserRow) {
  const ua = req.headers['user-agent'];
  return app.ctx.sessions.create({
    userId: user.id,
    username: user.username,
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua : undefined,
  });
}

/**
 * The full answer of /sys/login and /sys/phoneLogin (contract §2.2). The tenant check comes first, so a refused
 * sign-in never leaves a session behind.
 */
export async function loginResult(app: FastifyInstance, req: FastifyRequest, user: UserRow): Promise<LoginResult> {
  const { db } = app.ctx;
  let tenantList: TenantInfo[] | undefined;
  if (user.relTenantIds?.trim()) {
    tenantList = await effectiveTenants(db, user.relTenantIds);
    if (!tenantList.length) {
      await loginLog(app, req, `用户名: ${user.username},登录失败：租户均已被冻结`, user);
      throw bizError(MSG.tenantsFrozen);
    }
  }

  const departs = await userDeparts(db, user.id);
  let multi: 0 | 1 | 2 = 0;
  if (departs.length === 1) {
    multi = 1;
    if (user.orgCode !== departs[0].orgCode) await setOrgCode(db, user, departs[0].orgCode);
  } else if (departs.length > 1) {
    multi = 2;
    if (!user.orgCode) await setOrgCode(db, user, departs[0].orgCode);
  }

  // the shared dictionary cache (invalidated cluster-wide by every dictionary change)
  const [userInfo, sysAllDictItems] = await Promise.all([userInfoJson(db, user, departs), cachedAllDictItems(app.ctx)]);
  const { token } = await startSession(app, req, user);
  await loginLog(app, req, `用户名: ${user.username},登录成功！`, user);
  return {
    token,
    userInfo,
    departs: departs.map(departJson),
    multi_depart: multi,
    sysAllDictItems,
    ...(tenantList ? { tenantList } : {}),
  };
}

/** /sys/mLogin answer: the app needs a selected department (JeecgBoot picks the first one when none is set). */
export async function mobileLoginResult(
  app: FastifyInstance,
  req: FastifyRequest,
  user: UserRow,
): Promise<{ userInfo: SysUserInfo; token: string }> {
  const { db } = app.ctx;
  let departs: DepartRow[] | undefined;
  if (!user.orgCode) {
    departs = await userDeparts(db, user.id);
    if (!departs.length) {
      await loginLog(app, req, `用户名: ${user.username},登录失败：未归属部门[移动端]`, user);
      throw bizError(MSG.noDepart);
    }
    await setOrgCode(db, user, departs[0].orgCode);
  }
  const userInfo = await userInfoJson(db, user, departs);
  const { token } = await startSession(app, req, user);
  await loginLog(app, req, `用户名: ${user.username},登录成功[移动端]！`, user);
  return { userInfo, token };
}
