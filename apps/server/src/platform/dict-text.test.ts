import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysDictItem, sysUser } from '../db/schema/index.ts';
import { dictKeys, translateDictFields, translateValue, validateDictRef } from './dict-text.ts';

describe('value splitting and joining', () => {
  const texts = new Map([
    ['1', '男'],
    ['2', '女'],
  ]);
  it.each([
    ['1', '男'],
    [1, '男'],
    ['1,2', '男,女'],
    [' 2 , 1 ', '女,男'],
    ['1,9,2', '男,女'],
    ['9', ''],
    ['', ''],
    [',,', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (v, expected) => {
    expect(translateValue(v, texts)).toBe(expected);
  });

  it('splits keys', () => {
    expect(dictKeys('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(dictKeys(null)).toEqual([]);
  });

  it.each(['sys_user,password,id', 'sys_user,realname', 'nope,a,b', 'sys_user,realname,username,1=1'])(
    'refuses the dictionary reference %s at definition time',
    (ref) => {
      expect(() => validateDictRef(ref)).toThrow();
    },
  );
});

describe('translateDictFields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('translates plain and table dictionaries, multi-values and conditions', async () => {
    const records: Record<string, unknown>[] = [
      { sex: 1, who: 'admin,jeecg', dept: 'A01', active: 'admin' },
      { sex: '2', who: 'zhangsan', dept: 'A01A05,A02,ZZZ', active: 'jeecg' },
      { sex: null, who: null, dept: '', active: null },
    ];
    await translateDictFields(t.app.ctx.db, records, {
      sex: 'sex',
      who: 'sys_user,realname,username',
      dept: 'sys_depart,depart_name,org_code',
      active: "sys_user,realname,username,org_code='A01'",
    });
    expect(records.map((r) => [r.sex_dictText, r.who_dictText, r.dept_dictText, r.active_dictText])).toEqual([
      ['男', '管理员,jeecg', '北京国炬软件', '管理员'],
      ['女', '张三', '研发部,北京卓尔互动', ''],
      ['', '', '', ''],
    ]);
  });

  it('translates disabled items (old records keep their labels) but not deleted users', async () => {
    const db = t.app.ctx.db;
    await db.update(sysDictItem).set({ status: 0 }).where(eq(sysDictItem.itemValue, '2'));
    await db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'zhangsan'));
    const records: Record<string, unknown>[] = [{ sex: 2, who: 'zhangsan' }];
    await translateDictFields(db, records, { sex: 'sex', who: 'sys_user,realname,username' });
    expect(records[0]).toMatchObject({ sex_dictText: '女', who_dictText: '' });
  });

  it('does nothing without records or fields', async () => {
    const records: Record<string, unknown>[] = [{ a: 1 }];
    await translateDictFields(t.app.ctx.db, records, undefined);
    await translateDictFields(t.app.ctx.db, [], { a: 'sex' });
    expect(records).toEqual([{ a: 1 }]);
  });
});
