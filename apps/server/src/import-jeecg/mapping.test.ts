import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCli, progressLine, safeAddress } from './cli.ts';
import { mapComponent, normalizeComponent } from './components.ts';
import { newTableReport, renderReport } from './report.ts';
import { describeConnectError, ImportError, parseSourceUrl } from './source.ts';
import { jeecgDecryptPassword } from './tables.ts';
import { decodeText, Problem, sameValue, toBool, toDateString, toInstant, toInt } from './values.ts';

describe('JeecgBoot import: values', () => {
  it('datetimes are GMT+8 wall clock; zero and impossible dates become null with a reason', () => {
    expect((toInstant('2022-04-01 09:30:00', 'create_time') as Date).toISOString()).toBe('2022-04-01T01:30:00.000Z');
    for (const bad of ['0000-00-00 00:00:00', '2021-02-30 10:00:00', '2022-13-01', 'yesterday']) {
      const p = toInstant(bad, 'create_time');
      expect(p).toBeInstanceOf(Problem);
      expect(p).toMatchObject({ kind: 'fix', value: null });
      expect((p as Problem).reason).toMatch(/^列 create_time 的日期 .* 无效，按空值导入$/);
    }
    expect(toInstant(null, 'x')).toBeNull();
    expect(toDateString('1990-05-06 00:00:00', 'birthday')).toBe('1990-05-06');
    expect(toDateString('0000-00-00', 'birthday')).toBeInstanceOf(Problem);
  });

  it('text: UTF-8 kept, latin1 columns holding UTF-8 bytes read as UTF-8, anything else refused', () => {
    expect(decodeText(Buffer.from('张三', 'utf8'), 'utf8mb4', 'realname')).toBe('张三');
    expect(decodeText(Buffer.from('总经理', 'utf8'), 'latin1', 'name')).toBe('总经理');
    expect(decodeText(Buffer.from('plain', 'latin1'), 'latin1', 'name')).toBe('plain');
    const gbk = decodeText(Buffer.from('d7dcbce0', 'hex'), 'latin1', 'name');
    expect(gbk).toMatchObject({ kind: 'skip', reason: '列 name 的内容不是有效的 UTF-8 文本' });
    expect(decodeText(Buffer.from('d7dcbce0', 'hex'), 'gbk', 'name')).toBe('总监');
    expect(decodeText(null, 'utf8', 'x')).toBeNull();
  });

  it('integers, flags, comparisons across drivers', () => {
    expect(toInt('12', 'n')).toBe(12);
    expect(toInt(Buffer.from([1]), 'n')).toBe(1);
    expect(toInt('1.5', 'n')).toBeInstanceOf(Problem);
    expect(toBool(Buffer.from([0]))).toBe(false);
    expect(toBool('1')).toBe(true);
    expect(toBool('N')).toBe(false);
    expect(sameValue(1, '1')).toBe(true);
    expect(sameValue(new Date('2022-01-01T00:00:00Z'), '2022-01-01T00:00:00.000Z')).toBe(true);
    expect(sameValue(null, '')).toBe(false);
  });
});

describe('JeecgBoot import: menu components', () => {
  it('normalises JeecgBoot component strings and maps them to our views', () => {
    expect(normalizeComponent('/views/system/UserList.vue')).toBe('system/UserList');
    const page = { menuType: 1, isRoute: true, external: false, url: '/isystem/user' };
    expect(mapComponent('system/UserList', page)).toEqual({ component: 'system/UserList', unknown: false });
    expect(mapComponent('layouts/RouteView', page).unknown).toBe(false);
    expect(mapComponent('system/UserRoleList', page)).toEqual({ component: 'system/RoleUserList', unknown: false });
    // a page we do not have: kept as it is (opens 页面不存在) and reported
    expect(mapComponent('biz/ContractList', page)).toEqual({ component: 'biz/ContractList', unknown: true });
    // placeholders of non-route rows and external links are not reported
    expect(mapComponent('111111', { ...page, isRoute: false }).unknown).toBe(false);
    expect(mapComponent('layouts/IframePageView', { ...page, url: 'http://www.jeecg.com' }).unknown).toBe(false);
  });
});

describe('JeecgBoot import: command line and source address', () => {
  it('parses the options; refuses unknown areas and a missing --from', () => {
    expect(parseCli(['--from', 'mysql://u:p@h:3306/jeecg-boot', '--dry-run', '--only', 'users,menus'])).toMatchObject({
      from: 'mysql://u:p@h:3306/jeecg-boot',
      dryRun: true,
      only: ['users', 'menus'],
      withLogs: false,
    });
    expect(parseCli(['--from', 'mysql://h/db', '--only', 'logs']).withLogs).toBe(true);
    expect(() => parseCli(['--dry-run'])).toThrow(/缺少 --from/);
    expect(() => parseCli(['--from', 'mysql://h/db', '--only', 'users,nope'])).toThrow(/不认识的范围：nope/);
    expect(() => parseCli(['--from', 'mysql://h/db', '--bogus'])).toThrow(ImportError);
  });

  it('source URLs and connection errors', () => {
    expect(parseSourceUrl('mysql://root:p%40ss@db.local/jeecg-boot')).toMatchObject({
      host: 'db.local',
      port: 3306,
      user: 'root',
      password: 'p@ss',
      database: 'jeecg-boot',
    });
    expect(() => parseSourceUrl('postgres://x/y')).toThrow(/必须是 mysql:\/\//);
    expect(() => parseSourceUrl('mysql://x:3306/')).toThrow(/缺少数据库名/);
    expect(describeConnectError({ code: 'ER_ACCESS_DENIED_ERROR' }, 'h:3306/db', 'root')).toMatch(/用户名或密码错误/);
    expect(describeConnectError({ code: 'ENOTFOUND' }, 'h:3306/db', 'root')).toBe('无法连接 h:3306/db：找不到主机');
    expect(safeAddress('mysql://root:secret@h:3306/db')).not.toContain('secret');
    expect(progressLine('sys_user', 50, 100)).toMatch(/sys_user .*\[█{12}░{12}\] 50 \/ 100/);
  });

  it("decrypts JeecgBoot's data-source passwords (AES/ECB with its fixed key)", () => {
    const c = createCipheriv('aes-128-ecb', Buffer.from('JEECGBOOT1423670', 'latin1'), null);
    const hex = Buffer.concat([c.update('root-pw', 'utf8'), c.final()]).toString('hex');
    expect(jeecgDecryptPassword(hex)).toBe('root-pw');
    expect(jeecgDecryptPassword('not-hex')).toBeNull();
    expect(jeecgDecryptPassword('00'.repeat(16))).toBeNull();
  });

  it('the report lists skipped, fixed and conflicting rows and what to look at', () => {
    const t = newTableReport('users', 'sys_user');
    t.read = 3;
    t.inserted = 1;
    t.skipped.set('用户名与 a（admin）仅大小写不同', ['b']);
    t.conflicts.set('c', ['realname']);
    const text = renderReport({
      source: 'h:3306/db',
      sourceVersion: '10.11',
      target: 'x',
      dryRun: true,
      startedAt: new Date(0),
      finishedAt: new Date(1500),
      tables: [t],
      areas: [{ area: 'menus', ok: false, error: '写入失败：值超过列的长度' }],
      attention: [{ kind: 'jobClass', key: 'com.acme.Job', detail: '任务 j1 已导入为暂停' }],
    });
    expect(text).toMatch(/演练 --dry-run：未写入任何数据/);
    expect(text).toMatch(/✗ menus: 写入失败：值超过列的长度/);
    expect(text).toMatch(/跳过 1 行：用户名与 a（admin）仅大小写不同 — b/);
    expect(text).toMatch(/冲突：行 c 的 realname 两边都改过，保留本系统的值/);
    expect(text).toMatch(/没有的定时任务类（已导入为暂停）:\n {4}- com\.acme\.Job: 任务 j1 已导入为暂停/);
  });
});
