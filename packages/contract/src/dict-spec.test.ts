import { describe, expect, it } from 'vitest';
import { formatTableDictSpec, parseDictCondition, parseDictSpec } from './dict-spec.ts';

describe('parseDictSpec', () => {
  it.each([
    ['sex', { kind: 'code', code: 'sex' }],
    ['msgType', { kind: 'code', code: 'msgType' }],
    // a plain code is a value, never an identifier: anything without a comma is just looked up (bound)
    ["sex' or '1'='1", { kind: 'code', code: "sex' or '1'='1" }],
    [
      'sys_user,realname,username',
      { kind: 'table', table: 'sys_user', text: 'realname', code: 'username', conditions: [] },
    ],
    [
      "sys_user,realname,username,status='1'",
      {
        kind: 'table',
        table: 'sys_user',
        text: 'realname',
        code: 'username',
        conditions: [{ column: 'status', value: '1' }],
      },
    ],
    [
      "sys_depart,depart_name,id,org_category = '1' AND status='1'",
      {
        kind: 'table',
        table: 'sys_depart',
        text: 'depart_name',
        code: 'id',
        conditions: [
          { column: 'org_category', value: '1' },
          { column: 'status', value: '1' },
        ],
      },
    ],
    // a comma inside a quoted condition value stays in the value
    [
      "sys_user,realname,username,realname='a,b'",
      {
        kind: 'table',
        table: 'sys_user',
        text: 'realname',
        code: 'username',
        conditions: [{ column: 'realname', value: 'a,b' }],
      },
    ],
    // an empty 4th part is no condition
    [
      'sys_user,realname,username,',
      { kind: 'table', table: 'sys_user', text: 'realname', code: 'username', conditions: [] },
    ],
  ])('%s', (spec, expected) => {
    expect(parseDictSpec(spec)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [null, 'empty'],
    ['sys_user,realname', 'format'],
    [',', 'format'],
    ['a'.repeat(501), 'length'],
    // contract §8 injection history
    ['sys_user ,realname,id', 'identifier'],
    ['sys_user%20,realname,id', 'identifier'],
    ['`sys_user`,realname,id', 'identifier'],
    ['"sys_user",realname,id', 'identifier'],
    ['sys_user,realname,id;drop table sys_user', 'identifier'],
    ['information_schema.tables,table_name,table_name', 'identifier'],
    ['public.sys_user,realname,id', 'identifier'],
    ['sys_user,realname,(select password from sys_user limit 1)', 'identifier'],
    ['sys_user,concat(username,password),id', 'identifier'],
    ['sys_user,realname/**/,id', 'identifier'],
    ['sys_user,realname,id--', 'identifier'],
    ['sys_user,realname,id#', 'identifier'],
    ['sys_ｕser,realname,id', 'identifier'], // fullwidth u (homoglyph)
    ['sys_usеr,realname,id', 'identifier'], // Cyrillic е
    ['_sys_user,realname,id', 'identifier'],
    ['1sys_user,realname,id', 'identifier'],
    [`${'a'.repeat(65)},realname,id`, 'identifier'],
    ['sys_user,realname,id,1=1) or (1=1', 'condition'],
    ["sys_user,realname,id,status='1' or 1=1", 'condition'],
    ["sys_user,realname,id,status='1';delete from sys_user", 'condition'],
    ['sys_user,realname,id,status=1 -- x', 'condition'],
    ['sys_user,realname,id,status=1 /* x */', 'condition'],
    ["sys_user,realname,id,status in ('1','2')", 'condition'],
    ["sys_user,realname,id,status != '1'", 'condition'],
    ['sys_user,realname,id,status=(select 1)', 'condition'],
    ['sys_user,realname,id,status=sleep(5)', 'condition'],
    ["sys_user,realname,id,status='1", 'condition'],
    ["sys_user,realname,id,status='1' and", 'condition'],
    ["sys_user,realname,id,status='1' status='2'", 'condition'],
    ['sys_user,realname,id,status', 'condition'],
    ["sys_user,realname,id,'1'='1'", 'condition'],
    ["sys_user,realname,id,status='1\n' and x=1", 'condition'],
    ["sys_user,realname,id,sys_user.status='1'", 'condition'],
  ])('refuses %s (%s)', (spec, error) => {
    const r = parseDictSpec(spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(error);
  });

  it('round-trips with formatTableDictSpec', () => {
    const s = formatTableDictSpec('sys_user', 'realname', 'username', "status='1'");
    expect(s).toBe("sys_user,realname,username,status='1'");
    expect(parseDictSpec(s).ok).toBe(true);
    expect(formatTableDictSpec('a', 'b', 'c')).toBe('a,b,c');
  });
});

describe('parseDictCondition', () => {
  it.each([
    ['', []],
    ["a='x'", [{ column: 'a', value: 'x' }]],
    ['a = "x"', [{ column: 'a', value: 'x' }]],
    ['a=1', [{ column: 'a', value: '1' }]],
    ['a=-1.5', [{ column: 'a', value: '-1.5' }]],
    ["a='it''s'", [{ column: 'a', value: "it's" }]],
    ["a='x; drop table t'", [{ column: 'a', value: 'x; drop table t' }]],
    [
      "a='x' and b='y' And c=3",
      [
        { column: 'a', value: 'x' },
        { column: 'b', value: 'y' },
        { column: 'c', value: '3' },
      ],
    ],
    ["a='#{sys_user_code}'", [{ column: 'a', value: '#{sys_user_code}' }]],
  ])('%s', (cond, expected) => {
    expect(parseDictCondition(cond)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["a='x' or b='y'"],
    ['a=1 and'],
    ['and a=1'],
    ['a==1'],
    ['a=b'],
    ['a=1a'],
    ['a=1 b'],
    ['(a=1)'],
    ["a='x'\\"],
    ['a=1 and b=2 and c=3 and d=4 and e=5 and f=6 and g=7 and h=8 and i=9'],
    ['a=`x`'],
    ['a=1; select 1'],
  ])('refuses %s', (cond) => {
    expect(parseDictCondition(cond).ok).toBe(false);
  });
});
