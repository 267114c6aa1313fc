import { createHash } from 'node:crypto';
import { ok, okCode0 } from '@answer/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../context.ts';
import { sysUser } from '../../db/schema/index.ts';
import { cachedAllDictItems } from '../../platform/dict-cache.ts';
import { AppError, bizError } from '../../platform/errors.ts';
import { parse } from '../../platform/validation.ts';
import { CAPTCHA_MESSAGES, consumeCaptcha, issueCaptcha } from './captcha.ts';
import { accountSubject, Lockout, lockMessage, phoneSubject } from './lockout.ts';
import { authenticate, findUserByPhone, loginLog, loginResult, MSG, mobileLoginResult, userInfoJson } from './login.ts';
import { warmDummyHash } from './password.ts';
import {
  CaptchaParams,
  ChangePasswordBody,
  CheckCaptchaBody,
  CheckOnlyUserQuery,
  LoginBody,
  MobileLoginBody,
  PasswordChangeQuery,
  PhoneLoginBody,
  PhoneVerificationBody,
  RegisterBody,
  SelectDepartBody,
  SmsBody,
  UpdatePasswordBody,
} from './schema.ts';
import {
  changePassword,
  currentUserDeparts,
  isUnique,
  passwordChange,
  phoneVerification,
  register,
  selectDepart,
  updatePassword,
} from './self-service.ts';
import { checkSmsCode, consumeSmsCode, discardSmsCode, issueSmsCode, PHONE_RE } from './sms.ts';
import { smsProvider } from './sms-provider.ts';
import { loginInfo, visitInfo } from './stats.ts';

/** security rule 12: per-IP throttle on every endpoint that checks a secret or probes for accounts */

/** Authentication and self-service (contract §2, §4.9 loginfo/visitInfo). */
export default async function routes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // the unknown-user verification hash exists before the first sign-in, so that one is not slower than the rest
  await warmDummyHash();
  // security rule 12: per-IP throttling of recovery and probing routes (AUTH_RATE_LIMIT_PER_MINUTE, default 10)
  const perIp = (bucket: string): RateLimitRule => ({
    bucket: `auth:${bucket}`,
    max: ctx.config.authRateLimitPerMinute,
    windowMs: 60_000,
  });
  // sign-in itself is sized for an office behind one address (ADR 061): 300 a minute per address by default, twice
  // that for captcha images; guessing is held back per account instead (the budget below and the lockout)
  const signInPerIp = (bucket: string, factor = 1): RateLimitRule => ({
    bucket: `auth:${bucket}`,
    max: ctx.config.loginRateLimitPerMinute * factor,
    windowMs: 60_000,
  });
  /** per-account budget of sign-in attempts, whatever the address (LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE, default 10) */
  const accountBudget = async (subject: string) => {
    const digest = createHash('sha256').update(subject, 'utf8').digest('hex');
    const n = await ctx.kv.incr(`rl:account:${digest}:${Math.floor(Date.now() / 60_000)}`, 61_000);
    if (n > ctx.config.loginAccountRateLimitPerMinute) throw new AppError('RATE_LIMITED');
  };

  // ---------- captcha ----------

  app.get(
    '/sys/randomImage/:key',
    { config: { access: 'public', rateLimit: signInPerIp('randomImage', 2) } },
    async (req) => {
      const { key } = parse(CaptchaParams, req.params);
      return okCode0(await issueCaptcha(ctx.kv, key));
    },
  );

  app.post('/sys/checkCaptcha', { config: { access: 'public', rateLimit: perIp('checkCaptcha') } }, async (req) => {
    const body = parse(CheckCaptchaBody, req.body);
    const outcome = await consumeCaptcha(ctx.kv, body.captcha, body.checkKey);
    if (outcome !== 'ok') throw bizError(CAPTCHA_MESSAGES[outcome]);
    return ok(null);
  });

  // ---------- sign-in / sign-out ----------

  app.post('/sys/login', { config: { access: 'public', rateLimit: signInPerIp('login') } }, async (req) => {
    const body = parse(LoginBody, req.body);
    await accountBudget(accountSubject(body.username));
    if (ctx.config.captcha) {
      // consumed on every attempt, success or not (security rule 12)
      const outcome = await consumeCaptcha(ctx.kv, body.captcha, body.checkKey);
      if (outcome !== 'ok') throw bizError(CAPTCHA_MESSAGES[outcome]);
    }
    const user = await authenticate(app, req, body.username, body.password);
    return ok(await loginResult(app, req, user), MSG.loginOk);
  });

  app.post('/sys/mLogin', { config: { access: 'public', rateLimit: signInPerIp('login') } }, async (req) => {
    const body = parse(MobileLoginBody, req.body);
    await accountBudget(accountSubject(body.username));
    const user = await authenticate(app, req, body.username, body.password);
    return ok(await mobileLoginResult(app, req, user), MSG.loginOk);
  });

  app.all('/sys/logout', { config: { access: 'public' } }, async (req) => {
    const raw = req.headers['x-access-token'];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) throw bizError('退出登录失败！');
    const session = token.length <= 512 ? await ctx.sessions.resolve(token) : null;
    if (!session) throw bizError('Token无效!');
    const user = await ctx.userById(session.userId);
    await ctx.sessions.revoke(token);
    // JeecgBoot answers Token无效! when the token's user is gone; the session is ended either way
    if (user?.delFlag !== 0) throw bizError('Token无效!');
    await loginLog(app, req, `用户名: ${user.realname ?? user.username},退出成功！`, user);
    return ok(null, '退出登录成功！');
  });

  // ---------- SMS ----------

  app.post('/sys/sms', { config: { access: 'public', rateLimit: perIp('sms') } }, async (req) => {
    const { mobile, smsmode } = parse(SmsBody, req.body);
    if (!PHONE_RE.test(mobile)) throw bizError('手机号格式不正确');
    const [owner] = await ctx.db.select().from(sysUser).where(eq(sysUser.phone, mobile)).limit(1);
    if (smsmode === '1' && owner) throw bizError('手机号已经注册，请直接登录！');
    const code = await issueSmsCode(ctx.kv, mobile, smsmode);
    if (!code) throw bizError('验证码10分钟内，仍然有效！');
    // login / reset codes for a phone without an account are stored but never sent: the answer is the same, so
    // this endpoint does not reveal which phones are registered
    const deliver = smsmode === '1' || (!!owner && owner.delFlag === 0);
    if (deliver) {
      try {
        await smsProvider().send({ mobile, code, mode: smsmode }, req.log);
      } catch (err) {
        req.log.error({ err, provider: smsProvider().name }, 'SMS delivery failed');
        await discardSmsCode(ctx.kv, mobile, smsmode);
        throw bizError('短信发送失败，请联系管理员！');
      }
    }
    return ok(null, '发送成功');
  });

  app.post('/sys/phoneLogin', { config: { access: 'public', rateLimit: signInPerIp('phoneLogin') } }, async (req) => {
    const { mobile, captcha } = parse(PhoneLoginBody, req.body);
    await accountBudget(phoneSubject(mobile));
    const lockout = new Lockout(ctx.kv);
    const subject = phoneSubject(mobile);
    const locked = await lockout.remainingMs(subject);
    if (locked > 0) throw bizError(lockMessage(locked));

    const wrongCode = async () => {
      const lockedNow = await lockout.recordFailure(subject);
      await loginLog(app, req, `手机号: ${mobile.slice(0, 32)},登录失败：手机验证码错误`);
      if (lockedNow) throw bizError(lockMessage(lockedNow));
      // JeecgBoot quirk kept for the client: success true but code 0, which the login page treats as a failure
      return okCode0(null, '手机验证码错误');
    };
    if (!PHONE_RE.test(mobile)) return wrongCode();
    if ((await checkSmsCode(ctx.kv, mobile, '0', captcha)) !== 'ok') return wrongCode();
    const user = await findUserByPhone(ctx.db, mobile);
    // a code for an unknown phone was never sent, so a match is a guess: same answer
    if (!user || !(await consumeSmsCode(ctx.kv, mobile, '0', captcha))) return wrongCode();
    if (user.status !== 1) {
      await loginLog(app, req, `用户名: ${user.username},登录失败：该用户已冻结`, user);
      throw bizError(MSG.frozen);
    }
    await lockout.reset(subject);
    return ok(await loginResult(app, req, user), MSG.loginOk);
  });

  // ---------- registration and forgotten password ----------

  /** audit rows of the sign-in-free mutations (registration, password reset): the actor is the account itself */
  const publicMutation = (req: FastifyRequest, content: string, username: string, operateType: number) =>
    ctx.audit.write({
      logType: 2,
      content,
      operateType,
      userid: username,
      ip: req.ip,
      method: `${req.method} ${req.routeOptions.url ?? ''}`,
      requestUrl: req.url.split('?')[0],
      requestType: req.method,
    });

  app.post('/sys/user/register', { config: { access: 'public', rateLimit: perIp('register') } }, async (req) => {
    const body = parse(RegisterBody, req.body);
    await register(app, body);
    const username = body.username ?? body.phone;
    await publicMutation(req, `用户名: ${username},注册成功`, username, 2);
    return ok(null, '注册成功');
  });

  app.get(
    '/sys/user/checkOnlyUser',
    { config: { access: 'public', rateLimit: perIp('checkOnlyUser') } },
    async (req) => {
      if (!(await isUnique(app, parse(CheckOnlyUserQuery, req.query)))) throw bizError('用户账号已存在');
      return okCode0(true);
    },
  );

  app.post(
    '/sys/user/phoneVerification',
    { config: { access: 'public', rateLimit: perIp('phoneVerification') } },
    async (req) => okCode0(await phoneVerification(app, parse(PhoneVerificationBody, req.body))),
  );

  app.get(
    '/sys/user/passwordChange',
    // JeecgBoot takes the new password in the query string: keep it out of the per-request access log lines
    { logLevel: 'warn', config: { access: 'public', rateLimit: perIp('passwordChange'), audit: false } },
    async (req) => {
      const q = parse(PasswordChangeQuery, req.query);
      await passwordChange(app, q);
      await publicMutation(req, `用户名: ${q.username},重置密码成功`, q.username, 3);
      return okCode0(null, '密码重置完成！');
    },
  );

  // ---------- signed-in user ----------

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { access: 'authenticated', rateLimit: perIp('updatePassword') },
    handler: async (req) => {
      await updatePassword(app, req, parse(UpdatePasswordBody, req.body));
      return ok(null, '密码重置成功!');
    },
  });

  app.put('/sys/user/changePassword', { config: { access: { perm: 'user:password' } } }, async (req) => {
    await changePassword(app, req, parse(ChangePasswordBody, req.body));
    return ok(null, '密码修改成功!');
  });

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: 'authenticated' } }, async (req) =>
    okCode0(await currentUserDeparts(app, req.auth!.user)),
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { access: 'authenticated' },
    handler: async (req) => okCode0(await selectDepart(app, req, parse(SelectDepartBody, req.body))),
  });

  app.get('/sys/user/getUserInfo', { config: { access: 'authenticated' } }, async (req) => {
    const [userInfo, sysAllDictItems] = await Promise.all([
      userInfoJson(ctx.db, req.auth!.user),
      cachedAllDictItems(ctx),
    ]);
    return ok({ userInfo, sysAllDictItems });
  });

  // ---------- sign-in statistics (home page) ----------

  app.get('/sys/loginfo', { config: { access: 'authenticated' } }, async () => ok(await loginInfo(ctx.db), '登录成功'));

  app.get('/sys/visitInfo', { config: { access: 'authenticated' } }, async () => okCode0(await visitInfo(ctx.db)));
}
