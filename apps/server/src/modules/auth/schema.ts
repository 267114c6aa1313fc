import { z } from 'zod';
import { CHECK_KEY_RE } from './captcha.ts';

/** NUL cannot be stored or compared by PostgreSQL (it would surface as a 500): refused as bad input */
const text = (label: string, max: number) =>
  z
    .string({ message: `${label}必须是字符串` })
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .refine((v) => !v.includes('\u0000'), `${label}包含非法字符`);
const required = (label: string, max: number) => text(label, max).min(1, `${label}不能为空`);
/** the web client sends the captcha key as a number (epoch ms) and short codes may arrive as numbers too */
const looseText = (label: string, max: number) =>
  z
    .union([
      text(label, max),
      z
        .number({ message: `${label}格式不正确` })
        .int()
        .nonnegative(),
    ])
    .transform((v) => String(v));
/** '' counts as not given (forms send empty fields) */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const USERNAME_RULE = /^[A-Za-z0-9_]{4,18}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const PASSWORD_RULE_MESSAGE = `密码长度须为${PASSWORD_MIN}-${PASSWORD_MAX}位`;

export const CaptchaParams = z.object({
  key: z.string().regex(CHECK_KEY_RE, 'key 须为 1-64 位字母、数字、下划线或横线'),
});

export const CheckCaptchaBody = z.object({
  captcha: looseText('验证码', 32).nullish(),
  checkKey: looseText('checkKey', 64).nullish(),
});

export const LoginBody = z.object({
  username: required('用户名', 100),
  password: required('密码', 128),
  captcha: looseText('验证码', 32).nullish(),
  checkKey: looseText('checkKey', 64).nullish(),
  // sent by the web client, not part of JeecgBoot's model: accepted and ignored
  remember_me: z.unknown().optional(),
});

export const MobileLoginBody = z.object({
  username: required('用户名', 100),
  password: required('密码', 128),
});

export const SmsBody = z.object({
  mobile: required('手机号', 32),
  smsmode: looseText('smsmode', 1).pipe(z.enum(['0', '1', '2'], { message: 'smsmode 只能是 0、1 或 2' })),
});

export const PhoneLoginBody = z.object({
  mobile: required('手机号', 32),
  captcha: looseText('验证码', 16).pipe(z.string().min(1, '验证码不能为空')),
});

export const RegisterBody = z.object({
  username: z.preprocess(
    blankToUndefined,
    text('用户名', 100).regex(USERNAME_RULE, '用户名须为4-18位字母、数字或下划线').optional(),
  ),
  password: z.preprocess(
    blankToUndefined,
    text('密码', 128).min(PASSWORD_MIN, PASSWORD_RULE_MESSAGE).max(PASSWORD_MAX, PASSWORD_RULE_MESSAGE).optional(),
  ),
  phone: required('手机号', 32),
  smscode: looseText('手机验证码', 16).pipe(z.string().min(1, '手机验证码不能为空')),
  email: z.preprocess(blankToUndefined, z.email('邮箱格式不正确').max(64, '邮箱长度不能超过 64 个字符').optional()),
});

/** /sys/user/checkOnlyUser: only these unique fields may be probed (plus the client's cache-buster `_t`) */
export const CheckOnlyUserQuery = z.strictObject(
  {
    username: text('username', 100).optional(),
    phone: text('phone', 45).optional(),
    email: text('email', 64).optional(),
    workNo: text('workNo', 100).optional(),
    _t: text('_t', 32).optional(),
  },
  { message: '只能按 username、phone、email 或 workNo 校验' },
);

export const PhoneVerificationBody = z.object({
  phone: required('手机号', 32),
  smscode: looseText('手机验证码', 16).pipe(z.string().min(1, '手机验证码不能为空')),
});

export const PasswordChangeQuery = z.object({
  username: required('用户名', 100),
  password: required('密码', 128),
  smscode: required('smscode', 128),
  phone: required('手机号', 32),
});

export const UpdatePasswordBody = z.object({
  username: text('用户名', 100).nullish(),
  oldpassword: text('旧密码', 128).nullish(),
  password: text('新密码', 128).nullish(),
  confirmpassword: text('确认密码', 128).nullish(),
});

export const ChangePasswordBody = z.object({
  username: required('用户名', 100),
  password: text('密码', 128).min(PASSWORD_MIN, PASSWORD_RULE_MESSAGE).max(PASSWORD_MAX, PASSWORD_RULE_MESSAGE),
});

export const SelectDepartBody = z.object({
  orgCode: required('部门编码', 64),
  username: text('用户名', 100).nullish(),
});
