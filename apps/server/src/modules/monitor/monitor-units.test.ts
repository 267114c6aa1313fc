import { describe, expect, it } from 'vitest';
import { HttpMonitor, LATENCY_BUCKETS_MS, TRACE_CAPACITY } from './http-monitor.ts';
import { checkTerminalCommand, parseInfo, SCAN_MAX_COUNT, shapeReply, TERMINAL_MAX_ITEMS, tokenize } from './redis.ts';
import { parseMounts } from './system-stats.ts';
import { REDACTED, redactHeaders, redactUrl, toSpringTrace } from './trace.ts';

const refusal = (line: string) => {
  try {
    checkTerminalCommand(line);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('Redis terminal allow-list', () => {
  it('splits words with quotes', () => {
    expect(tokenize(' GET  "a b" \'c d\' e ')).toEqual(['GET', 'a b', 'c d', 'e']);
    expect(tokenize('GET "x\\"y"')).toEqual(['GET', 'x"y']);
    expect(refusal('GET "open')).toBe('引号未闭合');
  });

  it.each([
    'SET k v',
    'DEL k',
    'EXPIRE k 1',
    'HSET h f v',
    'LPUSH l x',
    'RENAME a b',
    'CLIENT LIST',
    'CLIENT KILL x',
    'SLAVEOF no one',
    'REPLICAOF h 1',
    'MIGRATE h 1 k 0 1',
    'SAVE',
    'BGSAVE',
    'SUBSCRIBE c',
    'PUBLISH c m',
    'MULTI',
    'SORT l STORE x',
    'GETDEL k',
    'GETEX k',
    'ACL LIST',
    'MODULE LIST',
  ])('refuses %s', (line) => {
    expect(refusal(line)).toMatch(/^不允许执行/);
  });

  it('refuses the named dangerous commands with their own reason, in any case', () => {
    expect(refusal('config get *')).toBe('不允许执行 CONFIG');
    expect(refusal('Eval "x" 0')).toBe('不允许执行脚本');
    expect(refusal('evalsha abc 0')).toBe('不允许执行脚本');
    expect(refusal('FUNCTION LIST')).toBe('不允许执行脚本');
    expect(refusal('flushall async')).toBe('不允许清空数据');
    expect(refusal('keys *')).toBe('KEYS 会阻塞 Redis，请使用 SCAN（最多 1000 个）');
    expect(refusal('SHUTDOWN')).toBe('不允许执行 SHUTDOWN');
    expect(refusal('')).toBe('请输入命令');
  });

  it('caps SCAN counts and ranges', () => {
    expect(checkTerminalCommand('scan 0 match sys:* count 999999')).toEqual({
      command: 'SCAN',
      args: ['0', 'MATCH', 'sys:*', 'COUNT', String(SCAN_MAX_COUNT)],
    });
    expect(checkTerminalCommand('SCAN 5').args).toEqual(['5', 'COUNT', '100']);
    expect(checkTerminalCommand('HSCAN h 0 COUNT 10').args).toEqual(['h', '0', 'COUNT', '10']);
    expect(refusal('SCAN x')).toBe('游标必须是非负整数');
    expect(refusal('SCAN 0 COUNT -1')).toBe('COUNT 必须是正整数');
    expect(refusal('SCAN 0 MATCH')).toBe('MATCH 缺少参数');
    expect(checkTerminalCommand('LRANGE l 0 199').args).toEqual(['l', '0', '199']);
    expect(refusal('LRANGE l 0 200')).toBe(`范围最多 ${TERMINAL_MAX_ITEMS} 个元素，且不能使用负数下标`);
    expect(refusal('ZRANGE z 0 -1')).toBe(`范围最多 ${TERMINAL_MAX_ITEMS} 个元素，且不能使用负数下标`);
    expect(refusal('GET')).toBe('GET 的参数个数不正确');
    expect(refusal('GET a b')).toBe('GET 的参数个数不正确');
    expect(checkTerminalCommand('memory usage k')).toEqual({ command: 'MEMORY', args: ['USAGE', 'k'] });
    expect(refusal('OBJECT HELP x')).toBe('不允许执行 OBJECT HELP');
  });

  it('bounds replies', () => {
    const long = Array.from({ length: 250 }, (_, i) => String(i));
    const shaped = shapeReply(long) as string[];
    expect(shaped).toHaveLength(TERMINAL_MAX_ITEMS + 1);
    expect(shaped.at(-1)).toContain('共 250 项');
    expect(shapeReply(Buffer.from('hé'))).toBe('hé');
    expect((shapeReply('x'.repeat(70_000)) as string).length).toBe(65_537);
    expect(shapeReply(null)).toBeNull();
  });
});

describe('Redis INFO', () => {
  it('parses sections', () => {
    const info = parseInfo('# Server\r\nredis_version:7.0.15\r\nrun_id:abc\r\n\r\n# Memory\r\nused_memory:123\r\n');
    expect(info).toEqual({ server: { redis_version: '7.0.15', run_id: 'abc' }, memory: { used_memory: '123' } });
  });
});

describe('trace redaction', () => {
  it('masks query secrets and keeps the rest', () => {
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?token=x&pageNo=1&password=p&newPassword=q&smsCode=1&dictCode=sex&_t=1')).toBe(
      `/a?token=${REDACTED}&pageNo=1&password=${REDACTED}&newPassword=${REDACTED}&smsCode=${REDACTED}&dictCode=sex&_t=1`,
    );
    expect(redactUrl('/a?access%5Ftoken=x&flag')).toBe(`/a?access%5Ftoken=${REDACTED}&flag`);
    expect(redactUrl('/a?api_key=k&ticket=t')).toBe(`/a?api_key=${REDACTED}&ticket=${REDACTED}`);
  });

  it('masks secret headers', () => {
    const h = redactHeaders({
      'x-access-token': 't',
      authorization: 'Bearer x',
      cookie: 'a=b',
      'x-sign': 's',
      'x-api-key': 'k',
      'user-agent': 'ua',
      'x-multi': ['a', 'b'],
    });
    expect(h).toEqual({
      'x-access-token': [REDACTED],
      authorization: [REDACTED],
      cookie: [REDACTED],
      'x-sign': [REDACTED],
      'x-api-key': [REDACTED],
      'user-agent': ['ua'],
      'x-multi': ['a', 'b'],
    });
  });
});

describe('HTTP monitor ring buffer', () => {
  it('keeps the newest 100 requests, newest first, and counts every one', () => {
    const m = new HttpMonitor();
    for (let i = 0; i < TRACE_CAPACITY + 30; i++)
      m.record('GET', `/r/${i}?token=secret`, i % 2 ? 200 : 503, i, '10.0.0.1', null, { host: 'h' }, null);
    const e = m.entries();
    expect(e).toHaveLength(TRACE_CAPACITY);
    expect(e[0].url).toBe(`/r/${TRACE_CAPACITY + 29}?token=secret`);
    expect(e.at(-1)?.url).toBe('/r/30?token=secret');
    expect(m.requests).toBe(TRACE_CAPACITY + 30);
    expect(m.statusClasses[2] + m.statusClasses[5]).toBe(TRACE_CAPACITY + 30);
    expect(m.rejected).toBe((TRACE_CAPACITY + 30) / 2);
    expect(m.maxMs).toBe(TRACE_CAPACITY + 29);
    expect(m.latency.reduce((a, b) => a + b, 0)).toBe(m.requests);
    expect(m.quantile(0.5)).toBe(LATENCY_BUCKETS_MS[4]); // median 65 ms: the ≤ 100 ms bucket
    const spring = toSpringTrace(e[0]);
    expect(spring.request.uri).toBe(`http://h/r/${TRACE_CAPACITY + 29}?token=${REDACTED}`);
    expect(spring.principal).toBeNull();
    expect(spring.response).toEqual({ status: 200, headers: {} });
  });
});

describe('disk mounts', () => {
  it('keeps real file systems (files and repeated devices are left to diskInfo)', () => {
    const mounts = parseMounts(
      [
        'overlay / overlay rw 0 0',
        'proc /proc proc rw 0 0',
        'tmpfs /dev tmpfs rw 0 0',
        '/dev/vda /etc/hosts ext4 rw 0 0',
        '/dev/vda /etc/resolv.conf ext4 rw 0 0',
        '/dev/vdb /data\\040disk xfs rw 0 0',
        'cgroup2 /sys/fs/cgroup cgroup2 rw 0 0',
      ].join('\n'),
    );
    expect(mounts).toEqual([
      { device: 'overlay', mount: '/', fsType: 'overlay' },
      { device: '/dev/vda', mount: '/etc/hosts', fsType: 'ext4' },
      { device: '/dev/vda', mount: '/etc/resolv.conf', fsType: 'ext4' },
      { device: '/dev/vdb', mount: '/data disk', fsType: 'xfs' },
    ]);
  });
});

describe('Redis terminal: protected keys (issue 28 security 1)', () => {
  it('protects every key of the application namespace except its cache, and security keys anywhere', async () => {
    const { isSecurityKey, withoutSecurityKeys, loggedLine } = await import('./redis.ts');
    expect(isSecurityKey('answer:captcha:key:x', 'answer:')).toBe(true);
    expect(isSecurityKey('answer:anything-new', 'answer:')).toBe(true);
    expect(isSecurityKey('answer:cache:dict', 'answer:')).toBe(false);
    expect(isSecurityKey('other:sms:login:1', 'answer:')).toBe(true);
    expect(isSecurityKey('prefix_user_token_abc', 'answer:')).toBe(true);
    expect(isSecurityKey('sys:cache:dict', 'answer:')).toBe(false);
    expect(withoutSecurityKeys(['0', ['a', 'answer:sms:x', 'b']], 'answer:')).toEqual(['0', ['a', 'b']]);
    expect(loggedLine('auth secret', true)).toBe('AUTH（参数已隐去）');
    expect(loggedLine('FLUSHALL', true)).toBe('FLUSHALL');
    expect(loggedLine('GET "a b"', false)).toBe('GET a b');
    expect(refusal('GET answer:sms:login:1')).toMatch(/不能在终端读取/);
    expect(refusal('GET plain')).toBe(null);
  });
});
