import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  sysDataLog,
  sysDepart,
  sysPosition,
  sysRole,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../../db/schema/index.ts';
import { dataSnapshot } from '../../platform/data-log.ts';
import { dataRulesFor } from '../../platform/data-rules.ts';
import { badRequest } from '../../platform/errors.ts';
import { type ExcelColumn, exportXlsx, importAnswer, readImport } from '../../platform/excel.ts';
import { newId, newSalt } from '../../platform/ids.ts';
import { listOrderBy, listWhere } from '../../platform/list-query.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { hashPassword } from '../auth/password.ts';
import {
  EMAIL_MESSAGE,
  EMAIL_RE,
  LANDLINE_MESSAGE,
  LANDLINE_RE,
  MOBILE_MESSAGE,
  MOBILE_RE,
  PASSWORD_MESSAGE,
  STRONG_PASSWORD_RE,
  USERNAME_MESSAGE,
  USERNAME_RE,
} from './schema.ts';
import { type Actor, departInfoOf, memberOf, roleCodesOf, userEntity } from './service.ts';

/**
 * Excel export and import of users (contract §4.1 exportXls / importExcel, §4.13 answer).
 *
 * Departments and roles travel as codes (部门编码 = org codes, 角色编码 = role codes) because department names are
 * not unique (two 财务部 in the demo data). 所属部门 is exported for reading only.
 *
 * Passwords on import (decision): JeecgBoot gives every imported user the password 123456; we never create accounts
 * with a known password. A row may carry a 密码 (checked by the same rule as the add form). A row without one gets NO
 * usable password: the account exists but nobody can sign in with a password until an administrator sets one
 * (“密码” on the user list) or the user resets it by SMS; the answer says how many such accounts were created.
 */

const IDENTITY_TEXT: Record<string, string> = { '1': '普通用户', '2': '上级' };
const IDENTITY_VALUE: Record<string, string> = { 普通用户: '1', 上级: '2', '1': '1', '2': '2' };

export const EXPORT_COLUMNS: ExcelColumn[] = [
  { key: 'username', title: '用户账号' },
  { key: 'realname', title: '用户姓名' },
  { key: 'avatar', title: '头像', width: 30 },
  { key: 'birthday', title: '生日' },
  { key: 'sex', title: '性别', dict: 'sex' },
  { key: 'email', title: '邮箱', width: 24 },
  { key: 'phone', title: '手机号码', width: 16 },
  { key: 'telephone', title: '座机' },
  { key: 'workNo', title: '工号' },
  { key: 'post', title: '职务', dict: 'sys_position,name,code' },
  { key: 'status', title: '状态', dict: 'user_status' },
  { key: 'userIdentity', title: '身份', format: (v) => IDENTITY_TEXT[String(v ?? '')] ?? '' },
  { key: 'orgCodeTxt', title: '所属部门', width: 30 },
  { key: 'departCodes', title: '部门编码', width: 20 },
  { key: 'roleCodes', title: '角色编码', width: 20 },
  { key: 'createTime', title: '创建时间', width: 20 },
];

export const IMPORT_COLUMNS: ExcelColumn[] = [
  { key: 'username', title: '用户账号' },
  { key: 'realname', title: '用户姓名' },
  { key: 'password', title: '密码' },
  { key: 'avatar', title: '头像' },
  { key: 'birthday', title: '生日' },
  { key: 'sex', title: '性别', dict: 'sex' },
  { key: 'email', title: '邮箱' },
  { key: 'phone', title: '手机号码' },
  { key: 'telephone', title: '座机' },
  { key: 'workNo', title: '工号' },
  { key: 'post', title: '职务', dict: 'sys_position,name,code' },
  { key: 'status', title: '状态', dict: 'user_status' },
  { key: 'userIdentity', title: '身份' },
  { key: 'departCodes', title: '部门编码' },
  { key: 'roleCodes', title: '角色编码' },
];

const EXPORT_BATCH = 1000;
const MAX_SELECTIONS = 5000;

/** GET /sys/user/exportXls: the list's filters, sort and data rules (`selections` = chosen ids), every page. */
export async function exportUsers(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const { db } = app.ctx;
  const q = (req.query ?? {}) as Record<string, unknown>;
  const one = (k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : '');
  const selections = one('selections').split(',').filter(Boolean);
  if (selections.length > MAX_SELECTIONS) throw badRequest(`参数 selections 有误：最多 ${MAX_SELECTIONS} 个`);
  const departId = one('departId');
  if (departId.length > 36) throw badRequest('参数 departId 有误');
  const extra = [
    departId ? memberOf([departId]) : undefined,
    selections.length ? inArray(sysUser.id, selections) : undefined,
  ];
  const dataRules = await dataRulesFor(db, req.auth!.user, 'system/UserList');
  const where = listWhere(userEntity, q, { where: extra, dataRules, tenant: tenantOf(req) });
  const orderBy = listOrderBy(userEntity, q);
  const selection = Object.fromEntries(userEntity.fields) as Record<string, PgColumn>;
  async function* pages() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = (await db
        .select(selection)
        .from(sysUser)
        .where(where)
        .orderBy(...orderBy)
        .limit(EXPORT_BATCH)
        .offset(offset)) as Record<string, unknown>[];
      const ids = rows.map((r) => String(r.id));
      const [departs, roles] = await Promise.all([departInfoOf(db, ids), roleCodesOf(db, ids)]);
      for (const r of rows) {
        const d = departs.get(String(r.id));
        r.orgCodeTxt = d?.names ?? '';
        r.departCodes = d?.codes ?? '';
        r.roleCodes = roles.get(String(r.id)) ?? '';
      }
      if (rows.length) yield rows;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return exportXlsx(reply, { fileName: '用户列表', columns: EXPORT_COLUMNS, rows: pages() });
}

// ---------------------------------------------------------------- import

const cell = (re: RegExp, message: string) =>
  z
    .string()
    .max(255, '内容过长')
    .refine((v) => v === '' || re.test(v), message);

const ImportRowSchema = z.object({
  username: z.string().min(1, '用户账号不能为空').regex(USERNAME_RE, USERNAME_MESSAGE),
  realname: z.string().min(1, '用户姓名不能为空').max(100, '用户姓名长度不能超过 100 个字符'),
  password: cell(STRONG_PASSWORD_RE, PASSWORD_MESSAGE),
  avatar: cell(/^(https?:\/\/[^\s"'<>]+|[A-Za-z0-9_\-./]+)$/, '头像地址不正确').refine(
    (v) => !v.split('/').includes('..'),
    '头像地址不正确',
  ),
  birthday: cell(/^\d{4}-\d{2}-\d{2}$/, '生日必须是 yyyy-MM-dd 格式的日期'),
  sex: cell(/^[012]$/, '性别只能是 男 或 女'),
  email: cell(EMAIL_RE, EMAIL_MESSAGE).refine((v) => v.length <= 64, '邮箱长度不能超过 64 个字符'),
  phone: cell(MOBILE_RE, MOBILE_MESSAGE),
  telephone: cell(LANDLINE_RE, LANDLINE_MESSAGE),
  workNo: z.string().max(100, '工号长度不能超过 100 个字符'),
  post: z.string().max(100, '职务过长'),
  status: cell(/^[12]$/, '状态只能是 正常 或 冻结'),
  userIdentity: z.string().refine((v) => v === '' || v in IDENTITY_VALUE, '身份只能是 普通用户 或 上级'),
  departCodes: z.string().max(2000, '部门编码过长'),
  roleCodes: z.string().max(2000, '角色编码过长'),
});

type ImportValues = z.output<typeof ImportRowSchema>;

const list = (v: string) => [
  ...new Set(
    v
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

const UNIQUE: { key: 'username' | 'phone' | 'email' | 'workNo'; col: PgColumn; label: string }[] = [
  { key: 'username', col: sysUser.username, label: '用户账号' },
  { key: 'phone', col: sysUser.phone, label: '手机号码' },
  { key: 'email', col: sysUser.email, label: '邮箱' },
  { key: 'workNo', col: sysUser.workNo, label: '工号' },
];

async function takenValues(app: FastifyInstance, rows: ImportValues[]) {
  const taken = new Map<string, Set<string>>();
  for (const u of UNIQUE) {
    const wanted = [...new Set(rows.map((r) => r[u.key]).filter(Boolean))];
    const set = new Set<string>();
    for (let i = 0; i < wanted.length; i += 1000) {
      const part = wanted.slice(i, i + 1000);
      const found = await app.ctx.db.select({ v: u.col }).from(sysUser).where(inArray(u.col, part));
      for (const f of found) if (f.v) set.add(String(f.v));
    }
    taken.set(u.key, set);
  }
  return taken;
}

/** hashes with at most 4 at a time (argon2 runs on libuv's thread pool) */
async function hashAll(passwords: string[]): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < passwords.length; i = next++) out[i] = await hashPassword(passwords[i]);
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

/** POST /sys/user/importExcel: every row validated like the add form; the good rows inserted in one transaction. */
export async function importUsers(app: FastifyInstance, req: FastifyRequest, actor: Actor) {
  const { db } = app.ctx;
  const { rows } = await readImport(req, { columns: IMPORT_COLUMNS });
  const errors: { rowNo: number; message: string }[] = [];

  const [roles, departs, posts] = await Promise.all([
    db.select({ id: sysRole.id, code: sysRole.roleCode }).from(sysRole),
    db
      .select({ id: sysDepart.id, code: sysDepart.orgCode })
      .from(sysDepart)
      .where(sql`coalesce(${sysDepart.delFlag}, '0') = '0'`),
    db.select({ code: sysPosition.code }).from(sysPosition),
  ]);
  const roleByCode = new Map(roles.map((r) => [r.code, r.id]));
  const departByCode = new Map(departs.map((d) => [d.code, d.id]));
  const postCodes = new Set(posts.map((p) => p.code));

  // 1. each row on its own
  const valid: { rowNo: number; v: ImportValues; roleIds: string[]; departIds: string[]; departCodes: string[] }[] = [];
  for (const r of rows) {
    const parsed = ImportRowSchema.safeParse(r.values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const col = IMPORT_COLUMNS.find((c) => c.key === issue.path[0]);
      const msg = issue.message;
      errors.push({ rowNo: r.rowNo, message: col && !msg.includes(col.title) ? `${col.title}：${msg}` : msg });
      continue;
    }
    const v = parsed.data;
    const roleCodes = list(v.roleCodes);
    const departCodes = list(v.departCodes);
    const badRole = roleCodes.find((c) => !roleByCode.has(c));
    const badDepart = departCodes.find((c) => !departByCode.has(c));
    const badPost = list(v.post).find((c) => !postCodes.has(c));
    const badDate = v.birthday && Number.isNaN(Date.parse(`${v.birthday}T00:00:00Z`));
    const problem = badRole
      ? `角色编码 ${badRole} 不存在`
      : badDepart
        ? `部门编码 ${badDepart} 不存在`
        : badPost
          ? `职务 ${badPost} 不存在`
          : badDate
            ? '生日必须是 yyyy-MM-dd 格式的日期'
            : null;
    if (problem) {
      errors.push({ rowNo: r.rowNo, message: problem });
      continue;
    }
    valid.push({
      rowNo: r.rowNo,
      v,
      roleIds: roleCodes.map((c) => roleByCode.get(c)!),
      departIds: departCodes.map((c) => departByCode.get(c)!),
      departCodes,
    });
  }

  // 2. unique values: against the database and within the file
  const taken = await takenValues(
    app,
    valid.map((x) => x.v),
  );
  const good: typeof valid = [];
  for (const x of valid) {
    const clash = UNIQUE.find((u) => x.v[u.key] && taken.get(u.key)!.has(x.v[u.key]));
    if (clash) {
      errors.push({ rowNo: x.rowNo, message: `${clash.label} ${x.v[clash.key]} 已存在` });
      continue;
    }
    for (const u of UNIQUE) if (x.v[u.key]) taken.get(u.key)!.add(x.v[u.key]);
    good.push(x);
  }

  // 3. insert the good rows in one transaction
  const withPassword = good.filter((x) => x.v.password);
  const hashes = await hashAll(withPassword.map((x) => x.v.password));
  const hashOf = new Map(withPassword.map((x, i) => [x, hashes[i]]));
  const now = new Date();
  const users = good.map((x) => {
    const v = x.v;
    const identity = Number(IDENTITY_VALUE[v.userIdentity] ?? '1');
    return {
      id: newId(),
      username: v.username,
      realname: v.realname,
      password: hashOf.get(x) ?? null,
      salt: newSalt(),
      avatar: v.avatar || null,
      birthday: v.birthday || null,
      sex: v.sex ? Number(v.sex) : null,
      email: v.email || null,
      phone: v.phone || null,
      telephone: v.telephone || null,
      workNo: v.workNo || null,
      post: list(v.post).join(',') || null,
      status: v.status ? Number(v.status) : 1,
      delFlag: 0,
      userIdentity: identity,
      departIds: identity === 2 && x.departIds.length ? x.departIds.join(',') : null,
      orgCode: x.departCodes[0] ?? null,
      activitiSync: 1,
      createBy: actor.username,
      createTime: now,
    };
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < users.length; i += 500) {
      const part = users.slice(i, i + 500);
      await tx.insert(sysUser).values(part);
      const links = part.flatMap((u, j) =>
        good[i + j].roleIds.map((roleId) => ({ id: newId(), userId: u.id, roleId })),
      );
      if (links.length) await tx.insert(sysUserRole).values(links);
      const members = part.flatMap((u, j) =>
        good[i + j].departIds.map((depId) => ({ id: newId(), userId: u.id, depId })),
      );
      if (members.length) await tx.insert(sysUserDepart).values(members);
      // data log: version 1 of each new row (a brand-new id has no earlier version, so no race for the number);
      // the same snapshot writeDataLog stores, written in bulk instead of one transaction per user
      await tx.insert(sysDataLog).values(
        part.map((u) => ({
          id: newId(),
          dataTable: 'sys_user',
          dataId: u.id,
          dataContent: dataSnapshot(u),
          dataVersion: 1,
          createBy: actor.username,
          createTime: now,
        })),
      );
    }
  });
  const answer = await importAnswer(app, { total: rows.length, imported: users.length, errors });
  const noPassword = users.filter((u) => !u.password).length;
  if (noPassword > 0) {
    const note = `其中 ${noPassword} 个用户未填写密码，需由管理员通过“密码”设置后方可登录`;
    if (answer.result) answer.result.msg = `${answer.result.msg}；${note}`;
    else answer.message = `${answer.message}；${note}`;
  }
  return answer;
}
