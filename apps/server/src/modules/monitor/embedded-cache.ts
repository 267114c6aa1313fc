import os from 'node:os';
import type { MemoryKVStats } from '../../infra/kv.ts';

/** bytes → Redis' `used_memory_human` form (1.05M, 812.00K, 96B) */
export function humanBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)}G`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(2)}M`;
  if (n >= 1024) return `${(n / 1024).toFixed(2)}K`;
  return `${n}B`;
}

/**
 * The in-process cache of the embedded mode (no REDIS_URL) described as Redis' INFO text, so the Redis monitor's
 * endpoints answer it in their usual shapes (RedisInfo of both clients reads INFO keys, `dbSize`, `used_memory`):
 * `redis_mode:embedded` says what it is; memory is the store's approximate size, not the process's.
 */
export function embeddedInfoText(s: MemoryKVStats, now: number = Date.now()): string {
  const uptime = Math.max(0, Math.floor((now - s.startedAt) / 1000));
  const lines = [
    '# Server',
    'redis_version:embedded',
    'redis_mode:embedded',
    `os:${os.type()} ${os.release()} ${os.arch()}`,
    `arch_bits:${process.arch.endsWith('64') ? 64 : 32}`,
    `process_id:${process.pid}`,
    `uptime_in_seconds:${uptime}`,
    `uptime_in_days:${Math.floor(uptime / 86_400)}`,
    '',
    '# Clients',
    'connected_clients:0',
    'blocked_clients:0',
    '',
    '# Memory',
    `used_memory:${s.bytes}`,
    `used_memory_human:${humanBytes(s.bytes)}`,
    'maxmemory:0',
    'maxmemory_policy:noeviction',
    '',
    '# Stats',
    `total_commands_processed:${s.commands}`,
    `keyspace_hits:${s.hits}`,
    `keyspace_misses:${s.misses}`,
    `expired_keys:${s.expired}`,
    'evicted_keys:0',
    '',
    '# Replication',
    'role:master',
    'connected_slaves:0',
    '',
    '# Keyspace',
    ...(s.keys ? [`db0:keys=${s.keys},expires=${s.expires},avg_ttl=0`] : []),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
