import { randomBytes } from 'node:crypto';
import type { SysUserInfo } from '@answer/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../context.ts';
import { sysRole, sysUser, sysUserRole } from '../../db/schema/index.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { newId, newSalt } from '../../platform/ids.ts';
import { endUserSessions } from './end-sessions.ts';
import { accountSubject, Lockout, lockMessage } from './lockout.ts';
import { type DepartRow, departJson, findUserByPhone, userDeparts, userInfoJson } from './login.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  type ChangePasswordBody,
  type CheckOnlyUserQuery,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_RULE_MESSAGE,
  type PasswordChangeQuery,
  type PhoneVerificationBody,
  type RegisterBody,
  type SelectDepartBody,
  type UpdatePasswordBody,
} from './schema.ts';
import { checkSmsCode, consumeSmsCode, PHONE_RE } from './sms.ts';

const RESET_TICKET_TTL_MS = 10 * 60_000;
const ticketKey = (ticket: string) => `pwreset:${ticket}`;

async function userWhere(app: FastifyInstance, cond: SQL): Promise<UserRow | undefined> {
  const [u] = await app.ctx.db.select().from(sysUser).where(cond).limit(1);
  return u;
}

// ---------- registration ----------

/**
 * POST /sys/user/register. Decision: the SMS code is checked BEFORE the uniqueness checks (JeecgBoot checks it last),
 * so the form cannot be used to test which usernames, phones or e-mails exist without holding the phone.
 * A valid code is only consumed when the account is created, so fixing a taken username needs no new SMS.
 */
export async function register(app: FastifyInstance, body: z.output<typeof RegisterBody>): Promise<void> {
  const { db, kv } = app.ctx;
  const phone = body.phone;
  if (!PHONE_RE.test(phone)) throw bizError('手机号格式不正确');
  const check = await checkSmsCode(kv, phone, '1', body.smscode);
  if (check === 'missing') throw bizError('手机验证码失效，请重新获取');
  if (check === 'wrong') throw bizError('手机验证码错误');

  const username = body.username ?? phone;
  // uniqueness is global (unique indexes include deleted rows)
  if (await userWhere(app, eq(sysUser.username, username))) throw bizError('用户名已注册');
  if (await userWhere(app, eq(sysUser.phone, phone))) throw bizError('该手机号已注册');
  if (body.email && (await userWhere(app, eq(sysUser.email, body.email)))) throw bizError('邮箱已被注册');

  // issue 10 §4: a minimal configured role (REGISTER_DEFAULT_ROLE, seeded register_default), never JeecgBoot's `test`
  // (which opens the user list, i.e. every user's phone number)
  const roleCode = app.ctx.config.registerDefaultRole;
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, roleCode)).limit(1);
  if (!role) {
    app.log.error({ roleCode }, 'register: REGISTER_DEFAULT_ROLE names no role');
    throw bizError('注册暂不可用：未找到新用户的默认角色，请联系管理员');
  }

  // no password given: a random one the user never sees (they sign in by SMS or reset it)
  const password = body.password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(password);
  if (!(await consumeSmsCode(kv, phone, '1', body.smscode))) throw bizError('手机验证码失效，请重新获取');
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(sysUser).values({
      id,
      username,
      realname: username,
      password: hash,
      salt: newSalt(),
      email: body.email ?? null,
      phone,
      status: 1,
      delFlag: 0,
      activitiSync: 1,
      createTime: new Date(),
    });
    await tx.insert(sysUserRole).values({ id: newId(), userId: id, roleId: role.id });
  });
}

/** GET /sys/user/checkOnlyUser: true when no user has all the given values */
export async function isUnique(app: FastifyInstance, q: z.output<typeof CheckOnlyUserQuery>): Promise<boolean> {
  const conds: SQL[] = [];
  if (q.username) conds.push(eq(sysUser.username, q.username));
  if (q.phone) conds.push(eq(sysUser.phone, q.phone));
  if (q.email) conds.push(eq(sysUser.email, q.email));
  if (q.workNo) conds.push(eq(sysUser.workNo, q.workNo));
  if (!conds.length) throw badRequest('请求参数有误：请给出 username、phone、email 或 workNo');
  return !(await userWhere(app, and(...conds)!));
}

// ---------- forgotten password (3 steps: SMS, phoneVerification, passwordChange) ----------

interface ResetTicket {
  phone: string;
  userId: string;
}

/**
 * POST /sys/user/phoneVerification. JeecgBoot echoes the SMS code as `smscode`; we consume it and answer a one-time
 * random ticket in that field instead, so the real code never appears in an answer and step 3 needs this ticket.
 */
export async function phoneVerification(
  app: FastifyInstance,
  body: z.output<typeof PhoneVerificationBody>,
): Promise<{ smscode: string; username: string }> {
  const { kv, db } = app.ctx;
  const { phone, smscode } = body;
  if (!PHONE_RE.test(phone)) throw bizError('手机验证码错误');
  if ((await checkSmsCode(kv, phone, '2', smscode)) !== 'ok') throw bizError('手机验证码错误');
  // codes for unknown phones are never sent, so a match there is a lucky guess: same answer
  const user = await findUserByPhone(db, phone);
  if (!(await consumeSmsCode(kv, phone, '2', smscode)) || !user) throw bizError('手机验证码错误');
  const ticket = randomBytes(24).toString('base64url');
  await kv.set(
    ticketKey(ticket),
    JSON.stringify({ phone, userId: user.id } satisfies ResetTicket),
    RESET_TICKET_TTL_MS,
  );
  return { smscode: ticket, username: user.username };
}

/** GET /sys/user/passwordChange: the ticket of step 2 must belong to this phone, and the user to this phone. */
export async function passwordChange(app: FastifyInstance, q: z.output<typeof PasswordChangeQuery>): Promise<void> {
  const { kv } = app.ctx;
  if (q.password.length < PASSWORD_MIN || q.password.length > PASSWORD_MAX) throw bizError(PASSWORD_RULE_MESSAGE);
  const raw = /^[A-Za-z0-9_-]{32}$/.test(q.smscode) ? await kv.get(ticketKey(q.smscode)) : null;
  if (!raw) throw bizError('短信验证码失效！');
  const ticket = JSON.parse(raw) as ResetTicket;
  if (ticket.phone !== q.phone) throw bizError('短信验证码不匹配！');
  const user = await userWhere(
    app,
    and(eq(sysUser.username, q.username), eq(sysUser.phone, q.phone), eq(sysUser.delFlag, 0))!,
  );
  if (!user || user.id !== ticket.userId) throw bizError('当前登录用户和绑定的手机号不匹配，无法修改密码！');
  // single use: a second request with the same ticket finds nothing
  if (!(await kv.take(ticketKey(q.smscode)))) throw bizError('短信验证码失效！');
  await setPassword(app, user, q.password, { newSalt: true, by: user.username });
  await new Lockout(kv).reset(accountSubject(user.username));
}

// ---------- password changes ----------

async function setPassword(
  app: FastifyInstance,
  user: UserRow,
  password: string,
  opts: { newSalt: boolean; by: string },
): Promise<void> {
  const hash = await hashPassword(password);
  await app.ctx.db
    .update(sysUser)
    .set({
      password: hash,
      ...(opts.newSalt ? { salt: newSalt() } : {}),
      updateBy: opts.by,
      updateTime: new Date(),
    })
    .where(eq(sysUser.id, user.id));
  await endUserSessions(app, user.id);
}

/**
 * PUT|POST /sys/user/updatePassword (contract §2.7, messages verbatim). Ends ALL of the user's sessions, the current
 * one included (security rule 3): the client must sign in again with the new password. A wrong old password counts
 * toward the account lockout, so a stolen session cannot be used to guess the password.
 */
export async function updatePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  body: z.output<typeof UpdatePasswordBody>,
): Promise<void> {
  const me = req.auth!.user;
  if (body.username !== me.username) throw bizError('只允许修改自己的密码！');
  const user = await userWhere(app, and(eq(sysUser.username, me.username), eq(sysUser.delFlag, 0))!);
  // kept for parity with JeecgBoot; unreachable in practice (the guard already refuses sessions of deleted users)
  if (!user) throw bizError('用户不存在！');
  const lockout = new Lockout(app.ctx.kv);
  const subject = accountSubject(user.username);
  const locked = await lockout.remainingMs(subject);
  if (locked > 0) throw bizError(lockMessage(locked));
  if (!(await verifyPassword(user, body.oldpassword ?? ''))) {
    const lockedNow = await lockout.recordFailure(subject);
    throw bizError(lockedNow ? lockMessage(lockedNow) : '旧密码输入错误!');
  }
  if (!body.password) throw bizError('新密码不允许为空!');
  if (body.password !== body.confirmpassword) throw bizError('两次输入密码不一致!');
  if (body.password.length < PASSWORD_MIN || body.password.length > PASSWORD_MAX) throw bizError(PASSWORD_RULE_MESSAGE);
  // JeecgBoot keeps the salt here; argon2id carries its own salt inside the hash anyway
  await setPassword(app, user, body.password, { newSalt: false, by: user.username });
  await lockout.reset(subject);
}

/** PUT /sys/user/changePassword (administrator, perm user:password): new salt, new hash, the user's sessions end. */
export async function changePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  body: z.output<typeof ChangePasswordBody>,
): Promise<void> {
  const user = await userWhere(app, and(eq(sysUser.username, body.username), eq(sysUser.delFlag, 0))!);
  if (!user) throw bizError('用户不存在！');
  await setPassword(app, user, body.password, { newSalt: true, by: req.auth!.user.username });
}

// ---------- departments ----------

export async function currentUserDeparts(app: FastifyInstance, user: UserRow) {
  const list = await userDeparts(app.ctx.db, user.id);
  return { list: list.map(departJson), orgCode: user.orgCode };
}

/**
 * PUT|POST /sys/selectDepart. JeecgBoot lets anyone set anyone's org_code; here only the session user's own
 * org_code, and only to one of their own departments (security rule 9).
 */
export async function selectDepart(
  app: FastifyInstance,
  req: FastifyRequest,
  body: z.output<typeof SelectDepartBody>,
): Promise<{ userInfo: SysUserInfo }> {
  const me = req.auth!.user;
  if (body.username && body.username !== me.username) throw bizError('只允许切换自己的部门！');
  const departs: DepartRow[] = await userDeparts(app.ctx.db, me.id);
  if (!departs.some((d) => d.orgCode === body.orgCode)) throw bizError('只能切换到自己所属的部门！');
  await app.ctx.db.update(sysUser).set({ orgCode: body.orgCode }).where(eq(sysUser.id, me.id));
  await app.ctx.userChanged(me.id);
  const user = { ...me, orgCode: body.orgCode };
  return { userInfo: await userInfoJson(app.ctx.db, user, departs) };
}
