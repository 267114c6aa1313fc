import { eq, SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onRealPg, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { sysLog, sysUser } from '../db/schema/index.ts';
import { parseDictRef } from './dict-text.ts';
import { AppError } from './errors.ts';
import {
  type DataRule,
  defineListEntity,
  escapeLike,
  type ListEntity,
  listOrderBy,
  listPage as listPageOf,
  listWhere,
  pageStatementSql,
  parseGmt8,
  parsePaging,
  parseSuperQueryParams,
  parseValueRule,
  type RowRef,
  renderPageStatement,
  resolveRuleValue,
} from './list-query.ts';
import { ALL_TENANTS } from './tenant-scope.ts';

const dialect = new PgDialect();

/** sys_user is tenant-scoped: these tests list as the platform administrator (every tenant) unless they say otherwise */
const listPage: typeof listPageOf = (conn, entity, q, opts) =>
  listPageOf(
    conn,
    entity,
    q,
    opts instanceof SQL ? { where: opts, tenant: ALL_TENANTS } : { tenant: ALL_TENANTS, ...(opts ?? {}) },
  );

/** the entity the user list of a later issue will resemble */
const users = defineListEntity({
  table: sysUser,
  sortable: ['username', 'realname', 'sex', 'createTime', 'workNo'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: {
    sex: 'sex',
    status: 'user_status',
    orgCode: 'sys_depart,depart_name,org_code',
    post: 'sys_position,name,code',
  },
  where: () => eq(sysUser.delFlag, 0),
});

const logs = defineListEntity({
  table: sysLog,
  sortable: ['createTime', 'costTime', 'logType'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { logType: 'log_type', operateType: 'operate_type' },
});

function err(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('no error');
}

async function errAsync(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('value rules (QueryGenerator.convert2Rule)', () => {
  it.each([
    ['admin', { rule: 'eq', value: 'admin' }],
    ['  admin  ', { rule: 'eq', value: 'admin' }],
    ['*adm*', { rule: 'like', value: 'adm' }],
    ['*min', { rule: 'left_like', value: 'min' }],
    ['adm*', { rule: 'right_like', value: 'adm' }],
    ['a*b', { rule: 'eq', value: 'a*b' }],
    ['a,b', { rule: 'in', value: ['a', 'b'] }],
    ['a,', { rule: 'in', value: ['a'] }],
    ['!admin', { rule: 'ne', value: 'admin' }],
    ['!=admin', { rule: 'ne', value: 'admin' }],
    ['!= admin', { rule: 'ne', value: 'admin' }],
    ['>=5', { rule: 'ge', value: '5' }],
    ['>= 5', { rule: 'ge', value: '5' }],
    ['<=5', { rule: 'le', value: '5' }],
    ['>5', { rule: 'gt', value: '5' }],
    ['< 5', { rule: 'lt', value: '5' }],
    ['a++b', { rule: 'eq_with_add', value: 'a,b' }],
    ['a++b++c', { rule: 'eq_with_add', value: 'a,b,c' }],
    ['++b', { rule: 'eq', value: '++b' }],
    [',a,b,', { rule: 'or_like', value: ['a', 'b'] }],
    [',a,,b,', { rule: 'or_like', value: ['a', 'b'] }],
    [',a,', { rule: 'or_like', value: ['a'] }],
    // comparison prefixes win over stars and commas (JeecgBoot checks them first)
    ['>=a,b', { rule: 'ge', value: 'a,b' }],
    ['*a,b*', { rule: 'like', value: 'a,b' }],
  ])('%s', (raw, expected) => {
    expect(parseValueRule(raw)).toEqual(expected);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('paging', () => {
  it.each([
    [{}, { pageNo: 1, pageSize: 10 }],
    [
      { pageNo: '3', pageSize: '20' },
      { pageNo: 3, pageSize: 20 },
    ],
    [
      { pageNo: '', pageSize: '' },
      { pageNo: 1, pageSize: 10 },
    ],
    [{ pageSize: '1000' }, { pageNo: 1, pageSize: 1000 }],
    [{ pageSize: '1001' }, { pageNo: 1, pageSize: 1000 }],
    [{ pageSize: '999999999' }, { pageNo: 1, pageSize: 1000 }],
    [{ pageNo: ['2', '5'] }, { pageNo: 2, pageSize: 10 }],
    // MyBatis-Plus pages every current ≤ 1 as the first page; the 3.2 client sends 0 after deleting a page's last rows
    [{ pageNo: '0' }, { pageNo: 1, pageSize: 10 }],
    [{ pageNo: '-1' }, { pageNo: 1, pageSize: 10 }],
    [{ pageNo: '+3' }, { pageNo: 3, pageSize: 10 }],
  ])('%j', (q, expected) => {
    expect(parsePaging(q)).toEqual(expected);
  });

  it.each([
    [{ pageNo: 'NaN' }, '参数 pageNo 有误：必须是正整数'],
    [{ pageNo: '1.5' }, '参数 pageNo 有误：必须是正整数'],
    [{ pageNo: 'abc' }, '参数 pageNo 有误：必须是正整数'],
    [{ pageNo: '1e3' }, '参数 pageNo 有误：必须是正整数'],
    [{ pageSize: '1.5' }, '参数 pageSize 有误：必须是正整数'],
    [{ pageSize: '0' }, '参数 pageSize 有误：必须是正整数'],
    [{ pageSize: '10000000000' }, '参数 pageSize 有误：必须是正整数'],
  ])('%j → 400', (q, message) => {
    const e = err(() => parsePaging(q));
    expect(e.status).toBe(400);
    expect(e.message).toBe(message);
  });
});

describe('page statement rendered in parts', () => {
  // the table-dictionary columns are rendered once per entity and tenancy and the rest after them: the result must be
  // exactly the whole statement rendered at once, parameters and their numbering included
  const parts = (
    entity: ListEntity,
    q: Record<string, string>,
    opts: Parameters<typeof listWhere>[2],
    extras = false,
  ) => {
    const where = listWhere(entity, q, opts);
    const dicts = Object.entries(entity.dictFields).map(([field, ref]) => ({ field, ref: parseDictRef(ref) }));
    return {
      entity,
      dicts,
      extras: extras
        ? ([['orgCodeTxt', (r: RowRef) => sql`(select ${'x'}::text where ${r('id')} = ${'y'})`]] as [
            string,
            (r: RowRef) => SQL,
          ][])
        : [],
      tenant: opts?.tenant,
      filtered: where ? sql`${entity.table} where ${where}` : sql`${entity.table}`,
      orderBy: listOrderBy(entity, q),
      pageSize: 20,
      offset: 40,
    };
  };

  it.each([
    ['logs, no table dictionary', logs, { logType: '2', column: 'costTime', order: 'desc' }, undefined, false],
    ['users, every tenant', users, { realname: '*用户1*', status: '1' }, { tenant: ALL_TENANTS }, false],
    ['users, tenant 7, extras', users, { username: 'a*' }, { tenant: { kind: 'tenant', id: 7 } as const }, true],
    ['users, tenant 8, extras', users, {}, { tenant: { kind: 'tenant', id: 8 } as const }, true],
    // a `$<digits>` written into the SQL itself: the filtered table cannot be renumbered, it is rendered twice
    ['logs, "$1" in the SQL text', logs, { logType: '2' }, { where: sql`${sql.raw(`'$1'`)} <> ${'$2'}` }, false],
  ] as const)('%s', (_name, entity, q, opts, extras) => {
    for (let i = 0; i < 2; i++) {
      // the second round is served from the rendered head
      const p = parts(entity, q, opts, extras);
      const whole = dialect.sqlToQuery(pageStatementSql(p));
      const inParts = renderPageStatement(dialect, p);
      expect(inParts.sql).toBe(whole.sql);
      expect(inParts.params).toEqual(whole.params);
      expect(inParts.typings ?? []).toEqual(whole.typings ?? []);
      // extras declared request-independent (PageOptions.extrasKey) are rendered into the cached head: same statement
      const keyed = renderPageStatement(dialect, p, 'test:orgCodeTxt');
      expect(keyed.sql).toBe(whole.sql);
      expect(keyed.params).toEqual(whole.params);
      expect(keyed.typings ?? []).toEqual(whole.typings ?? []);
      // a total already known (the embedded database's kept totals): the same statement without the count
      const asked: string[] = [];
      const known = renderPageStatement(dialect, p, extras ? 'test:orgCodeTxt' : undefined, {
        known: (key) => {
          asked.push(key);
          return 1234;
        },
      });
      const withoutCount = dialect.sqlToQuery(pageStatementSql(p, false));
      expect(known.total).toBe(1234);
      expect(known.sql).toBe(withoutCount.sql);
      expect(known.sql).not.toContain('count(*)');
      expect(known.params).toEqual(withoutCount.params);
      expect(known.typings ?? []).toEqual(withoutCount.typings ?? []);
      // the count's key is the same whichever way the statement was rendered
      const unknown = renderPageStatement(dialect, p, undefined, { known: () => undefined });
      expect(unknown.total).toBeUndefined();
      expect(unknown.sql).toBe(whole.sql);
      expect(unknown.countKey).toBe(asked[0]);
      expect(known.countKey).toBe(asked[0]);
    }
  });

  it('page 1 of a usual size has its limit written in and no offset; later pages, other sizes and patterns bind them', () => {
    const tail = (entity: typeof logs | typeof users, q: Record<string, string>, pageSize: number, offset: number) => {
      const r = renderPageStatement(dialect, { ...parts(entity, q, { tenant: ALL_TENANTS }, false), pageSize, offset });
      return { sql: r.sql.slice(r.sql.lastIndexOf(' order by ')), params: r.params };
    };
    // page 1: `limit 10`, nothing bound for the paging
    const first = tail(logs, { logType: '2' }, 10, 0);
    expect(first.sql).toMatch(/ limit 10\) as "__p"$/);
    expect(first.sql).not.toContain('offset');
    // a later page: the size written in, the offset bound
    const third = tail(logs, { logType: '2' }, 20, 40);
    expect(third.sql).toMatch(/ limit 20 offset \$\d+\) as "__p"$/);
    expect(third.params.at(-1)).toBe(40);
    // a size the console does not offer: both bound (one statement per page size would be unbounded)
    expect(tail(logs, {}, 7, 0).sql).toMatch(/ limit \$\d+ offset \$\d+\) as "__p"$/);
    // a pattern filter: both bound, so PostgreSQL keeps planning it with the pattern (ADR 043, 046)
    expect(tail(users, { realname: '*用户1*' }, 10, 0).sql).toMatch(/ limit \$\d+ offset \$\d+\) as "__p"$/);
  });

  it('never keeps the total of a count whose answer changes without a write (now(), random())', () => {
    for (const where of [sql`"sys_log"."create_time" > now() - interval '1 day'`, sql`random() < 0.5`]) {
      const p = parts(logs, {}, { where }, false);
      let asked = false;
      const r = renderPageStatement(dialect, p, undefined, {
        known: () => {
          asked = true;
          return 1;
        },
      });
      expect(asked).toBe(false);
      expect(r.countKey).toBeUndefined();
      expect(r.sql).toContain('count(*)');
    }
  });
});

describe('sort allow-list', () => {
  const orderSql = (q: Record<string, string>) => listOrderBy(users, q).map((s) => dialect.sqlToQuery(s).sql);

  it('defaults to the entity sort with the id as tie-breaker', () => {
    expect(orderSql({})).toEqual(['"sys_user"."create_time" desc nulls last', '"sys_user"."id" asc']);
  });

  it('takes sortable fields, strips _dictText, accepts comma lists', () => {
    expect(orderSql({ column: 'username', order: 'asc' })[0]).toBe('"sys_user"."username" asc nulls first');
    expect(orderSql({ column: 'sex_dictText', order: 'DESC' })[0]).toBe('"sys_user"."sex" desc nulls last');
    expect(orderSql({ column: 'sex,username', order: 'asc' }).slice(0, 2)).toEqual([
      '"sys_user"."sex" asc nulls first',
      '"sys_user"."username" asc nulls first',
    ]);
    // a column without order uses the entity's default direction
    expect(orderSql({ column: 'username' })[0]).toBe('"sys_user"."username" desc nulls last');
  });

  it.each([
    ['password'],
    ['salt'],
    ['phone'],
    ['id;drop table sys_user'],
    ['username desc, (select 1)'],
    ['create_time'],
    ['username--'],
    ['`username`'],
    ['user_name'],
  ])('refuses column %s with a Chinese 400', (column) => {
    const e = err(() => listOrderBy(users, { column, order: 'asc' }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^不支持按该字段排序：/);
  });

  it('refuses an order other than asc/desc', () => {
    const e = err(() => listOrderBy(users, { column: 'username', order: 'asc;drop' }));
    expect(e.status).toBe(400);
    expect(e.message).toBe('参数 order 有误：只能是 asc 或 desc');
  });

  it('never exposes password/salt through the definition', () => {
    expect(users.fields.has('password')).toBe(false);
    expect(users.fields.has('salt')).toBe(false);
    expect(() =>
      defineListEntity({
        table: sysUser,
        sortable: ['password'],
        defaultSort: { column: 'createTime', order: 'desc' },
      }),
    ).toThrow();
    expect(() =>
      defineListEntity({
        table: sysUser,
        fields: { password: sysUser.password, id: sysUser.id },
        sortable: [],
        searchable: ['password'],
        defaultSort: { column: 'id', order: 'desc' },
      }),
    ).toThrow();
    expect(() =>
      defineListEntity({
        table: sysUser,
        sortable: [],
        defaultSort: { column: 'createTime', order: 'desc' },
        dictFields: { realname: 'sys_user,password,id' },
      }),
    ).toThrow();
  });
});

describe('super query parameters', () => {
  const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

  it('parses the double-encoded JSON the UI sends, and plain JSON', () => {
    const c = [{ field: 'username', rule: 'eq', val: 'admin', type: 'string', dbType: 'string' }];
    expect(parseSuperQueryParams(enc(c))).toEqual([{ field: 'username', rule: 'eq', val: 'admin' }]);
    expect(parseSuperQueryParams(JSON.stringify(c))).toEqual([{ field: 'username', rule: 'eq', val: 'admin' }]);
  });

  it('skips conditions with an empty part and stringifies values', () => {
    expect(
      parseSuperQueryParams(
        JSON.stringify([
          { field: '', rule: 'eq', val: 'x' },
          { field: 'sex', rule: '', val: 'x' },
          { field: 'sex', rule: 'eq', val: '' },
          { field: 'sex', rule: 'eq', val: 1 },
          { field: 'sex', rule: 'in', val: ['1', '2'] },
        ]),
      ),
    ).toEqual([
      { field: 'sex', rule: 'eq', val: '1' },
      { field: 'sex', rule: 'in', val: '1,2' },
    ]);
  });

  it.each([
    ['{'],
    ['{}'],
    ['"x"'],
    ['[1]'],
    ['[null]'],
    ['%E0%A4%A'],
    [JSON.stringify(Array(51).fill({ field: 'a', rule: 'eq', val: 'b' }))],
  ])('refuses %s', (raw) => {
    expect(err(() => parseSuperQueryParams(raw)).status).toBe(400);
  });
});

describe('data rule values', () => {
  const user = { username: 'jeecg', realname: '杰克', orgCode: 'A01A05' };
  const at = new Date(Date.UTC(2024, 0, 15, 16, 30, 0)); // 2024-01-16 00:30:00 GMT+8

  it.each([
    ['#{sys_user_code}', 'jeecg'],
    ['#{sys_user_name}', '杰克'],
    ['#{sys_org_code}', 'A01A05'],
    ['#{ sys_org_code }*', 'A01A05*'],
    ['#{sys_date}', '2024-01-16'],
    ['#{sys_time}', '2024-01-16 00:30:00'],
    ['plain', 'plain'],
    ['a,#{sys_user_code}', 'a,jeecg'],
  ])('%s → %s', (v, expected) => {
    expect(resolveRuleValue(v, user, at)).toBe(expected);
  });

  it('refuses unknown variables', () => {
    expect(err(() => resolveRuleValue('#{sys_password}', user)).message).toMatch(/未知的系统变量/);
  });
});

describe('dates', () => {
  it.each([
    ['2024-03-01', '2024-02-29T16:00:00.000Z', true],
    ['2024-03-01 08:30:05', '2024-03-01T00:30:05.000Z', false],
    ['2024-03-01T08:30', '2024-03-01T00:30:00.000Z', false],
  ])('%s', (v, iso, dateOnly) => {
    expect(parseGmt8(v)).toEqual({ date: new Date(iso), dateOnly });
  });
  it.each([['2024-02-30'], ['2024-13-01'], ['2024-01-01 24:00:00'], ['20240101'], ['x'], ['2024-01-01 10:00:61']])(
    'refuses %s',
    (v) => {
      expect(parseGmt8(v)).toBeNull();
    },
  );
});

describe('listWhere is fully bound', () => {
  it('puts values in parameters, never in the SQL text', () => {
    const hostile = "x' or '1'='1";
    const q = dialect.sqlToQuery(
      listWhere(
        users,
        {
          username: `*${hostile}*`,
          realname: hostile,
          phone: `${hostile},b`,
          superQueryParams: JSON.stringify([{ field: 'email', rule: 'like', val: hostile }]),
        },
        { tenant: ALL_TENANTS },
      )!,
    );
    expect(q.sql).not.toContain(hostile);
    expect(q.sql).not.toContain("'1'");
    expect(q.params).toContain(hostile);
  });
});

// ------------------------------------------------------------------ against the database

describe('listPage on sys_user and sys_log', () => {
  let t: TestApp;
  let db: Db;
  const day = (s: string) => parseGmt8(s)!.date;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.ctx.db;
    const base = { status: 1, delFlag: 0, orgCode: 'A01A03', sex: 2 as const, createTime: day('2020-01-01 00:00:00') };
    await db.insert(sysUser).values([
      { ...base, id: 'lq1', username: 'a_b', realname: 'Li,Lei', workNo: 'w1', birthday: '1999-12-31', post: 'staff' },
      {
        ...base,
        id: 'lq2',
        username: 'axb',
        realname: 'X',
        workNo: 'w2',
        birthday: '2000-01-01',
        post: 'staff,manager',
      },
      { ...base, id: 'lq3', username: 'pct%user', realname: null, workNo: 'w3', sex: null },
      { ...base, id: 'lq4', username: 'gone', realname: 'Deleted', workNo: 'w4', delFlag: 1 },
    ]);
    await db.insert(sysLog).values([
      { id: 'log1', logType: 1, operateType: 1, logContent: 'a', costTime: 5, createTime: day('2024-03-01 00:00:00') },
      { id: 'log2', logType: 2, operateType: 2, logContent: 'b', costTime: 50, createTime: day('2024-03-01 23:59:59') },
      {
        id: 'log3',
        logType: 2,
        operateType: 3,
        logContent: 'c',
        costTime: 500,
        createTime: day('2024-03-02 00:00:00'),
      },
      {
        id: 'log4',
        logType: 1,
        operateType: 4,
        logContent: 'd',
        costTime: null,
        createTime: day('2024-02-29 23:59:59'),
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const names = async (
    q: Record<string, unknown>,
    entity: ListEntity = users,
    extra?: Parameters<typeof listPage>[3],
  ) => {
    const page = await listPage(db, entity, q, extra);
    return page.records.map((r) => (entity === users ? r.username : r.id)).sort();
  };

  it('answers the MyBatis-Plus page shape with _dictText and formatted dates, without password/salt', async () => {
    const page = await listPage(db, users, { pageSize: '2', column: 'username', order: 'asc' });
    expect(Object.keys(page)).toEqual([
      'records',
      'total',
      'size',
      'current',
      'orders',
      'optimizeCountSql',
      'searchCount',
      'countId',
      'maxLimit',
      'pages',
    ]);
    expect(page).toMatchObject({ total: 6, size: 2, current: 1, pages: 3, orders: [], countId: null, maxLimit: null });
    const [first] = page.records;
    expect(first.username).toBe('a_b');
    expect(first).not.toHaveProperty('password');
    expect(first).not.toHaveProperty('salt');
    expect(first).toMatchObject({
      sex_dictText: '女',
      status_dictText: '正常',
      orgCode_dictText: '市场部',
      post_dictText: '职员',
      createTime: '2020-01-01 00:00:00',
      birthday: '1999-12-31',
    });
    const all = await listPage(db, users, { pageSize: '100' });
    const byName = Object.fromEntries(all.records.map((r) => [r.username, r]));
    expect(byName.axb.post_dictText).toBe('职员,部门经理');
    expect(byName['pct%user'].sex_dictText).toBe('');
    expect(byName.admin).toMatchObject({
      sex_dictText: '男',
      orgCode_dictText: '北京国炬软件',
      post_dictText: '部门经理',
    });
    expect(JSON.stringify(all)).not.toMatch(/password|salt|\$argon2/);
  });

  it('translates a table dictionary the same way whether the stored value holds one key or several', async () => {
    // one key is looked up directly, several through the split (dict-text.ts): both give the texts in order,
    // trimmed, unknown keys and empty pieces dropped, '' when nothing is found
    const cases: [string | null, string][] = [
      [null, ''],
      ['', ''],
      ['  ', ''],
      ['staff', '职员'],
      [' staff ', '职员'],
      ['nobody', ''],
      ['staff,', '职员'],
      [',staff', '职员'],
      ['manager, staff', '部门经理,职员'],
      ['nobody,manager', '部门经理'],
      [',', ''],
    ];
    for (const [i, [post]] of cases.entries()) {
      await db.update(sysUser).set({ post }).where(eq(sysUser.id, 'lq3'));
      const page = await listPage(db, users, { username: 'pct%user' });
      expect(page.records[0].post_dictText, `${i}: ${JSON.stringify(post)}`).toBe(cases[i][1]);
    }
    await db.update(sysUser).set({ post: null }).where(eq(sysUser.id, 'lq3'));
  });

  it('pages past the end answer no records but the total', async () => {
    const page = await listPage(db, users, { pageNo: '9', pageSize: '2' });
    expect(page).toMatchObject({ records: [], total: 6, current: 9, pages: 3 });
  });

  it.each([
    [{ username: 'admin' }, ['admin']],
    [{ username: 'ADMIN' }, []],
    [{ username: '*ADM*' }, ['admin']],
    [{ username: '*an*' }, ['zhangsan']],
    [{ username: 'zhang*' }, ['zhangsan']],
    [{ username: '*cg' }, ['jeecg']],
    [{ username: 'admin,jeecg' }, ['admin', 'jeecg']],
    [{ username: '!admin' }, ['a_b', 'axb', 'jeecg', 'pct%user', 'zhangsan']],
    [{ username: '!=admin' }, ['a_b', 'axb', 'jeecg', 'pct%user', 'zhangsan']],
    [{ username: ',adm,zhang,' }, ['admin', 'zhangsan']],
    // % and _ are literal
    [{ username: '*a_b*' }, ['a_b']],
    [{ username: '*%*' }, ['pct%user']],
    [{ username: '*_*' }, ['a_b']],
    [{ realname: 'Li++Lei' }, ['a_b']],
    [{ sex: '1' }, ['admin', 'jeecg', 'zhangsan']],
    [{ sex: '>=2' }, ['a_b', 'axb']],
    [{ sex: '> 1' }, ['a_b', 'axb']],
    [{ sex: '<2' }, ['admin', 'jeecg', 'zhangsan']],
    [{ sex: '1,2' }, ['a_b', 'admin', 'axb', 'jeecg', 'zhangsan']],
    [{ sex: '*2*' }, ['a_b', 'axb']],
    [{ birthday_begin: '1999-12-31', birthday_end: '2000-01-01' }, ['a_b', 'axb']],
    [{ birthday_begin: '2019-01-01 10:00:00' }, ['jeecg']],
    [{ username_MultiString: 'admin,jeecg,nobody' }, ['admin', 'jeecg']],
    [{ createTime_end: '2020-01-01' }, ['a_b', 'axb', 'pct%user']],
    [{ createTime: '2020-01-01' }, ['a_b', 'axb', 'pct%user']],
    // deleted rows stay out whatever the filters say
    [{ delFlag: '1' }, []],
    [{ username: 'gone' }, []],
    // never filterable, unknown and UI-only parameters are ignored
    [{ password: 'x*', salt: '!x' }, ['a_b', 'admin', 'axb', 'jeecg', 'pct%user', 'zhangsan']],
    [
      { field: 'id,username', _t: '1', foo: 'bar', username_begin: '' },
      ['a_b', 'admin', 'axb', 'jeecg', 'pct%user', 'zhangsan'],
    ],
    // hostile values are only values
    [{ username: "admin' or '1'='1" }, []],
    [{ realname: "*'; drop table sys_user; --*" }, []],
  ])('%j', async (q, expected) => {
    expect(await names({ ...q, pageSize: '100' })).toEqual(expected);
  });

  it.each([
    [{ sex: 'abc' }, '参数 sex 有误：必须是整数'],
    [{ sex: '>=x' }, '参数 sex 有误：必须是整数'],
    [
      { createTime_begin: 'yesterday' },
      '参数 createTime_begin 有误：必须是 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss 格式的时间',
    ],
    [{ birthday: '2020-02-30' }, '参数 birthday 有误：必须是 yyyy-MM-dd 格式的日期'],
    [{ username: 'x'.repeat(1001) }, '参数 username 有误：长度不能超过 1000 个字符'],
    [{ username: Array(1001).fill('a').join(',') }, '参数 username 有误：最多 1000 个值'],
    [{ username: `${'x'.repeat(1001)},a` }, '参数 username 有误：长度不能超过 1000 个字符'],
    [{ sex_MultiString: '1,x' }, '参数 sex_MultiString 有误：必须是整数'],
  ])('%j → 400', async (q, message) => {
    const e = await errAsync(listPage(db, users, q));
    expect(e.status).toBe(400);
    expect(e.message).toBe(message);
  });

  it('filters date-times by GMT+8 day and instant', async () => {
    const ids = (q: Record<string, string>) => names(q, logs);
    expect(await ids({ createTime_begin: '2024-03-01', createTime_end: '2024-03-01' })).toEqual(['log1', 'log2']);
    expect(await ids({ createTime_begin: '2024-03-01 00:00:01' })).toEqual(['log2', 'log3']);
    expect(await ids({ createTime_end: '2024-03-01 00:00:00' })).toEqual(['log1', 'log4']);
    expect(await ids({ createTime: '2024-03-01' })).toEqual(['log1', 'log2']);
    expect(await ids({ createTime: '>2024-03-01' })).toEqual(['log3']);
    expect(await ids({ createTime: '<2024-03-01' })).toEqual(['log4']);
    expect(await ids({ createTime: '2024-03-01 23:59:59' })).toEqual(['log2']);
    expect(await ids({ costTime: '>=50' })).toEqual(['log2', 'log3']);
    expect(await ids({ costTime_begin: '6', costTime_end: '50' })).toEqual(['log2']);
    expect(await ids({ logType: '2', operateType: '!2' })).toEqual(['log3']);
    const page = await listPage(db, logs, { column: 'costTime', order: 'asc' });
    expect(page.records.map((r) => r.id).slice(0, 4)).toEqual(['log4', 'log1', 'log2', 'log3']); // NULL first ascending
    expect(page.records[0]).toMatchObject({
      createTime: '2024-02-29 23:59:59',
      logType_dictText: '登录日志',
      operateType_dictText: '删除',
    });
  });

  it('sorts by allowed columns and refuses others', async () => {
    const page = await listPage(db, users, { column: 'username', order: 'desc', pageSize: '3' });
    expect(page.records.map((r) => r.username)).toEqual(['zhangsan', 'pct%user', 'jeecg']);
    const e = await errAsync(listPage(db, users, { column: 'id;drop table sys_user', order: 'asc' }));
    expect(e.status).toBe(400);
    expect(e.message).toBe('不支持按该字段排序：id;drop table sys_user');
    // the table is still there
    expect((await listPage(db, users, {})).total).toBe(6);
  });

  const sq = (conds: unknown[], matchType?: string) => ({
    superQueryParams: encodeURIComponent(JSON.stringify(conds)),
    ...(matchType ? { superQueryMatchType: matchType } : {}),
    pageSize: '100',
  });

  it.each([
    [[{ field: 'username', rule: 'eq', val: 'admin' }], undefined, ['admin']],
    [
      [
        { field: 'username', rule: 'ne', val: 'admin' },
        { field: 'sex', rule: 'eq', val: '1' },
      ],
      'and',
      ['jeecg', 'zhangsan'],
    ],
    [
      [
        { field: 'username', rule: 'eq', val: 'admin' },
        { field: 'username', rule: 'eq', val: 'jeecg' },
      ],
      'or',
      ['admin', 'jeecg'],
    ],
    [[{ field: 'username', rule: 'like', val: 'an' }], undefined, ['zhangsan']],
    [[{ field: 'username', rule: 'left_like', val: 'cg' }], undefined, ['jeecg']],
    [[{ field: 'username', rule: 'right_like', val: 'zh' }], undefined, ['zhangsan']],
    [[{ field: 'username', rule: 'like', val: '_' }], undefined, ['a_b']],
    [[{ field: 'username', rule: 'in', val: 'admin,jeecg' }], undefined, ['admin', 'jeecg']],
    [[{ field: 'sex', rule: 'gt', val: '1' }], undefined, ['a_b', 'axb']],
    [[{ field: 'sex', rule: 'ge', val: 2 }], undefined, ['a_b', 'axb']],
    [[{ field: 'sex', rule: 'lt', val: '2' }], undefined, ['admin', 'jeecg', 'zhangsan']],
    [[{ field: 'sex', rule: 'le', val: '1' }], undefined, ['admin', 'jeecg', 'zhangsan']],
    [[{ field: 'realname', rule: 'eq_with_add', val: 'Li++Lei' }], undefined, ['a_b']],
    [[{ field: 'work_no', rule: 'eq', val: 'w1' }], undefined, ['a_b']],
    [[{ field: 'username', rule: 'eq', val: "admin' or 1=1 --" }], undefined, []],
    // combined with the plain filters by AND
    [[{ field: 'sex', rule: 'eq', val: '1' }], 'OR', ['admin', 'jeecg', 'zhangsan']],
  ])('super query %j %s', async (conds, match, expected) => {
    expect(await names(sq(conds, match))).toEqual(expected);
  });

  it('super query combines with plain filters by AND', async () => {
    expect(await names({ ...sq([{ field: 'sex', rule: 'eq', val: '1' }]), username: 'admin' })).toEqual(['admin']);
  });

  it.each([
    [[{ field: 'username', rule: 'ext', val: '1=1' }], undefined, '高级查询不支持该规则：ext'],
    [[{ field: 'username', rule: 'sql', val: '1=1' }], undefined, '高级查询不支持该规则：sql'],
    [[{ field: 'password', rule: 'eq', val: 'x' }], undefined, '高级查询不支持该字段：password'],
    [[{ field: 'salt', rule: 'like', val: 'x' }], undefined, '高级查询不支持该字段：salt'],
    [[{ field: 'nope', rule: 'eq', val: 'x' }], undefined, '高级查询不支持该字段：nope'],
    [[{ field: '1=1 or username', rule: 'eq', val: 'x' }], undefined, '高级查询不支持该字段：1=1 or username'],
    [[{ field: 'sex', rule: 'eq', val: 'x' }], undefined, '参数 sex 有误：必须是整数'],
    [[{ field: 'sex', rule: 'eq', val: '1' }], 'xor', '参数 superQueryMatchType 有误：只能是 and 或 or'],
  ])('super query %j %s → 400', async (conds, match, message) => {
    const e = await errAsync(listPage(db, users, sq(conds, match)));
    expect(e.status).toBe(400);
    expect(e.message).toBe(message);
  });

  it('refuses malformed super query JSON', async () => {
    const e = await errAsync(listPage(db, users, { superQueryParams: '%5B%7B' }));
    expect(e).toMatchObject({ status: 400, message: '高级查询参数格式不正确' });
  });

  it('takes an extra condition (positional SQL or options)', async () => {
    expect(await names({}, users, eq(sysUser.orgCode, 'A01'))).toEqual(['admin']);
    expect(await names({ sex: '1' }, users, { where: [eq(sysUser.orgCode, 'A01A05'), undefined] })).toEqual(['jeecg']);
  });

  const rule = (column: string, condition: string, value: string): DataRule => ({ column, condition, value });

  it.each([
    [[rule('username', '=', 'admin')], ['admin']],
    [[rule('createBy', '=', resolveRuleValue('#{sys_user_code}', { username: 'nobody' }))], []],
    [[rule('orgCode', 'RIGHT_LIKE', 'A01')], ['a_b', 'admin', 'axb', 'jeecg', 'pct%user']],
    [[rule('org_code', 'LEFT_LIKE', 'A05')], ['jeecg']],
    [[rule('username', 'LIKE', '_')], ['a_b']],
    [[rule('username', 'IN', 'admin,jeecg')], ['admin', 'jeecg']],
    [[rule('username', 'IN', '')], []],
    [[rule('sex', '>', '1')], ['a_b', 'axb']],
    [
      [rule('sex', '>=', '1'), rule('sex', '<=', '1')],
      ['admin', 'jeecg', 'zhangsan'],
    ],
    [
      [rule('sex', '<', '2'), rule('username', '!=', 'admin')],
      ['jeecg', 'zhangsan'],
    ],
  ])('data rules %j', async (dataRules, expected) => {
    expect(await names({ pageSize: '100' }, users, { dataRules })).toEqual(expected);
  });

  it('data rules fail closed', async () => {
    for (const dataRules of [
      [rule('username', 'USE_SQL_RULES', '1=1')],
      [rule('username', 'REGEX', '.*')],
      [rule('nope', '=', 'x')],
      [rule('password', '=', 'x')],
      [rule('sex', '=', 'x')],
    ]) {
      const e = await errAsync(listPage(db, users, {}, { dataRules }));
      expect(e.status, JSON.stringify(dataRules)).toBe(200);
      expect(e.code).toBe(500);
      expect(e.message).toMatch(/^数据权限规则配置有误/);
    }
  });

  it('answers a page with one statement (two on PostgreSQL): rows, count, table dictionaries; plain dictionaries from the cache', async () => {
    let statements = 0;
    // every statement reaches the driver's client as one `query` call (drizzle's queries and runPrepared alike), or
    // on the embedded database as one `execProtocolStream` call (the prepared reads, ADR 047; PGlite's own `query`
    // calls it on the instance itself, past this proxy); one proxy per client, as the platform keys per-client state
    // (PGlite's statistics, its prepared statements) by the client object
    const clients = new WeakMap<object, object>();
    const countingClient = (c: object) => {
      let proxy = clients.get(c);
      if (!proxy) {
        proxy = new Proxy(c, {
          get(target, p3) {
            const cv = Reflect.get(target, p3, target);
            if ((p3 === 'query' || p3 === 'execProtocolStream') && typeof cv === 'function') {
              return (...args: unknown[]) => {
                statements++;
                return (cv as (...a: unknown[]) => unknown).apply(target, args);
              };
            }
            return typeof cv === 'function' ? cv.bind(target) : cv;
          },
        });
        clients.set(c, proxy);
      }
      return proxy;
    };
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (prop !== 'session') return v;
        return new Proxy(v as object, {
          get(s, p2, r2) {
            const sv = Reflect.get(s, p2, r2);
            return p2 === 'client' ? countingClient(sv as object) : sv;
          },
        });
      },
    }) as Db;
    const ctx = { ...t.app.ctx, db: counting };
    await listPage(ctx, users, { pageSize: '100' }); // loads the dictionary cache
    statements = 0;
    const page = await listPage(ctx, users, { pageSize: '100' });
    expect(page.records.length).toBe(6);
    // PostgreSQL: the rows, then their table dictionaries and the total (ADR 046); PGlite: one statement
    expect(statements).toBe(onRealPg ? 2 : 1);
    // the same texts as the per-dictionary queries of the bare-database path
    const plain = await listPage(db, users, { pageSize: '100' });
    expect(page.records).toEqual(plain.records);
    expect(page.records.find((r) => r.username === 'a_b')).toMatchObject({ sex_dictText: expect.any(String) });
  });

  it('page 1 of a list is planned once per session, not per request (PostgreSQL settles on a generic plan)', async () => {
    // one database session: PGlite is one; on PostgreSQL one pooled connection, with drizzle over it
    const session = t.database.pool ? await t.database.pool.connect() : undefined;
    try {
      const one = session ? (drizzlePg(session) as unknown as Db) : db;
      for (let i = 0; i < 8; i++)
        expect((await listPage(one, logs, { logType: '2' })).records.length).toBeGreaterThan(0);
      const ask = `select generic_plans::int as generic, statement from pg_prepared_statements
                    where statement like '%from "sys_log" where%'`;
      const rows = (session ? (await session.query(ask)).rows : (await t.database.pglite!.query(ask)).rows) as {
        generic: number;
        statement: string;
      }[];
      const page = rows.filter((r) => r.statement.includes(' limit 10)'));
      expect(page.length).toBeGreaterThan(0);
      expect(Math.max(...page.map((r) => r.generic))).toBeGreaterThan(0);
    } finally {
      session?.release();
    }
  });

  it.skipIf(!onRealPg)(
    'customPlan sends the page as an unnamed statement (planned with its values), same answer as the prepared one',
    async () => {
      // the name of each statement of the page's rows (the one with the offset) sent to node-postgres
      const names: (string | undefined)[] = [];
      const session = (db as unknown as { session: { client: { query: (c: { name?: string }) => unknown } } }).session;
      const client = session.client as unknown as { query: (c: { name?: string; text?: string }) => unknown };
      const spy = new Proxy(client, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver);
          if (prop !== 'query') return typeof v === 'function' ? v.bind(target) : v;
          return (c: { name?: string; text?: string }, ...rest: unknown[]) => {
            if (typeof c === 'object' && c.text?.includes(' offset ')) names.push(c.name);
            return (v as (...a: unknown[]) => unknown).call(target, c, ...rest);
          };
        },
      });
      const spied = new Proxy(db, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver);
          if (prop !== 'session') return v;
          return new Proxy(v as object, { get: (s, p2, r2) => (p2 === 'client' ? spy : Reflect.get(s, p2, r2)) });
        },
      }) as Db;
      const q = { username: '*a*', pageSize: '100' };
      const custom = await listPage(spied, users, q, { customPlan: true });
      const prepared = await listPage(spied, users, q);
      expect(names).toHaveLength(2);
      expect(names[0]).toBeUndefined();
      expect(names[1]).toMatch(/^lq_/);
      expect(custom).toEqual(prepared);
    },
  );

  it.skipIf(!onRealPg)(
    'oneStatement answers the same page (rows, extras, total) in one statement as the split does',
    async () => {
      let statements = 0;
      const session = (db as unknown as { session: { client: object } }).session;
      const client = session.client as { query: (...a: unknown[]) => unknown };
      const spy = new Proxy(client, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver);
          if (prop !== 'query') return typeof v === 'function' ? v.bind(target) : v;
          return (...a: unknown[]) => {
            // the dictionaries' own reads (the first page only) are the same either way
            if (!String((a[0] as { text?: string })?.text ?? a[0]).includes('"sys_dict"')) statements++;
            return (v as (...x: unknown[]) => unknown).apply(target, a);
          };
        },
      });
      const spied = new Proxy(db, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver);
          if (prop !== 'session') return v;
          return new Proxy(v as object, { get: (s, p2, r2) => (p2 === 'client' ? spy : Reflect.get(s, p2, r2)) });
        },
      }) as Db;
      const extras = { shout: (row: (f: string) => SQL) => sql`upper(${row('username')})` };
      for (const q of [{ pageSize: '5' }, { username: '*a*', pageSize: '2', pageNo: '2' }]) {
        statements = 0;
        const split = await listPage(spied, users, q, { extras });
        const splitCount = statements;
        statements = 0;
        const one = await listPage(spied, users, q, { extras, oneStatement: true });
        expect(one).toEqual(split);
        expect(one.records.length).toBeGreaterThan(0);
        // the split reads the rows, then their extras and total
        expect([splitCount, statements]).toEqual([2, 1]);
      }
    },
  );

  it('records: fields, dictionary texts, extras in that order; an extra may replace a field or be named __proto__', async () => {
    const q = { pageSize: '100' };
    const plain = await listPage(db, users, q);
    const keys = Object.keys(plain.records[0]);
    expect(keys.slice(0, users.fields.size)).toEqual([...users.fields.keys()]);
    expect(keys.slice(users.fields.size)).toEqual(Object.keys(users.dictFields).map((f) => `${f}_dictText`));
    // an extra named like a field keeps the field's place and gives its value
    const replaced = await listPage(db, users, q, {
      extras: { username: (row) => sql`upper(${row('username')})` },
    });
    expect(Object.keys(replaced.records[0])).toEqual(keys);
    expect(replaced.records.map((r) => r.username)).toEqual(plain.records.map((r) => String(r.username).toUpperCase()));
    // `__proto__` is an own key of the record, its prototype stays Object.prototype
    const extras = {};
    Object.defineProperty(extras, '__proto__', { value: () => sql`'p'`, enumerable: true });
    const proto = await listPage(db, users, q, { extras });
    const rec = proto.records[0];
    expect(Object.getPrototypeOf(rec)).toBe(Object.prototype);
    expect(Object.hasOwn(rec, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(rec)).username).toBe(plain.records[0].username);
    expect(JSON.stringify(rec)).toContain('"__proto__":"p"');
  });

  it('a page past the end still counts (second statement) and a tenant-scoped entity needs a tenancy', async () => {
    expect(await listPage(db, users, { pageNo: '50', pageSize: '10' })).toMatchObject({ records: [], total: 6 });
    await expect(listPageOf(db, users, {})).rejects.toThrow(/tenancy/);
    expect(() => listWhere(users, {})).toThrow(/tenancy/);
  });

  it('a caseless keyword uses LIKE (same rows), a cased one ILIKE', () => {
    const caseless = dialect.sqlToQuery(listWhere(logs, { username: '*管理1*' })!);
    expect(caseless.sql).toMatch(/ like /);
    const cased = dialect.sqlToQuery(listWhere(logs, { username: '*Adm*' })!);
    expect(cased.sql).toMatch(/ ilike /);
  });

  it('long IN lists of ids are fine (each value is capped, not the whole list)', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `${String(i).padStart(32, '0')}`);
    expect(await names({ id_MultiString: [...ids, 'lq1'].join(',') })).toEqual(['a_b']);
    expect(await names({ id: [...ids, 'lq2'].join(',') })).toEqual(['axb']);
  });

  it('does not run the row query when the page is empty', async () => {
    const page = await listPage(db, users, { username: 'nobody' });
    expect(page).toMatchObject({ records: [], total: 0, pages: 0 });
  });

  it('bound like patterns keep working with a literal backslash', async () => {
    await db.insert(sysUser).values({ id: 'lq5', username: 'back\\slash', workNo: 'w5', status: 1, delFlag: 0 });
    expect(await names({ username: '*k\\s*' })).toEqual(['back\\slash']);
    await db.execute(sql`delete from sys_user where id = 'lq5'`);
  });
});

describe('utcTimestampText (list pages read timestamps without a date string parse)', () => {
  it('gives what drizzle + formatDateTime give, fractions and day roll-over included', async () => {
    const { utcTimestampText } = await import('./list-query.ts');
    const { formatDateTime } = await import('./serialize.ts');
    for (const v of [
      '2024-01-02 03:04:05',
      '2024-12-31 16:00:00',
      '2024-02-29 23:59:59.999999',
      '1999-12-31 15:59:59.5',
      '0999-06-01 00:00:00',
    ]) {
      expect(utcTimestampText(v)).toBe(formatDateTime(new Date(`${v}+0000`)));
    }
    expect(utcTimestampText('2024-12-31 16:00:00')).toBe('2025-01-01 00:00:00');
    // not the plain shape, or a year below 100 (Date.UTC would move it to 19xx): the slow path decides
    for (const v of [
      'infinity',
      '-infinity',
      '2024-01-02 03:04:05 BC',
      '2024-01-02 03:04:05.5 BC',
      '2024-01-02T03:04:05',
      '0044-03-15 12:00:00',
    ]) {
      expect(utcTimestampText(v)).toBeUndefined();
    }
  });
});
