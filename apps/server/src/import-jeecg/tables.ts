import { createDecipheriv } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  onlCgformButton,
  onlCgformField,
  onlCgformHead,
  onlCgformIndex,
  onlCgreportHead,
  onlCgreportItem,
  onlCgreportParam,
  ossFile,
  sysAnnouncement,
  sysAnnouncementSend,
  sysCategory,
  sysCheckRule,
  sysDataSource,
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysDict,
  sysDictItem,
  sysFillRule,
  sysGatewayRoute,
  sysLog,
  sysMessageTemplate,
  sysPermission,
  sysPermissionDataRule,
  sysPosition,
  sysQuartzJob,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../db/schema/index.ts';
import { handlerOf } from '../modules/fill-rule/handlers.ts';
import { jobClassOf } from '../modules/quartz/registry.ts';
import { mapComponent } from './components.ts';
import { BASE_PREFIX, type Row, type TableSpec } from './engine.ts';
import { Problem } from './values.ts';

/**
 * What is imported, by area (the `--only` names), in the order the areas run: each area is one transaction. Column
 * names are JeecgBoot's and ours alike (our schema keeps them); a spec lists the columns a supported version must
 * have, the references to check and the natural keys that hold here.
 */

export const AREAS = [
  'tenants',
  'positions',
  'departs',
  'roles',
  'users',
  'menus',
  'dicts',
  'categories',
  'rules',
  'announcements',
  'templates',
  'jobs',
  'datasources',
  'gateway',
  'online',
  'reports',
  'files',
  'logs',
] as const;
export type Area = (typeof AREAS)[number];

export const AREA_TITLES: Record<Area, string> = {
  tenants: '租户',
  positions: '职务',
  departs: '部门',
  roles: '角色',
  users: '用户（含部门、角色关系）',
  menus: '菜单和权限（含授权、数据规则）',
  dicts: '数据字典',
  categories: '分类字典',
  rules: '编码规则和校验规则',
  announcements: '系统通告（含发送、阅读记录）',
  templates: '消息模板',
  jobs: '定时任务',
  datasources: '多数据源',
  gateway: '路由网关',
  online: 'Online 表单（含数据表）',
  reports: 'Online 报表',
  files: '文件记录',
  logs: '登录和操作日志（仅 --with-logs）',
};

const AUDIT = ['id', 'create_by', 'create_time'];

const emptyToNull = (row: Row, ...cols: string[]) => {
  for (const c of cols) if (row[c] === '') row[c] = null;
};

/** delete rows of `table` whose `column` is `id` */
const dropRefs =
  (...refs: [string, string][]) =>
  async (tx: Db, oldId: string) => {
    for (const [table, column] of refs) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${oldId}`);
    }
  };

/** point `column` of `table` from the old id to the new one (a seeded row the import replaced hands over its children) */
const moveRefs =
  (...refs: [string, string][]) =>
  async (tx: Db, oldId: string, newId: string) => {
    for (const [table, column] of refs) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${newId} where ${sql.identifier(column)} = ${oldId}`,
      );
    }
  };

// ---------------------------------------------------------------- JeecgBoot's data-source password encryption

/** JeecgBoot 3.x SecurityUtil: AES/ECB/PKCS5 with the hard-coded key "JEECGBOOT1423670", hex (contract-2 §3.2) */
export function jeecgDecryptPassword(hex: string): string | null {
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 32 !== 0) return null;
  try {
    const d = createDecipheriv('aes-128-ecb', Buffer.from('JEECGBOOT1423670', 'latin1'), null);
    return Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface SpecOptions {
  /** seals a data-source password with our key (ADR 029) */
  sealPassword(plain: string, code: string): string;
  /** checks a report SQL with our report guard; answers the refusal text or null */
  checkReportSql(sqlText: string, dbSource: string | null): Promise<string | null>;
}

export function tableSpecs(o: SpecOptions): Record<Area, TableSpec[]> {
  return {
    tenants: [
      {
        source: 'sys_tenant',
        target: sysTenant,
        required: ['id', 'name', 'status'],
        map(row) {
          if (row.name === null) return new Problem('skip', '租户名称为空');
        },
      },
    ],
    positions: [
      {
        source: 'sys_position',
        target: sysPosition,
        required: [...AUDIT, 'code', 'name'],
        unique: [{ columns: ['code'], label: '职务编码' }],
      },
    ],
    departs: [
      {
        source: 'sys_depart',
        target: sysDepart,
        required: [...AUDIT, 'parent_id', 'depart_name', 'org_code', 'org_category', 'del_flag'],
        omit: ['tenant_id'],
        refs: [{ column: 'parent_id', table: 'sys_depart', fix: '', label: '上级部门' }],
        unique: [{ columns: ['org_code'], label: '部门编码' }],
        map(row) {
          if (row.parent_id === null) row.parent_id = '';
        },
        onReplace: moveRefs(
          ['sys_depart', 'parent_id'],
          ['sys_user_depart', 'dep_id'],
          ['sys_depart_role', 'depart_id'],
        ),
      },
      {
        source: 'sys_depart_role',
        target: sysDepartRole,
        required: [...AUDIT, 'depart_id', 'role_code'],
        refs: [{ column: 'depart_id', table: 'sys_depart', label: '部门' }],
      },
    ],
    roles: [
      {
        source: 'sys_role',
        target: sysRole,
        required: [...AUDIT, 'role_name', 'role_code'],
        omit: ['tenant_id'],
        unique: [{ columns: ['role_code'], label: '角色编码' }],
        onReplace: dropRefs(['sys_user_role', 'role_id'], ['sys_role_permission', 'role_id']),
      },
    ],
    users: [
      {
        source: 'sys_user',
        target: sysUser,
        required: [...AUDIT, 'username', 'realname', 'password', 'salt', 'status', 'del_flag', 'org_code'],
        unique: [
          { columns: ['username'], caseInsensitive: true, label: '用户名' },
          { columns: ['phone'], label: '手机号', clearOnDuplicate: true },
          { columns: ['email'], label: '邮箱', clearOnDuplicate: true },
          { columns: ['work_no'], label: '工号', clearOnDuplicate: true },
        ],
        map(row) {
          emptyToNull(row, 'phone', 'email', 'work_no');
          if (row.username === null || String(row.username).trim() === '') return new Problem('skip', '用户名为空');
          // JeecgBoot's hash is lower-case hex of the PBE output; anything else cannot be verified here
          const pw = row.password === null ? '' : String(row.password);
          if (pw && !/^[0-9a-fA-F]{16,}$/.test(pw) && !pw.startsWith('$argon2')) {
            return new Problem('fix', '密码不是 JeecgBoot 的加密格式，该用户需重置密码后登录');
          }
          if (row.status !== 1 && row.status !== 2) row.status = 1;
          if (row.del_flag !== 0 && row.del_flag !== 1) row.del_flag = 0;
        },
        onReplace: dropRefs(
          ['sys_user_role', 'user_id'],
          ['sys_user_depart', 'user_id'],
          ['sys_depart_role_user', 'user_id'],
          ['sys_announcement_send', 'user_id'],
        ),
      },
      {
        source: 'sys_user_depart',
        target: sysUserDepart,
        required: ['id', 'user_id', 'dep_id'],
        link: true,
        refs: [
          { column: 'user_id', table: 'sys_user', label: '用户' },
          { column: 'dep_id', table: 'sys_depart', label: '部门' },
        ],
        unique: [{ columns: ['user_id', 'dep_id'], label: '用户部门关系' }],
      },
      {
        source: 'sys_user_role',
        target: sysUserRole,
        required: ['id', 'user_id', 'role_id'],
        link: true,
        refs: [
          { column: 'user_id', table: 'sys_user', label: '用户' },
          { column: 'role_id', table: 'sys_role', label: '角色' },
        ],
        unique: [{ columns: ['user_id', 'role_id'], label: '用户角色关系' }],
      },
      {
        source: 'sys_depart_role_user',
        target: sysDepartRoleUser,
        required: ['id', 'user_id', 'drole_id'],
        link: true,
        refs: [
          { column: 'user_id', table: 'sys_user', label: '用户' },
          { column: 'drole_id', table: 'sys_depart_role', label: '部门角色' },
        ],
        unique: [{ columns: ['user_id', 'drole_id'], label: '部门角色用户关系' }],
      },
    ],
    menus: [
      {
        source: 'sys_permission',
        target: sysPermission,
        required: [...AUDIT, 'parent_id', 'name', 'url', 'component', 'menu_type', 'perms', 'del_flag'],
        refs: [{ column: 'parent_id', table: 'sys_permission', fix: '', label: '上级菜单' }],
        map(row, _raw, ctx) {
          if (row.parent_id === null) row.parent_id = '';
          const m = mapComponent((row.component as string | null) ?? null, {
            menuType: row.menu_type as number | null,
            isRoute: (row.is_route as boolean | null) ?? true,
            external: (row.internal_or_external as boolean | null) ?? false,
            url: (row.url as string | null) ?? null,
          });
          row.component = m.component;
          if (m.unknown && row.del_flag !== 1) {
            ctx.attention({
              kind: 'component',
              key: String(row.component),
              detail: `菜单「${String(row.name)}」(${String(row.url ?? '')}, id ${String(row.id)})`,
            });
          }
        },
        onReplace: moveRefs(
          ['sys_permission', 'parent_id'],
          ['sys_permission_data_rule', 'permission_id'],
          ['sys_role_permission', 'permission_id'],
          ['sys_depart_permission', 'permission_id'],
        ),
      },
      {
        source: 'sys_permission_data_rule',
        target: sysPermissionDataRule,
        required: [...AUDIT, 'permission_id', 'rule_column', 'rule_conditions', 'rule_value'],
        refs: [{ column: 'permission_id', table: 'sys_permission', label: '菜单' }],
      },
      {
        source: 'sys_role_permission',
        target: sysRolePermission,
        required: ['id', 'role_id', 'permission_id'],
        link: true,
        refs: [
          { column: 'role_id', table: 'sys_role', label: '角色' },
          { column: 'permission_id', table: 'sys_permission', label: '菜单' },
        ],
        unique: [{ columns: ['role_id', 'permission_id'], label: '角色授权' }],
      },
      {
        source: 'sys_depart_permission',
        target: sysDepartPermission,
        required: ['id', 'depart_id', 'permission_id'],
        link: true,
        refs: [
          { column: 'depart_id', table: 'sys_depart', label: '部门' },
          { column: 'permission_id', table: 'sys_permission', label: '菜单' },
        ],
        unique: [{ columns: ['depart_id', 'permission_id'], label: '部门授权' }],
      },
      {
        source: 'sys_depart_role_permission',
        target: sysDepartRolePermission,
        required: ['id', 'role_id', 'permission_id'],
        link: true,
        refs: [
          { column: 'role_id', table: 'sys_depart_role', label: '部门角色' },
          { column: 'permission_id', table: 'sys_permission', label: '菜单' },
        ],
        unique: [{ columns: ['role_id', 'permission_id'], label: '部门角色授权' }],
      },
    ],
    dicts: [
      {
        source: 'sys_dict',
        target: sysDict,
        required: [...AUDIT, 'dict_name', 'dict_code', 'del_flag'],
        unique: [{ columns: ['dict_code'], label: '字典编码' }],
        onReplace: dropRefs(['sys_dict_item', 'dict_id']),
      },
      {
        source: 'sys_dict_item',
        target: sysDictItem,
        required: [...AUDIT, 'dict_id', 'item_text', 'item_value', 'status'],
        refs: [{ column: 'dict_id', table: 'sys_dict', label: '字典' }],
        unique: [{ columns: ['dict_id', 'item_value'], label: '字典项值' }],
      },
    ],
    categories: [
      {
        source: 'sys_category',
        target: sysCategory,
        required: [...AUDIT, 'pid', 'name', 'code'],
        refs: [{ column: 'pid', table: 'sys_category', fix: '0', label: '上级分类' }],
        unique: [{ columns: ['code'], label: '分类编码' }],
        map(row) {
          if (row.pid === null || row.pid === '') row.pid = '0';
        },
        onReplace: moveRefs(['sys_category', 'pid']),
      },
    ],
    rules: [
      {
        source: 'sys_fill_rule',
        target: sysFillRule,
        required: [...AUDIT, 'rule_code', 'rule_class'],
        unique: [{ columns: ['rule_code'], label: '规则编码' }],
        map(row, _raw, ctx) {
          if (!handlerOf((row.rule_class as string | null) ?? null)) {
            ctx.attention({
              kind: 'other',
              key: `编码规则 ${String(row.rule_code)}`,
              detail: `规则类 ${String(row.rule_class)} 本系统没有，执行时会提示找不到`,
            });
          }
        },
      },
      {
        source: 'sys_check_rule',
        target: sysCheckRule,
        required: [...AUDIT, 'rule_code', 'rule_json'],
        unique: [{ columns: ['rule_code'], label: '规则编码' }],
      },
    ],
    announcements: [
      {
        source: 'sys_announcement',
        target: sysAnnouncement,
        required: [...AUDIT, 'titile', 'msg_content', 'send_status', 'del_flag'],
        omit: ['tenant_id'],
      },
      {
        source: 'sys_announcement_send',
        target: sysAnnouncementSend,
        required: ['id', 'annt_id', 'user_id', 'read_flag'],
        refs: [
          { column: 'annt_id', table: 'sys_announcement', label: '通告' },
          { column: 'user_id', table: 'sys_user', label: '用户' },
        ],
        unique: [{ columns: ['annt_id', 'user_id'], label: '通告发送记录' }],
      },
    ],
    templates: [
      {
        source: 'sys_sms_template',
        target: sysMessageTemplate,
        required: [...AUDIT, 'template_code', 'template_type', 'template_content'],
        unique: [{ columns: ['template_code'], label: '模板编码' }],
      },
    ],
    jobs: [
      {
        source: 'sys_quartz_job',
        target: sysQuartzJob,
        required: [...AUDIT, 'job_class_name', 'cron_expression', 'status'],
        map(row, _raw, ctx) {
          if (!jobClassOf(row.job_class_name as string | null)) {
            if (row.status === 0) row.status = -1;
            ctx.attention({
              kind: 'jobClass',
              key: String(row.job_class_name),
              detail: `任务 ${String(row.id)}（${String(row.description ?? '')}）已导入为暂停`,
            });
          }
        },
      },
    ],
    datasources: [
      {
        source: 'sys_data_source',
        target: sysDataSource,
        required: [...AUDIT, 'code', 'db_type', 'db_url', 'db_username', 'db_password'],
        unique: [{ columns: ['code'], label: '数据源编码' }],
        map(row, _raw, ctx) {
          const enc = row.db_password === null ? '' : String(row.db_password);
          if (!enc) return;
          const plain = jeecgDecryptPassword(enc);
          if (plain === null) {
            row.db_password = null;
            ctx.attention({
              kind: 'dataSource',
              key: String(row.code),
              detail: '密码无法用 JeecgBoot 的密钥解密，已清空，请在多数据源管理中重新填写',
            });
            return new Problem('fix', '数据源密码无法解密，已清空');
          }
          row.db_password = o.sealPassword(plain, String(row.code));
          // sealing draws a fresh IV: the base keeps JeecgBoot's ciphertext, so an unchanged password is seen as such
          row[`${BASE_PREFIX}db_password`] = enc;
        },
      },
    ],
    gateway: [
      {
        source: 'sys_gateway_route',
        target: sysGatewayRoute,
        required: ['id', 'router_id', 'name', 'uri', 'predicates', 'filters', 'status'],
        unique: [{ columns: ['router_id'], label: '路由 ID' }],
      },
    ],
    online: [
      {
        source: 'onl_cgform_head',
        target: onlCgformHead,
        required: [...AUDIT, 'table_name', 'table_type', 'table_txt', 'is_db_synch'],
        map(row, _raw, ctx) {
          if (!/^[a-z][a-z0-9_]{0,62}$/i.test(String(row.table_name))) {
            ctx.attention({ kind: 'form', key: String(row.table_name), detail: '表名不符合本系统的规则，未导入' });
            return new Problem('skip', `表名 ${String(row.table_name)} 不符合规则`);
          }
          row.table_name = String(row.table_name).toLowerCase();
          if (row.theme_template && !['normal', 'tab', 'erp', 'innerTable'].includes(String(row.theme_template))) {
            ctx.attention({
              kind: 'form',
              key: String(row.table_name),
              detail: `风格 ${String(row.theme_template)} 本系统不支持，按普通风格显示`,
            });
            row.theme_template = 'normal';
          }
          if (row.is_des_form === 'Y') {
            ctx.attention({ kind: 'form', key: String(row.table_name), detail: '表单设计器（desform）本系统不支持' });
          }
        },
      },
      {
        source: 'onl_cgform_field',
        target: onlCgformField,
        required: ['id', 'cgform_head_id', 'db_field_name', 'db_type', 'db_length'],
        refs: [{ column: 'cgform_head_id', table: 'onl_cgform_head', label: '表单' }],
        unique: [{ columns: ['cgform_head_id', 'db_field_name'], label: '字段名' }],
        map(row) {
          row.db_field_name = String(row.db_field_name).toLowerCase();
        },
      },
      {
        source: 'onl_cgform_index',
        target: onlCgformIndex,
        required: ['id', 'cgform_head_id', 'index_name', 'index_field'],
        refs: [{ column: 'cgform_head_id', table: 'onl_cgform_head', label: '表单' }],
      },
      {
        source: 'onl_cgform_button',
        target: onlCgformButton,
        required: ['id', 'cgform_head_id', 'button_code', 'button_name'],
        refs: [{ column: 'cgform_head_id', table: 'onl_cgform_head', label: '表单' }],
        map(row, _raw, ctx) {
          if (row.opt_type === 'js') {
            ctx.attention({
              kind: 'form',
              key: `按钮 ${String(row.button_code)}`,
              detail: 'JS 增强按钮：本系统不执行表单定义里的代码，按钮导入但不会运行脚本',
            });
          }
        },
      },
    ],
    reports: [
      {
        source: 'onl_cgreport_head',
        target: onlCgreportHead,
        required: [...AUDIT, 'code', 'name', 'cgr_sql'],
        unique: [{ columns: ['code'], label: '报表编码' }],
        async map(row, _raw, ctx) {
          const refusal = await o.checkReportSql(String(row.cgr_sql ?? ''), (row.db_source as string | null) ?? null);
          // imported stopped: it cannot run until its SQL is changed in Online报表配置 (saving clears the reason)
          row.disabled_reason = refusal ? `导入时未通过报表检查（${refusal}）`.slice(0, 500) : null;
          if (refusal) {
            ctx.attention({
              kind: 'report',
              key: `${String(row.code)}（${String(row.name)}）`,
              detail: `已停用：${refusal}`,
            });
          }
          return undefined;
        },
      },
      {
        source: 'onl_cgreport_item',
        target: onlCgreportItem,
        required: ['id', 'cgrhead_id', 'field_name'],
        refs: [{ column: 'cgrhead_id', table: 'onl_cgreport_head', label: '报表' }],
      },
      {
        source: 'onl_cgreport_param',
        target: onlCgreportParam,
        required: ['id', 'cgrhead_id', 'param_name'],
        refs: [{ column: 'cgrhead_id', table: 'onl_cgreport_head', label: '报表' }],
      },
    ],
    files: [
      {
        source: 'oss_file',
        target: ossFile,
        required: ['id', 'file_name', 'url'],
        omit: ['storage', 'storage_key', 'file_type', 'file_size', 'biz'],
        map(row) {
          const url = String(row.url ?? '');
          if (!url) return new Problem('skip', '文件地址为空');
          // a remote object (OSS/MinIO URL) stays where it is; a local path keeps its relative key
          row.storage = /^https?:\/\//.test(url) ? 'url' : 'local';
          row.storage_key = url.replace(/^\/+/, '').slice(0, 500);
          const ext = /\.([a-z0-9]{1,10})$/i.exec(String(row.file_name ?? ''))?.[1];
          row.file_type = ext ? ext.toLowerCase() : null;
        },
      },
    ],
    logs: [
      {
        source: 'sys_log',
        target: sysLog,
        required: [...AUDIT, 'log_type', 'log_content'],
        logs: true,
      },
    ],
  };
}
