import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { qs, signedGet, specPath } from './test-helpers.ts';

/**
 * Security rule 4 / contract §8: no table dictionary reaches a table or column outside the registry. Every hostile
 * spec from JeecgBoot's injection history is sent to every dictionary endpoint; each must be refused with a clean
 * Chinese message, and no password hash or salt may ever appear in an answer.
 */

const B = '/jeecg-boot/sys/dict';

const HOSTILE_SPECS = [
  'sys_user,password,id',
  'sys_user,salt,id',
  'sys_user,realname,password',
  'sys_user,password,username',
  'sys_user,salt,username',
  'SYS_USER,PASSWORD,ID',
  'sys_user,realname,id,1=1) or (1=1',
  'sys_user,realname,username,1=1) union select password,salt from sys_user --',
  "sys_user,realname,username,username='admin' and password is not null",
  "sys_user,realname,username,password='x'",
  "sys_user,realname,username,salt='x'",
  "sys_user,realname,username,username='admin' or '1'='1'",
  'sys_user,realname,username,username=(select password from sys_user limit 1)',
  "sys_user,realname,username,username='x' and sleep(5)",
  "sys_user,realname,username,''=''",
  '`sys_user`,password,id',
  '"sys_user",password,id',
  'sys_user ,password,id',
  'sys_user%20,password,id',
  'sys_user/**/,password,id',
  'sys_user,password/**/,id',
  'sys_user,realname,id/**/union/**/select/**/password',
  'sys_user,realname,id#',
  'sys_user,realname,id--',
  'sys_user,realname,id;select pg_sleep(5)',
  'sys_ｕser,password,id',
  'sys_usеr,password,id',
  'sys_user\t,password,id',
  'information_schema.tables,table_name,table_name',
  'information_schema.columns,column_name,table_name',
  'pg_catalog.pg_shadow,passwd,usename',
  'pg_shadow,passwd,usename',
  'public.sys_user,password,id',
  'sys_session,token_hash,user_id',
  'sys_log,request_param,id',
  'sys_user,concat(password,salt),id',
  'sys_user,(select password from sys_user limit 1),id',
  'sys_user,realname,username,realname=realname',
];

const TREE_BASE = {
  pid: '',
  pidField: 'org_code',
  tableName: 'sys_user',
  text: 'realname',
  code: 'username',
  hasChildField: '',
  condition: '',
};

const HOSTILE_TREES: Partial<typeof TREE_BASE>[] = [
  { text: 'password' },
  { code: 'salt' },
  { pidField: 'password' },
  { hasChildField: 'password' },
  { hasChildField: 'salt' },
  { pidField: "org_code='' or 1=1 --" },
  { pidField: "org_code=''/**/or/**/1=1" },
  { pidField: 'org_code) union select password,salt,id,id from sys_user --' },
  { hasChildField: "(case when password like '$%' then '1' end)" },
  { text: 'realname,password' },
  { code: 'username||password' },
  { condition: '{"password":"x"}' },
  { condition: '{"salt":"x"}' },
  { condition: '{"1=1 or username":"admin"}' },
  { condition: '{"username = username or 1":"1"}' },
  { condition: '{"username":{"$ne":"x"}}' },
  { condition: "{'username':'admin'}" },
  { condition: 'username=admin' },
  { tableName: 'information_schema.tables', text: 'table_name', code: 'table_name', pidField: 'table_schema' },
  { tableName: 'sys_user;drop table sys_user' },
  { tableName: 'sys_user ' },
  { tableName: 'pg_shadow', text: 'passwd', code: 'usename', pidField: 'usename' },
  { tableName: 'sys_session', text: 'token_hash', code: 'user_id', pidField: 'username' },
];

let t: TestApp;
let token: string;
let secrets: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const rows = await t.app.ctx.db.select({ password: sysUser.password, salt: sysUser.salt }).from(sysUser);
  secrets = rows.flatMap((r) => [r.password, r.salt]).filter((s): s is string => !!s && s.length >= 6);
  expect(secrets.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  await t.close();
});

function assertRefused(res: Awaited<ReturnType<typeof signedGet>>, label: string) {
  expect([200, 400], label).toContain(res.statusCode);
  expect(res.json?.success, label).toBe(false);
  const message = String(res.json?.message ?? '');
  expect(message, label).toMatch(/[\u4e00-\u9fff]/);
  expect(message.length, label).toBeLessThan(80);
  expect(message, label).not.toMatch(/select|sys_user|password|salt|syntax|column|relation|stack|\.ts/i);
  expect(res.json?.result ?? null, label).toBeNull();
  for (const s of secrets) expect(res.body.includes(s), `${label} leaks a secret`).toBe(false);
  expect(res.body, label).not.toMatch(/\$argon2/);
}

describe('hostile dictionary specs on every spec endpoint', () => {
  const endpoints: [string, (spec: string) => string][] = [
    ['getDictItems', (s) => `${B}/getDictItems/${specPath(s)}`],
    ['loadDict', (s) => `${B}/loadDict/${specPath(s)}${qs({ keyword: '' })}`],
    ['loadDict (keyword list)', (s) => `${B}/loadDict/${specPath(s)}${qs({ keyword: 'admin,jeecg' })}`],
    [
      'loadDictOrderByValue',
      (s) => `${B}/loadDictOrderByValue/${specPath(s)}${qs({ keyword: 'admin', pageSize: 10 })}`,
    ],
    ['loadDictItem', (s) => `${B}/loadDictItem/${specPath(s)}${qs({ key: 'admin,e9ca23d68d884d4ebb19d07889727dae' })}`],
  ];

  for (const [name, url] of endpoints) {
    it(`${name}: every hostile spec is refused`, async () => {
      for (const spec of HOSTILE_SPECS) assertRefused(await signedGet(t, url(spec), token), `${name} ${spec}`);
    });
  }
});

describe('hostile loadTreeData parameters', () => {
  it('every hostile combination is refused', async () => {
    for (const p of HOSTILE_TREES) {
      const res = await signedGet(t, `${B}/loadTreeData${qs({ ...TREE_BASE, ...p })}`, token);
      assertRefused(res, JSON.stringify(p));
    }
  });

  it('the same base parameters work when they are clean (the refusals are not accidental)', async () => {
    const res = await signedGet(t, `${B}/loadTreeData${qs({ ...TREE_BASE, pid: 'A01' })}`, token);
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.result.map((n: { key: string }) => n.key)).toEqual(['admin']);
  });
});

describe('hostile keywords and keys are only values', () => {
  it.each([
    ["' or '1'='1"],
    ["%' or password like '%"],
    ["admin' union select password,salt from sys_user --"],
    ['\\'],
    ['_'],
  ])('%s', async (kw) => {
    for (const url of [
      `${B}/loadDict/sys_user,realname,username${qs({ keyword: kw })}`,
      `${B}/loadDict/sys_user,realname,username${qs({ keyword: `${kw},x` })}`,
      `${B}/loadDictItem/sys_user,realname,username${qs({ key: kw })}`,
      `${B}/loadDictOrderByValue/sys_user,realname,username${qs({ keyword: kw })}`,
    ]) {
      const res = await signedGet(t, url, token);
      expect(res.json.success, url).toBe(true);
      expect(res.json.result === null || Array.isArray(res.json.result)).toBe(true);
      for (const s of secrets) expect(res.body.includes(s)).toBe(false);
    }
  });
});
