import { z } from 'zod';
import { idList, idString } from '../permission/schema.ts';

export { idList, idString };

const CJK = /[\u3400-\u9FFF\uF900-\uFAFF]/;

export const roleName = z
  .string({ error: '角色名称不能为空' })
  .trim()
  .min(1, '角色名称不能为空')
  .max(200, '角色名称长度不能超过 200 个字符');

export const roleCode = z
  .string({ error: '角色编码不能为空' })
  .trim()
  .min(1, '角色编码不能为空')
  .max(64, '角色编码长度不超过 64 个字符')
  .refine((v) => !CJK.test(v), '角色编码不可输入汉字!')
  .refine((v) => !/\s/.test(v), '角色编码不能包含空格');

const description = z
  .string({ error: '必须是字符串' })
  .trim()
  .max(255, '描述长度不能超过 255 个字符')
  .optional()
  .nullable();

/** POST /sys/role/add: only these fields are taken (no mass assignment) */
export const RoleAddBody = z.object({ roleName, roleCode, description });
export const RoleEditBody = z.object({
  id: idString,
  roleName,
  roleCode: roleCode.optional(),
  description,
});

export const CheckRoleCodeQuery = z.object({
  id: z.union([idString, z.literal('')]).optional(),
  roleCode: z.string({ error: '角色编码不能为空' }).max(200, '长度不能超过 200 个字符'),
});

export const RoleDataRuleBody = z.object({
  permissionId: idString,
  roleId: idString,
  dataRuleIds: idList(200),
});

export const AddUserRoleBody = z.object({
  roleId: idString,
  userIdList: z.array(idString, { error: '请选择用户' }).min(1, '请选择用户').max(1000, '一次最多 1000 个用户'),
});

export const DeleteUserRoleQuery = z.object({ roleId: idString, userId: idString });
export const DeleteUserRoleBatchQuery = z.object({ roleId: idString, userIds: idList(1000) });
