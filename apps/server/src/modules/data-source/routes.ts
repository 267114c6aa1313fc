import { ok } from '@answer/contract';
import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sysDataSource } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { parse, str } from '../../platform/validation.ts';
import { type Address, type AddressInput, hostAllowed, hostRefused, parseAddress, parseAllowList } from './address.ts';
import { evictPools, PASSWORD_UNREADABLE, runtimeOf, setRuntime, testConnection } from './connect.ts';
import { loadKey, SecretBox } from './secret.ts';

/**
 * 多数据源管理 /sys/dataSource (round 2 §3.2) and 测试连接 /online/cgreport/api/testConnection, on the declarative
 * CRUD helper. Unlike JeecgBoot: the password is AES-256-GCM ciphertext at rest and never leaves the server (an empty
 * password on edit keeps the stored one), writes need the button permissions, the address is parsed and checked
 * (./address.ts: allow-listed host, fixed drivers and options), connections time out after 5 s
 * (docs/decisions/029-data-sources.md). Other modules open a stored source with openDataSource (./connect.ts).
 */

export const DS_PAGE = 'system/SysDataSourceList';
/** the online report designer picks a data source too */
const REPORT_PAGE = 'modules/online/cgreport/OnlCgreportHeadList';
/** nodes drop their pools of a changed source */
export const DS_CHANNEL = 'data-source:changed';

export const DS_MESSAGES = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功！',
  notFound: '未找到对应数据',
  noIds: '参数不识别！',
  codeTaken: '数据源编码已存在',
} as const;

const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `长度不能超过 ${max} 个字符`);
const CODE = /^[a-zA-Z][a-zA-Z\d_-]*$/;

const common = {
  name: required('请输入数据源名称!', 100),
  remark: str(200).nullish(),
  dbType: z
    .union([z.string(), z.number()], { message: '请选择数据库类型!' })
    .transform(String)
    .pipe(required('请选择数据库类型!', 10)),
  dbDriver: required('请输入驱动类!', 100),
  dbUrl: required('请输入数据源地址!', 500),
  dbName: required('请输入数据库名称!', 100),
  dbUsername: required('请输入用户名!', 100),
  dbPassword: z.string({ message: '密码必须是文本' }).max(100, '密码长度不能超过 100 个字符').nullish(),
};
const DsAdd = z
  .object({
    code: required('请输入数据源编码!', 100).regex(CODE, '编码必须以字母开头，可包含数字、下划线、横杠'),
    ...common,
  })
  .loose();
/** the code is fixed once created (the client sends code: undefined) */
const DsEdit = z.object({ id: required('id 不能为空', 36), ...common }).loose();

/** the address checks of a save or a test (allow-listed host included); a refusal is a business error */
function checkAddress(ctx: AppContext, input: AddressInput) {
  let a: ReturnType<typeof parseAddress>;
  try {
    a = parseAddress(input);
  } catch (msg) {
    if (typeof msg === 'string') throw bizError(msg);
    throw msg;
  }
  if (!hostAllowed(a.host, runtimeOf(ctx).allow)) throw bizError(hostRefused(a.host));
  return a;
}

/** the refusal when a stored password would go to another server (issue 28 security 4) */
export const PASSWORD_AGAIN = '数据源的主机或端口已改变，请重新输入密码';

/**
 * A stored password is only ever sent to the server it was stored with: the same engine, host and port (and user) as
 * the stored address. Anything else needs the password typed again.
 */
function sameServer(
  stored: AddressInput & { dbUsername?: string | null },
  next: Address,
  user: string | null | undefined,
) {
  let before: Address;
  try {
    before = parseAddress(stored);
  } catch {
    return false;
  }
  return (
    before.engine === next.engine &&
    before.host === next.host &&
    before.port === next.port &&
    (stored.dbUsername ?? '') === (user ?? '')
  );
}

const fieldsOf = (input: z.output<typeof DsAdd> | z.output<typeof DsEdit>) => ({
  name: input.name,
  remark: input.remark ?? null,
  dbType: input.dbType,
  dbDriver: input.dbDriver.trim(),
  dbUrl: input.dbUrl.trim(),
  dbName: input.dbName,
  dbUsername: input.dbUsername,
});

/** every column but the password */
const { dbPassword: _password, ...listFields } = getTableColumns(sysDataSource);

const box = (c: { app: { ctx: AppContext } }) => runtimeOf(c.app.ctx).box;

export const dataSources = defineCrud({
  base: '/sys/dataSource',
  table: sysDataSource,
  list: {
    fields: listFields,
    sortable: ['createTime', 'updateTime', 'code', 'name', 'dbType'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: { dbType: 'database_type' },
    searchable: ['code', 'name', 'dbType', 'dbName', 'createTime'],
  },
  access: {
    list: { menu: DS_PAGE },
    add: { perm: 'dataSource:add' },
    edit: { perm: 'dataSource:edit' },
    delete: { perm: 'dataSource:delete' },
  },
  messages: DS_MESSAGES,
  unique: [{ column: sysDataSource.code, message: DS_MESSAGES.codeTaken }],
  add: {
    schema: DsAdd,
    toRow: (input, c) => {
      checkAddress(c.app.ctx, input);
      const pw = input.dbPassword ?? '';
      return { code: input.code, ...fieldsOf(input), dbPassword: pw ? box(c).seal(pw, input.code) : null };
    },
  },
  edit: {
    schema: DsEdit,
    toRow: (input, current, c) => {
      const next = checkAddress(c.app.ctx, input);
      const row: Record<string, unknown> = fieldsOf(input);
      // an empty password keeps the stored one (the list never sends it to the client) — only for the same server
      if (input.dbPassword) row.dbPassword = box(c).seal(input.dbPassword, String(current.code ?? ''));
      else if (current.dbPassword && !sameServer(current as never, next, input.dbUsername))
        throw bizError(PASSWORD_AGAIN);
      return row;
    },
  },
  hooks: {
    afterEdit: (row, _before, c) => changed(c.app.ctx, [String(row.code)]),
    beforeDelete: async (ids, c) => {
      const rows = await c.db
        .select({ code: sysDataSource.code })
        .from(sysDataSource)
        .where(inArray(sysDataSource.id, ids.map(String)));
      (c.req as { dsCodes?: string[] }).dsCodes = rows.map((r) => String(r.code));
    },
    afterDelete: (_ids, c) => changed(c.app.ctx, (c.req as { dsCodes?: string[] }).dsCodes ?? []),
  },
});

/** this node drops its pools now, the others when the message arrives */
async function changed(ctx: AppContext, codes: string[]) {
  await evictPools(ctx, codes);
  await ctx.pubsub.publish(DS_CHANNEL, { codes }).catch(() => {});
}

const TestBody = z
  .object({
    id: z.string().max(36).nullish(),
    code: z.string().max(100).nullish(),
    dbType: common.dbType,
    dbDriver: common.dbDriver,
    dbUrl: common.dbUrl,
    dbName: common.dbName,
    dbUsername: common.dbUsername,
    dbPassword: common.dbPassword,
  })
  .loose();

export default async function dataSourceRoutes(app: FastifyInstance): Promise<void> {
  const allow = parseAllowList(process.env.DATA_SOURCE_HOSTS || undefined);
  const key = loadKey(process.env.DATA_SOURCE_KEY, app.ctx.config.dataDir, (m) => app.log.warn(m));
  setRuntime(app.ctx, { allow, box: new SecretBox(key), pools: new Map() });

  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.ctx.pubsub.subscribe(DS_CHANNEL, (msg) => {
      const codes = (msg as { codes?: unknown })?.codes;
      if (Array.isArray(codes)) void evictPools(app.ctx, codes.map(String));
    });
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await evictPools(app.ctx, [...runtimeOf(app.ctx).pools.keys()]);
  });

  registerCrud(app, dataSources);

  app.get('/sys/dataSource/options', { config: { access: { menu: [DS_PAGE, REPORT_PAGE] } } }, async () => {
    const rows = await app.ctx.db
      .select({ code: sysDataSource.code, name: sysDataSource.name })
      .from(sysDataSource)
      .orderBy(asc(sysDataSource.name));
    return ok(rows.map((r) => ({ value: r.code, label: r.name, text: r.name })));
  });

  /**
   * 测试连接: the form's values; an empty password with the id of a stored source uses the stored password. Success →
   * "连接成功"; failure → success false with the reason (within ~5 s).
   */
  app.post('/online/cgreport/api/testConnection', { config: { access: { perm: 'dataSource:test' } } }, async (req) => {
    const input = parse(TestBody, req.body);
    const a = checkAddress(app.ctx, input);
    let password = input.dbPassword ?? '';
    if (!password && input.id) {
      const [row] = await app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.id, input.id)).limit(1);
      if (row?.dbPassword) {
        if (!sameServer(row as never, a, input.dbUsername)) throw bizError(PASSWORD_AGAIN);
        const open = runtimeOf(app.ctx).box.open(row.dbPassword, row.code ?? '');
        if (open === null) throw bizError(PASSWORD_UNREADABLE);
        password = open;
      }
    }
    try {
      await testConnection(runtimeOf(app.ctx), a, { user: input.dbUsername, password });
    } catch (err) {
      throw bizError(`连接失败：${(err as Error).message}`);
    }
    return ok(null, '连接成功');
  });
}
