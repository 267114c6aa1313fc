import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  assertIdent,
  columnSql,
  DB_TYPES,
  dbTypeOf,
  defaultLiteral,
  IDENT_RE,
  isReservedTable,
  quoteIdent,
  SYSTEM_TABLES,
} from './ident.ts';

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error('did not throw');
}

describe('cgform identifiers', () => {
  it('accepts plain lower-case names up to 63 characters', () => {
    expect(assertIdent('order_main2', '表名')).toBe('order_main2');
    expect(assertIdent(`a${'b'.repeat(62)}`, '表名')).toHaveLength(63);
    expect(quoteIdent('name')).toBe('"name"');
  });

  it.each([
    'a;drop table sys_user',
    '"x"',
    'x"',
    "a'b",
    'Name',
    '1abc',
    '_abc',
    '',
    'a b',
    'a-b',
    'a$1',
    '名称',
    'ｎａｍｅ',
    `a${'b'.repeat(63)}`,
    'a\u0000b',
  ])('refuses %j with a Chinese message', (bad) => {
    expect(IDENT_RE.test(bad)).toBe(false);
    expect(message(() => assertIdent(bad, '表名'))).toMatch(/^表名「.*」不合法：须以小写字母开头/);
    expect(() => quoteIdent(bad)).toThrow(AppError);
  });

  it('refuses non-strings', () => {
    expect(message(() => assertIdent(undefined, '字段名'))).toContain('字段名');
    expect(message(() => assertIdent({ toString: () => 'x' }, '字段名'))).toContain('不合法');
  });

  it('reserves the system schema and the reserved prefixes', () => {
    expect(SYSTEM_TABLES.has('sys_user')).toBe(true);
    expect(SYSTEM_TABLES.has('onl_cgform_head')).toBe(true);
    expect(SYSTEM_TABLES.has('oss_file')).toBe(true);
    for (const t of [
      'sys_user',
      'sys_anything',
      'onl_x',
      'qrtz_triggers',
      'quartz_x',
      'drizzle_migrations',
      'pg_class',
      'demo',
      'demo2',
      'jeecg_order_main',
      'oss_file',
    ]) {
      expect(isReservedTable(t)).toBe(true);
    }
    for (const t of ['test_demo', 'ces_order_main', 'test_shoptype_tree', 'my_sys_table']) {
      expect(isReservedTable(t)).toBe(false);
    }
  });
});

describe('cgform column types', () => {
  it('maps the fixed list of JeecgBoot types', () => {
    expect(Object.keys(DB_TYPES)).toEqual([
      'string',
      'int',
      'double',
      'BigDecimal',
      'Date',
      'Datetime',
      'Time',
      'Text',
      'Blob',
    ]);
    expect(columnSql({ dbFieldName: 'name', dbType: 'string', dbLength: 50 })).toBe('"name" varchar(50)');
    expect(columnSql({ dbFieldName: 'id', dbType: 'string', dbLength: 36, dbIsKey: 1 })).toBe(
      '"id" varchar(36) NOT NULL PRIMARY KEY',
    );
    expect(columnSql({ dbFieldName: 'age', dbType: 'int', dbLength: 10, dbIsNull: 0, dbDefaultVal: '18' })).toBe(
      '"age" integer NOT NULL DEFAULT 18',
    );
    expect(columnSql({ dbFieldName: 'money', dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2 })).toBe(
      '"money" numeric(10,2)',
    );
    expect(columnSql({ dbFieldName: 'd', dbType: 'date', dbDefaultVal: '2024-02-29' })).toBe(
      `"d" date DEFAULT '2024-02-29'::date`,
    );
    expect(columnSql({ dbFieldName: 'c', dbType: 'text' })).toBe('"c" text');
    expect(columnSql({ dbFieldName: 'b', dbType: 'Blob' })).toBe('"b" bytea');
  });

  it('refuses types outside the list and bad lengths', () => {
    expect(message(() => dbTypeOf('varchar(10); drop table x', 'f'))).toMatch(/数据库类型.*不支持/);
    expect(message(() => dbTypeOf('serial'))).toMatch(/不支持/);
    expect(message(() => columnSql({ dbFieldName: 'n', dbType: 'string', dbLength: 0 }))).toMatch(/长度须为 1～10000/);
    expect(message(() => columnSql({ dbFieldName: 'n', dbType: 'string', dbLength: 1.5 }))).toMatch(/长度/);
    expect(message(() => columnSql({ dbFieldName: 'n', dbType: 'BigDecimal', dbLength: 5, dbPointLength: 6 }))).toMatch(
      /小数位/,
    );
  });

  it('turns defaults into validated literals only', () => {
    expect(defaultLiteral({ dbFieldName: 's', dbType: 'string', dbLength: 20, dbDefaultVal: "it's" })).toBe(`'it''s'`);
    expect(defaultLiteral({ dbFieldName: 's', dbType: 'string', dbLength: 20, dbDefaultVal: "'abc'" })).toBe(`'abc'`);
    expect(
      defaultLiteral({
        dbFieldName: 's',
        dbType: 'string',
        dbLength: 40,
        dbDefaultVal: "x'); drop table sys_user; --",
      }),
    ).toBe(`'x''); drop table sys_user; --'`);
    expect(message(() => defaultLiteral({ dbFieldName: 'i', dbType: 'int', dbDefaultVal: '1; drop table x' }))).toMatch(
      /默认值.*须为整数/,
    );
    expect(message(() => defaultLiteral({ dbFieldName: 'i', dbType: 'double', dbDefaultVal: '1e9' }))).toMatch(
      /须为数字/,
    );
    expect(message(() => defaultLiteral({ dbFieldName: 'd', dbType: 'Date', dbDefaultVal: "2024-01-01'" }))).toMatch(
      /须为日期/,
    );
    expect(message(() => defaultLiteral({ dbFieldName: 'd', dbType: 'Datetime', dbDefaultVal: 'now()' }))).toMatch(
      /须为时间/,
    );
    expect(
      message(() => defaultLiteral({ dbFieldName: 's', dbType: 'string', dbLength: 20, dbDefaultVal: 'a\nb' })),
    ).toMatch(/控制字符/);
    expect(
      message(() => defaultLiteral({ dbFieldName: 's', dbType: 'string', dbLength: 2, dbDefaultVal: 'abc' })),
    ).toMatch(/超过字段长度/);
    expect(message(() => defaultLiteral({ dbFieldName: 'b', dbType: 'Blob', dbDefaultVal: 'x' }))).toMatch(
      /不能设置默认值/,
    );
    expect(defaultLiteral({ dbFieldName: 'b', dbType: 'Blob', dbDefaultVal: '' })).toBeNull();
  });
});
