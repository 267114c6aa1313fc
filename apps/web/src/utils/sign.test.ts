import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSign, SIGNATURE_SECRET, signParams, signTimestamp, sortKeys } from './sign';

const ref = (json: string) =>
  createHash('md5')
    .update(json + SIGNATURE_SECRET, 'utf8')
    .digest('hex')
    .toUpperCase();

describe('signParams', () => {
  it.each([
    ['/sys/dict/getDictItems/sex', undefined, {}],
    ['/sys/dict/getDictItems/sys_user,realname,id', undefined, { 'x-path-variable': 'sys_user,realname,id' }],
    [
      "/sys/dict/getDictItems/sys_user,realname,id,username!='admin'%20order%20by%20create_time",
      undefined,
      { 'x-path-variable': "sys_user,realname,id,username!='admin' order by create_time" },
    ],
    [
      '/sys/dict/loadDict/sys_user,realname,id?keyword=a&pageSize=10',
      undefined,
      { 'x-path-variable': 'sys_user,realname,id', keyword: 'a', pageSize: '10' },
    ],
    [
      '/sys/dict/loadTreeData',
      { pid: '', tableName: 'sys_category', pageNo: 1, async: true, _t: 123 },
      { pid: '', tableName: 'sys_category', pageNo: '1', async: 'true' },
    ],
    ['/x?_t=99&b=2', { a: 1 }, { b: '2', a: '1' }],
  ] as const)('%s', (url, params, expected) => {
    expect(signParams(url, params as Record<string, unknown> | undefined)).toEqual(expected);
  });
});

describe('computeSign', () => {
  it('is the uppercase md5 of the key-sorted compact JSON plus the secret', () => {
    expect(computeSign('/sys/dict/getDictItems/sex')).toBe(ref('{}'));
    expect(computeSign('/sys/dict/getDictItems/sys_user,realname,id')).toBe(
      ref('{"x-path-variable":"sys_user,realname,id"}'),
    );
    expect(computeSign('/sys/dict/loadDict/sys_depart,depart_name,id', { pageSize: 10, keyword: '研发' })).toBe(
      ref('{"keyword":"研发","pageSize":"10","x-path-variable":"sys_depart,depart_name,id"}'),
    );
  });

  it('ignores _t and parameter order', () => {
    const a = computeSign('/sys/dict/loadTreeData', { b: '2', a: '1', _t: 1 });
    const b = computeSign('/sys/dict/loadTreeData', { a: '1', b: '2', _t: 2 });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9A-F]{32}$/);
  });

  it('sortKeys orders keys as a TreeMap', () => {
    expect(Object.keys(sortKeys({ b: 1, a: 2, 'x-path-variable': 3, A: 4 }))).toEqual([
      'A',
      'a',
      'b',
      'x-path-variable',
    ]);
  });
});

describe('signTimestamp', () => {
  it.each([
    [new Date(2022, 0, 5, 3, 4, 5), '20220105030405'],
    [new Date(2021, 11, 31, 23, 59, 59), '20211231235959'],
  ])('%s → %s', (date, text) => {
    expect(signTimestamp(date)).toBe(text);
  });
});
