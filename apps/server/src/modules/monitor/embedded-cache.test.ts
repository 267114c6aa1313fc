import { describe, expect, it } from 'vitest';
import { MemoryKV } from '../../infra/kv.ts';
import { embeddedInfoText, humanBytes } from './embedded-cache.ts';
import { parseInfo } from './redis.ts';

describe('the in-process cache as Redis INFO (embedded mode)', () => {
  it('counts live keys, expiries, hits, misses and expired keys', async () => {
    const kv = new MemoryKV(60_000);
    await kv.set('a', 'x'.repeat(100));
    await kv.set('b', 'y', 60_000);
    await kv.set('gone', 'z', 1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await kv.get('a')).not.toBeNull();
    expect(await kv.get('nope')).toBeNull();
    expect(await kv.get('gone')).toBeNull();
    const s = kv.stats();
    expect(s).toMatchObject({ keys: 2, expires: 1, hits: 1, misses: 2, expired: 1 });
    expect(s.bytes).toBeGreaterThan(200);
    const info = parseInfo(embeddedInfoText(s, s.startedAt + 90_061_000));
    expect(info.server).toMatchObject({ redis_mode: 'embedded', uptime_in_days: '1', uptime_in_seconds: '90061' });
    expect(info.memory.used_memory).toBe(String(s.bytes));
    expect(info.stats).toMatchObject({ keyspace_hits: '1', keyspace_misses: '2', expired_keys: '1' });
    expect(info.keyspace.db0).toBe('keys=2,expires=1,avg_ttl=0');
    await kv.close();
  });

  it('writes memory like Redis does', () => {
    expect([96, 2048, 3 * 1024 ** 2, 5 * 1024 ** 3].map(humanBytes)).toEqual(['96B', '2.00K', '3.00M', '5.00G']);
  });
});
