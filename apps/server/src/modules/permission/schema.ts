import { linkProblem, safeLinkMessage } from '@answer/contract';
import { z } from 'zod';

/** A flag the JeecgBoot UI sends as a boolean, 0/1 or "0"/"1" (absent → undefined). */
export const flag = z
  .union(
    [z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')],
    {
      error: '必须是 true/false 或 0/1',
    },
  )
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional()
  .nullable();

const optText = (max: number) =>
  z
    .string({ error: '必须是字符串' })
    .max(max, `长度不能超过 ${max} 个字符`)
    .optional()
    .nullable()
    .transform((v) => (v === null || v === undefined ? v : v.trim()));

/** a stored link (security rule 16): http(s) or a relative path, checked on the value as sent */
const linkText = (label: string, max: number) =>
  optText(max).superRefine((v, ctx) => {
    const problem = linkProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: safeLinkMessage(label, problem) });
  });

/** one id, as JeecgBoot ids look (snowflake digits or 32-hex); used for every id parameter */
export const idString = z
  .string({ error: '不能为空' })
  .trim()
  .min(1, '不能为空')
  .max(36, '长度不能超过 36 个字符')
  .regex(/^[A-Za-z0-9_-]+$/, '格式不正确');

/** `a,b,` (the UI leaves a trailing comma) → unique non-empty ids, each id-shaped */
export const idList = (max = 5000) =>
  z
    .string({ error: '必须是字符串' })
    .max(200_000, '参数过长')
    .optional()
    .nullable()
    .transform((v, ctx) => {
      const ids = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length > max) {
        ctx.addIssue({ code: 'custom', message: `最多 ${max} 个` });
        return z.NEVER;
      }
      if (ids.some((id) => !/^[A-Za-z0-9_-]{1,36}$/.test(id))) {
        ctx.addIssue({ code: 'custom', message: '含有格式不正确的ID' });
        return z.NEVER;
      }
      return ids;
    });

export const IdQuery = z.object({ id: idString });
export const IdsQuery = z.object({ ids: idList(1000) });

const menuType = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], {
    error: '只能是 0（一级菜单）、1（子菜单）或 2（按钮权限）',
  })
  .transform((v) => Number(v) as 0 | 1 | 2);

const sortNo = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,8}(\.\d{1,2})?$/, '必须是数字'),
    ],
    { error: '必须是数字' },
  )
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && Math.abs(v) < 1e8, '必须是数字')
  .optional()
  .nullable();

/** sys_permission as the menu form sends it (add / edit); unknown keys are ignored (no mass assignment). */
export const PermissionInput = z.object({
  id: idString.optional().nullable(),
  parentId: optText(36),
  name: z
    .string({ error: '菜单名称不能为空' })
    .trim()
    .min(1, '菜单名称不能为空')
    .max(255, '菜单名称长度不能超过 255 个字符'),
  url: linkText('菜单路径', 255),
  component: optText(255),
  componentName: optText(100),
  redirect: linkText('默认跳转地址', 255),
  menuType,
  perms: optText(1000),
  permsType: z
    .union([z.literal('0'), z.literal('1'), z.literal('2'), z.literal(1), z.literal(2), z.literal(0)], {
      error: '只能是 1（显示）或 2（禁用）',
    })
    .transform((v) => String(v))
    .optional()
    .nullable(),
  sortNo,
  alwaysShow: flag,
  icon: optText(100).refine((v) => !v || /^[A-Za-z0-9:_-]+$/.test(v), '图标名称格式不正确'),
  route: flag,
  isRoute: flag,
  keepAlive: flag,
  hidden: flag,
  hideTab: flag,
  description: optText(255),
  status: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: '只能是 1（有效）或 0（无效）' })
    .transform((v) => String(v))
    .optional()
    .nullable(),
  internalOrExternal: flag,
});
export type PermissionInput = z.output<typeof PermissionInput>;

export const SaveRolePermissionBody = z.object({
  roleId: idString,
  permissionIds: idList(),
  lastpermissionIds: idList(),
});

export const SaveDepartPermissionBody = z.object({
  departId: idString,
  permissionIds: idList(),
  lastpermissionIds: idList(),
});

export const DataRuleInput = z.object({
  id: idString.optional().nullable(),
  permissionId: idString,
  ruleName: z
    .string({ error: '规则名称不能为空' })
    .trim()
    .min(1, '规则名称不能为空')
    .max(50, '规则名称长度不能超过 50 个字符'),
  ruleColumn: z
    .string({ error: '规则字段不能为空' })
    .trim()
    .min(1, '规则字段不能为空')
    .max(50, '规则字段长度不能超过 50 个字符')
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '规则字段只能是字母、数字和下划线组成的字段名'),
  ruleConditions: z
    .string({ error: '条件规则不能为空' })
    .trim()
    .min(1, '条件规则不能为空')
    .max(50, '条件规则长度不能超过 50 个字符'),
  ruleValue: z
    .string({ error: '规则值不能为空' })
    .trim()
    .min(1, '规则值不能为空')
    .max(300, '规则值长度不能超过 300 个字符'),
  status: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: '只能是 1（有效）或 0（无效）' })
    .transform((v) => String(v))
    .optional()
    .nullable(),
});
export type DataRuleInput = z.output<typeof DataRuleInput>;

export const RuleQuery = z.object({
  permissionId: idString.optional(),
  ruleName: z.string().max(50).optional(),
  ruleColumn: z.string().max(50).optional(),
  ruleConditions: z.string().max(50).optional(),
  ruleValue: z.string().max(300).optional(),
  status: z.string().max(3).optional(),
});
