import { z } from 'zod';
import { requiredStr, str } from '../../platform/validation.ts';

/** An id as it travels in queries and bodies (snowflake or 32-hex; bound, never inlined). */
export const idStr = (label = 'id') =>
  z
    .string({ message: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(36, `${label}格式不正确`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label}格式不正确`);

/** `a,b,c,` (the UI leaves a trailing comma) → distinct non-empty ids */
export const idList = (label = 'ids', max = 1000) =>
  z
    .string({ message: `${label}不能为空` })
    .max(40_000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .max(36, `${label}格式不正确`)
            .regex(/^[A-Za-z0-9_-]+$/, `${label}格式不正确`),
        )
        .max(max, `${label}最多 ${max} 个`),
    );

const optText = (max: number) => str(max).trim().nullish();
const phoneLike = z
  .string()
  .trim()
  .max(32, '长度不能超过 32 个字符')
  .regex(/^[0-9+\-() ]*$/, '格式不正确')
  .nullish();
const intLike = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n) || n < -999_999 || n > 999_999) {
      ctx.addIssue({ code: 'custom', message: '请输入整数' });
      return z.NEVER;
    }
    return n;
  });

const departFields = {
  departName: requiredStr('机构名称', 100),
  departNameEn: optText(500),
  departNameAbbr: optText(500),
  departOrder: intLike,
  description: optText(500),
  orgCategory: z.enum(['1', '2', '3'], { message: '机构类型只能是 1(公司)、2(部门)、3(岗位)' }).nullish(),
  mobile: phoneLike,
  fax: phoneLike,
  address: optText(100),
  memo: optText(500),
  status: z.enum(['0', '1'], { message: '状态只能是 0 或 1' }).nullish(),
};

/** POST /sys/sysDepart/add: id, org_code, org_type, del_flag are the server's; other fields of the UI model ignored */
export const DepartAdd = z
  .object({
    parentId: z.string().trim().max(36).nullish(),
    ...departFields,
  })
  .loose();

/** PUT /sys/sysDepart/edit: parent, code and depth are stable (no moving of departments) */
export const DepartEdit = z.object({ id: idStr(), ...departFields }).loose();

export const IdQuery = z.object({ id: idStr() }).loose();
export const IdsQuery = z.object({ ids: idList() }).loose();

export const PidQuery = z.object({ pid: z.string().trim().max(36).optional() }).loose();
export const SearchQuery = z
  .object({
    keyWord: z.string({ message: 'keyWord不能为空' }).trim().max(100, '关键字长度不能超过 100 个字符'),
    myDeptSearch: z.string().max(5).optional(),
  })
  .loose();
export const KeyWordQuery = z.object({ keyWord: z.string().trim().max(100).optional() }).loose();
export const ParentIdQuery = z
  .object({ departId: z.string().max(40_000).optional(), orgCode: z.string().trim().max(64).optional() })
  .loose();
export const OrgCodeQuery = z.object({ orgCode: z.string().trim().max(64).optional() }).loose();
export const ListAllQuery = z.object({ id: z.string().max(40_000).optional() }).loose();

// ---------------------------------------------------------------- depart permissions / roles

export const DepartPermissionBody = z
  .object({
    departId: idStr('departId'),
    permissionId: idStr('permissionId'),
    dataRuleIds: z.string().max(1000).nullish(),
  })
  .loose();
export const DepartPermissionEdit = DepartPermissionBody.extend({ id: idStr() });

export const DepartIdQuery = z.object({ departId: idStr('departId') }).loose();
export const RoleIdQuery = z.object({ roleId: idStr('roleId') }).loose();

export const SaveDeptRolePermission = z
  .object({
    roleId: idStr('roleId'),
    permissionIds: z.string().max(100_000).nullish(),
    lastpermissionIds: z.string().max(100_000).nullish(),
  })
  .loose();

export const DepartDataRuleSave = z
  .object({
    permissionId: idStr('permissionId'),
    departId: idStr('departId'),
    dataRuleIds: z.string().max(1000).nullish(),
  })
  .loose();

export const DeptRoleDataRuleSave = z
  .object({
    permissionId: idStr('permissionId'),
    departId: z.string().max(36).nullish(),
    roleId: idStr('roleId'),
    dataRuleIds: z.string().max(1000).nullish(),
  })
  .loose();

const roleFields = {
  roleName: requiredStr('部门角色名称', 200),
  roleCode: requiredStr('部门角色编码', 100).regex(
    /^[A-Za-z0-9_:-]+$/,
    '部门角色编码只能包含字母、数字、下划线、冒号和横线',
  ),
  description: optText(255),
};
export const DepartRoleAdd = z.object({ departId: idStr('departId'), ...roleFields }).loose();
export const DepartRoleEdit = z.object({ id: idStr(), ...roleFields }).loose();

export const DeptRoleListQuery = z.object({ deptId: z.string().trim().max(36).optional() }).loose();
export const DeptRoleUserQuery = z.object({ departId: idStr('departId'), userId: idStr('userId') }).loose();
export const DeptRoleUserAdd = z
  .object({
    userId: idStr('userId'),
    newRoleId: z.string().max(40_000).nullish(),
    oldRoleId: z.string().max(40_000).nullish(),
  })
  .loose();

// ---------------------------------------------------------------- depart users (/sys/user/…)

export const DepartUserListQuery = z
  .object({ depId: z.string().trim().max(36).optional(), username: z.string().trim().max(100).optional() })
  .loose();
export const EditDepartWithUser = z
  .object({
    depId: idStr('depId'),
    userIdList: z.array(idStr('userIdList'), { message: 'userIdList不能为空' }).min(1, '请选择用户').max(1000),
  })
  .loose();
export const DeleteUserInDepart = z.object({ depId: idStr('depId'), userId: idStr('userId') }).loose();
export const DeleteUserInDepartBatch = z.object({ depId: idStr('depId'), userIds: idList('userIds') }).loose();

/** comma list → distinct trimmed non-empty parts */
export function splitIds(s: string | null | undefined): string[] {
  return [
    ...new Set(
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ];
}

/** diff of two comma lists: ids only in `wanted` are to add, ids only in `shown` (the list shown before) to delete */
export function diffIds(wanted: string | null | undefined, shown: string | null | undefined) {
  const want = new Set(splitIds(wanted));
  const before = new Set(splitIds(shown));
  return {
    toAdd: [...want].filter((id) => !before.has(id)),
    toDelete: [...before].filter((id) => !want.has(id)),
  };
}
