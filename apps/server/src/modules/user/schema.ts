import { z } from 'zod';
import { parseGmt8 } from '../../platform/list-query.ts';

/**
 * Input of the user management endpoints (contract §4.1). Forms send '' for empty fields and numbers as strings;
 * both are normalised here so the service only sees null or a checked value.
 */

/** NUL cannot be stored by PostgreSQL: refused as bad input instead of surfacing as a 500 */
const text = (label: string, max: number) =>
  z
    .string({ message: `${label}必须是字符串` })
    .trim()
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .refine((v) => !v.includes('\u0000'), `${label}包含非法字符`);

/** '' / null / undefined → null */
const blank = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);
const optionalText = (label: string, max: number) => z.preprocess(blank, text(label, max).nullable()).optional();

/** spec 01 §5 userName preset: letters, digits, underscore; 4–18 characters */
export const USERNAME_RE = /^[A-Za-z0-9_]{4,18}$/;
export const USERNAME_MESSAGE = '用户账号只允许字母、数字、下划线，长度4到18个字符';
/**
 * Password of accounts created by an administrator (add and import): JeecgBoot's user form rule — at least 8
 * characters with a letter, a digit and a special character; at most 64.
 */
export const STRONG_PASSWORD_RE = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,64}$/;
export const PASSWORD_MESSAGE = '密码由8位数字、大小写字母和特殊符号组成!';
/** spec 01 §5 mobile preset */
export const MOBILE_RE = /^1[34578]\d{9}$/;
export const MOBILE_MESSAGE = '请输入正确手机号';
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MESSAGE = '邮箱格式不正确';
export const LANDLINE_RE = /^(\d{3,4}-)?\d{7,8}$/;
export const LANDLINE_MESSAGE = '请输入正确的座机号';
/** a stored upload path (`temp/a_123.png`) or an http(s) URL: never javascript:, data: or a path that climbs */
const AVATAR_RE = /^(https?:\/\/[^\s"'<>]+|[A-Za-z0-9_\-./\u4e00-\u9fa5]+)$/;

/** Comma list of ids (`a,b,` — the UI leaves a trailing comma) → distinct ids; caps count and length. */
export const idList = (label: string, max = 1000) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : v),
    z
      .string({ message: `${label}必须是逗号分隔的字符串` })
      .max(max * 40, `${label}过长`)
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ])
      .refine((ids) => ids.length <= max, `${label}最多 ${max} 个`)
      .refine((ids) => ids.every((x) => /^[A-Za-z0-9_-]{1,36}$/.test(x)), `${label}含有非法的id`),
  );

const smallEnum = (label: string, values: readonly number[]) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      return typeof b === 'string' && /^\d+$/.test(b.trim()) ? Number(b) : b;
    },
    z
      .number({ message: `${label}取值不正确` })
      .int()
      .refine((n) => values.includes(n), `${label}取值不正确`)
      .nullable(),
  );

const birthday = z.preprocess(
  blank,
  z
    .string({ message: '生日必须是字符串' })
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}/.test(v) && parseGmt8(v.slice(0, 10)) !== null,
      '生日必须是 yyyy-MM-dd 格式的日期',
    )
    .transform((v) => v.slice(0, 10))
    .nullable(),
);

/** Fields an administrator may set on a user (add and edit). Anything else in the body is ignored. */
const userFields = {
  realname: text('用户姓名', 100).min(1, '用户姓名不能为空'),
  avatar: z
    .preprocess(
      blank,
      text('头像', 255)
        .refine((v) => AVATAR_RE.test(v) && !v.split('/').includes('..'), '头像地址不正确')
        .nullable(),
    )
    .optional(),
  birthday: birthday.optional(),
  sex: smallEnum('性别', [0, 1, 2]).optional(),
  email: z.preprocess(blank, text('邮箱', 64).regex(EMAIL_RE, EMAIL_MESSAGE).nullable()).optional(),
  phone: z.preprocess(blank, text('手机号码', 45).regex(MOBILE_RE, MOBILE_MESSAGE).nullable()).optional(),
  telephone: z.preprocess(blank, text('座机', 45).regex(LANDLINE_RE, LANDLINE_MESSAGE).nullable()).optional(),
  workNo: optionalText('工号', 100),
  post: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : blank(v)),
      text('职务', 100)
        .refine((v) => /^[A-Za-z0-9_\-,]*$/.test(v), '职务编码不正确')
        .nullable(),
    )
    .optional(),
  userIdentity: smallEnum('身份', [1, 2]).optional(),
  departIds: idList('负责部门').optional(),
  relTenantIds: z
    .preprocess(
      (v) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v)),
      z
        .string()
        .max(100, '租户过多')
        .transform((s) => [
          ...new Set(
            s
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          ),
        ])
        .refine((ids) => ids.every((x) => /^\d{1,9}$/.test(x)), '租户id不正确'),
    )
    .optional(),
  activitiSync: smallEnum('同步流程引擎', [0, 1]).optional(),
  /** comma role ids; absent = unchanged on edit, '' = none */
  selectedroles: idList('角色').optional(),
  /** comma department ids; absent = unchanged on edit, '' = none */
  selecteddeparts: idList('所属部门').optional(),
};

export const AddUserBody = z.object({
  ...userFields,
  username: z
    .string({ message: '用户账号不能为空' })
    .trim()
    .min(1, '用户账号不能为空')
    .regex(USERNAME_RE, USERNAME_MESSAGE),
  password: z
    .string({ message: '登录密码不能为空' })
    .min(1, '登录密码不能为空')
    .regex(STRONG_PASSWORD_RE, PASSWORD_MESSAGE),
  /** the form's repeat of the password; checked when sent */
  confirmpassword: z.string().max(64).nullish(),
});

/** edit: the password and the username are never changed here (the form shows the username read-only) */
export const EditUserBody = z.object({
  ...userFields,
  id: text('id', 36).min(1, 'id不能为空'),
  realname: userFields.realname.optional(),
});

export const IdQuery = z.object({ id: text('id', 36).min(1, 'id不能为空') });
export const IdsQuery = z.object({ ids: idList('ids').refine((ids) => ids.length > 0, '请选择一条记录！') });
export const UserIdsBody = z.object({
  userIds: idList('userIds').refine((ids) => ids.length > 0, '请选择一条记录！'),
});

export const FrozenBody = z.object({
  ids: idList('ids').refine((ids) => ids.length > 0, '请选择一条记录！'),
  status: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(['1', '2'], { message: 'status 只能是 1（解冻）或 2（冻结）' }),
  ),
});

export const ListQuery = z
  .object({
    departId: optionalText('departId', 36),
    /** id list (3.x) */
    code: idList('code').optional(),
  })
  .loose();

export const QueryUserRoleQuery = z.object({ userid: text('userid', 36).min(1, 'userid不能为空') });
export const UserDepartListQuery = z.object({ userId: text('userId', 36).min(1, 'userId不能为空') });
export const DepUsersQuery = z.object({
  id: text('id', 36).min(1, 'id不能为空'),
  realname: optionalText('realname', 100),
});
export const ComponentDataQuery = z
  .object({
    departId: optionalText('departId', 36),
    realname: optionalText('realname', 100),
    username: optionalText('username', 100),
  })
  .loose();
export const QueryByIdsQuery = z.object({
  userIds: idList('userIds').refine((ids) => ids.length > 0, 'userIds不能为空'),
});
