import { parseDictSpec, type TableDictSpec } from '@answer/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/client.ts';
import { sysUser } from '../db/schema/index.ts';
import {
  allOf,
  allow,
  checkableField,
  DUPLICATE_CHECKABLE,
  jsonConditionSql,
  NEVER_EXPOSED,
  parseConditionOrThrow,
  RegistryError,
  registryColumn,
  registryTable,
  resolveTableDict,
  TABLE_REGISTRY,
} from './table-registry.ts';

const dialect = new PgDialect();
const render = (parts: Parameters<typeof allOf>[0]) => dialect.sqlToQuery(allOf(parts) ?? sql`true`);

const spec = (s: string): TableDictSpec => {
  const r = parseDictSpec(s);
  if (!r.ok || r.value.kind !== 'table') throw new Error(`not a table spec: ${s}`);
  return r.value;
};

describe('registry contents', () => {
  it('never lists password or salt, in any table of either registry', () => {
    for (const reg of [TABLE_REGISTRY, DUPLICATE_CHECKABLE]) {
      for (const t of Object.values(reg)) {
        for (const [name, col] of t.columns) {
          expect(NEVER_EXPOSED.has(name)).toBe(false);
          expect(NEVER_EXPOSED.has(col.name)).toBe(false);
        }
      }
    }
  });

  it('refuses to build a line that lists password or salt, or an unknown column', () => {
    expect(() => allow(sysUser, ['id', 'password'])).toThrow(/never be exposed/);
    expect(() => allow(sysUser, ['salt'])).toThrow(/never be exposed/);
    expect(() => allow(sysUser, ['nope'])).toThrow(/no column/);
  });

  it('holds the documented tables, and sys_user / sys_depart / sys_dict hide deleted rows', () => {
    expect(Object.keys(TABLE_REGISTRY).sort()).toEqual(
      [
        'sys_category',
        'sys_depart',
        'sys_dict',
        'sys_dict_item',
        'sys_position',
        'sys_role',
        'sys_tenant',
        'sys_user',
      ].sort(),
    );
    expect(render([TABLE_REGISTRY.sys_user.where?.()]).sql).toBe('"sys_user"."del_flag" = $1');
    expect(render([TABLE_REGISTRY.sys_depart.where?.()]).params).toEqual(['0']);
    expect(TABLE_REGISTRY.sys_dict.where).toBeDefined();
    expect(Object.keys(DUPLICATE_CHECKABLE).sort()).toEqual(
      [
        'sys_category',
        'sys_check_rule',
        'sys_data_source',
        'sys_depart',
        'sys_depart_role',
        'sys_dict',
        'sys_fill_rule',
        'sys_position',
        'sys_role',
        'sys_sms_template',
        'sys_tenant',
        'sys_user',
      ].sort(),
    );
  });
});

describe('resolveTableDict', () => {
  it('binds the condition and adds the default filter', () => {
    const d = resolveTableDict(spec("sys_user,realname,username,status='1' and sex = 1"));
    expect(d.text.name).toBe('realname');
    expect(d.code.name).toBe('username');
    const q = render(d.where);
    expect(q.sql).toBe(
      '("sys_user"."del_flag" = $1 and "sys_user"."status"::text = $2 and "sys_user"."sex"::text = $3)',
    );
    expect(q.params).toEqual([0, '1', '1']);
  });

  it('substitutes system variables in condition values (still bound)', () => {
    const d = resolveTableDict(spec("sys_user,realname,username,org_code='#{sys_org_code}'"), (v) =>
      v.replace('#{sys_org_code}', 'A01'),
    );
    expect(render(d.where).params).toEqual([0, 'A01']);
  });

  it.each([
    'sys_user,password,id',
    'sys_user,salt,username',
    'sys_user,realname,password',
    "sys_user,realname,username,password='x'",
    "sys_user,realname,username,salt='x'",
    'sys_user,realname,avatar',
    'sys_session,token_hash,user_id',
    'sys_log,request_param,id',
    'sys_permission,perms,id',
    'pg_user,usename,passwd',
    'information_schema,table_name,table_name',
    'SYS_USER,realname,username',
    'sys_user,REALNAME,username',
    'constructor,realname,username',
    'hasOwnProperty,realname,username',
    'toString,realname,username',
  ])('refuses %s', (s) => {
    expect(() => resolveTableDict(spec(s))).toThrow(RegistryError);
  });
});

describe('loadTreeData names and condition', () => {
  const depart = registryTable('sys_depart');

  it('finds allowed columns and refuses everything else', () => {
    expect(registryColumn(depart, 'parent_id').name).toBe('parent_id');
    for (const bad of [
      'parent_id or 1=1',
      'parent_id)--',
      "parent_id='' or 1=1 --",
      '(select 1)',
      'password',
      'memo',
      '',
      ' parent_id',
      'hasOwnProperty',
    ]) {
      expect(() => registryColumn(depart, bad), bad).toThrow(RegistryError);
    }
    expect(() => registryTable('sys_depart;drop table sys_user')).toThrow(RegistryError);
    expect(() => registryTable('sys_user ')).toThrow(RegistryError);
  });

  it('binds JSON condition values; keys must be allowed columns', () => {
    const q = render(jsonConditionSql(depart, '{"org_category":"1","depart_order":2,"status":null}'));
    expect(q.sql).toBe(
      '("sys_depart"."org_category" = $1 and "sys_depart"."depart_order"::text = $2 and "sys_depart"."status" is null)',
    );
    expect(q.params).toEqual(['1', '2']);
    expect(jsonConditionSql(depart, '')).toEqual([]);
    expect(jsonConditionSql(depart, '{}')).toEqual([]);
  });

  it.each([
    ['{'],
    ['[]'],
    ['"x"'],
    ['null'],
    ['{"1=1 or status":"1"}'],
    ['{"status = \'1\' or 1":"1"}'],
    ['{"password":"x"}'],
    ['{"status":{"$ne":1}}'],
    ['{"status":["1"]}'],
    ['{"__proto__":"x"}'],
  ])('refuses condition %s', (c) => {
    expect(() => jsonConditionSql(depart, c)).toThrow(RegistryError);
  });

  it('parses the 4-part string condition too', () => {
    expect(render(parseConditionOrThrow(depart, "org_category='2'")).params).toEqual(['2']);
    expect(() => parseConditionOrThrow(depart, "org_category='2' or 1=1")).toThrow(RegistryError);
  });
});

describe('duplicate check pairs', () => {
  it.each([
    ['sys_user', 'username'],
    ['sys_user', 'phone'],
    ['sys_user', 'email'],
    ['sys_user', 'work_no'],
    ['sys_role', 'role_code'],
    ['sys_depart', 'org_code'],
    ['sys_dict', 'dict_code'],
    ['sys_position', 'code'],
    ['sys_tenant', 'id'],
  ])('allows %s.%s', (t, f) => {
    expect(checkableField(t, f).field.name).toBe(f);
  });

  it.each([
    ['sys_user', 'password'],
    ['sys_user', 'salt'],
    ['sys_user', 'id'],
    ['sys_user', 'realname'],
    ['sys_user', 'username or 1=1'],
    ['sys_user ', 'username'],
    ['sys_log', 'userid'],
    ['sys_session', 'token_hash'],
    ['information_schema.tables', 'table_name'],
  ])('refuses %s.%s', (t, f) => {
    expect(() => checkableField(t, f)).toThrow(RegistryError);
  });
});

describe('against the migrated database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every registry column exists with that name', async () => {
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      t.app.ctx.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
    );
    const have = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    for (const reg of [TABLE_REGISTRY, DUPLICATE_CHECKABLE]) {
      for (const tbl of Object.values(reg)) {
        for (const col of tbl.columns.keys()) expect(have.has(`${tbl.name}.${col}`), `${tbl.name}.${col}`).toBe(true);
      }
    }
  });
});

describe('personal data', () => {
  it('keeps phone and email of users out of table dictionaries', () => {
    const user = registryTable('sys_user');
    expect(() => registryColumn(user, 'phone')).toThrow();
    expect(() => registryColumn(user, 'email')).toThrow();
    expect(() => registryColumn(user, 'password')).toThrow();
    expect(registryColumn(user, 'realname')).toBeDefined();
  });
});
