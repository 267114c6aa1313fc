import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';

// ---------------------------------------------------------------------------------------------------------------
// Disks: every real mount of this node (Linux /proc/mounts; elsewhere the root), in JeecgBoot's queryDiskInfo shape

/** file-system types that are not disks */
const PSEUDO_FS = new Set([
  'proc',
  'sysfs',
  'devtmpfs',
  'devpts',
  'tmpfs',
  'cgroup',
  'cgroup2',
  'mqueue',
  'securityfs',
  'debugfs',
  'tracefs',
  'pstore',
  'bpf',
  'autofs',
  'hugetlbfs',
  'configfs',
  'fusectl',
  'binfmt_misc',
  'nsfs',
  'ramfs',
  'rpc_pipefs',
  'squashfs',
  'efivarfs',
  'selinuxfs',
  'fuse.gvfsd-fuse',
  'fuse.portal',
  'nfsd',
]);

export interface DiskInfo {
  /** mount point */
  name: string;
  /** total bytes */
  max: number;
  /** free bytes (unallocated, Java's getFreeSpace) */
  rest: number;
  /** used % (integer), JeecgBoot's restPPT */
  restPPT: number;
  /** bytes available to the server's user */
  usable: number;
  fsType: string;
  device: string;
}

/** `\040` style escapes of /proc/mounts */
const unescapeMount = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(Number.parseInt(o, 8)));

export function parseMounts(text: string): Array<{ device: string; mount: string; fsType: string }> {
  const out: Array<{ device: string; mount: string; fsType: string }> = [];
  for (const line of text.split('\n')) {
    const [device, mount, fsType] = line.split(' ');
    if (!device || !mount || !fsType || PSEUDO_FS.has(fsType)) continue;
    out.push({ device, mount: unescapeMount(mount), fsType });
  }
  return out;
}

export async function diskInfo(): Promise<DiskInfo[]> {
  let mounts: Array<{ device: string; mount: string; fsType: string }>;
  try {
    mounts = parseMounts(await fs.promises.readFile('/proc/mounts', 'utf8'));
  } catch {
    mounts = [{ device: '', mount: '/', fsType: '' }];
  }
  const out: DiskInfo[] = [];
  const seenSize = new Set<string>();
  const seenDevice = new Set<string>();
  for (const m of mounts) {
    try {
      // bind mounts of single files (/etc/hosts in a container) are not disks
      const st = await fs.promises.stat(m.mount);
      if (!st.isDirectory()) continue;
      // one row per device (its first directory mount); overlay mounts are told apart by their figures below
      if (m.device !== 'overlay' && seenDevice.has(m.device)) continue;
      seenDevice.add(m.device);
      const s = await fs.promises.statfs(m.mount);
      const max = s.blocks * s.bsize;
      if (max === 0) continue;
      // overlay mounts of the same backing file system answer the same figures: keep the first
      const key = `${s.type}:${s.blocks}:${s.bsize}:${m.device}`;
      if (seenSize.has(key)) continue;
      seenSize.add(key);
      const rest = s.bfree * s.bsize;
      out.push({
        name: m.mount,
        max,
        rest,
        restPPT: Math.floor(((max - rest) * 100) / max),
        usable: s.bavail * s.bsize,
        fsType: m.fsType,
        device: m.device,
      });
    } catch {
      /* unreadable mount: skipped */
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL (JeecgBoot has no such page): size, connections, cache hit ratio, longest running statements

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** each figure on its own: one the database cannot give (PGlite has no server statistics) is null */
async function attempt<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch {
    return null;
  }
}

export async function postgresStats(database: Database) {
  const db = database.db;
  const [version, size, settings, connections, cache, longest, tables] = await Promise.all([
    attempt(async () => (await queryRows<{ v: string }>(db, sql`select version() as v`))[0]?.v ?? null),
    attempt(async () => {
      const r = await queryRows<{ name: string; bytes: string }>(
        db,
        sql`select current_database() as name, pg_database_size(current_database()) as bytes`,
      );
      return r[0] ? { name: r[0].name, bytes: Number(r[0].bytes) } : null;
    }),
    attempt(async () => {
      const r = await queryRows<{ max: string; buffers: string }>(
        db,
        sql`select current_setting('max_connections') as max, current_setting('shared_buffers') as buffers`,
      );
      return r[0] ? { maxConnections: Number(r[0].max), sharedBuffers: r[0].buffers } : null;
    }),
    attempt(async () => {
      const r = await queryRows<{ state: string | null; n: string }>(
        db,
        sql`select coalesce(state, 'background') as state, count(*) as n from pg_stat_activity
            where datname = current_database() group by 1 order by 1`,
      );
      return r.map((x) => ({ state: x.state ?? 'background', count: Number(x.n) }));
    }),
    attempt(async () => {
      const r = await queryRows<Record<string, string | null>>(
        db,
        sql`select blks_hit, blks_read, xact_commit, xact_rollback, deadlocks, temp_bytes, tup_returned, tup_fetched,
                   tup_inserted, tup_updated, tup_deleted, stats_reset
            from pg_stat_database where datname = current_database()`,
      );
      const x = r[0];
      if (!x) return null;
      const hit = Number(x.blks_hit ?? 0);
      const read = Number(x.blks_read ?? 0);
      return {
        hitRatio: hit + read > 0 ? hit / (hit + read) : null,
        blocksHit: hit,
        blocksRead: read,
        commits: num(x.xact_commit),
        rollbacks: num(x.xact_rollback),
        deadlocks: num(x.deadlocks),
        tempBytes: num(x.temp_bytes),
        rowsReturned: num(x.tup_returned),
        rowsInserted: num(x.tup_inserted),
        rowsUpdated: num(x.tup_updated),
        rowsDeleted: num(x.tup_deleted),
      };
    }),
    attempt(async () => {
      // statement texts carry $n placeholders (values are always bound); cut to 300 characters
      const r = await queryRows<{
        pid: number;
        usename: string | null;
        state: string | null;
        seconds: string | null;
        wait: string | null;
        query: string | null;
      }>(
        db,
        sql`select pid, usename, state, extract(epoch from (now() - query_start)) as seconds,
                   wait_event_type as wait, left(query, 300) as query
            from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and state is not null and state <> 'idle'
            order by query_start asc nulls last limit 10`,
      );
      return r.map((x) => ({
        pid: Number(x.pid),
        user: x.usename,
        state: x.state,
        seconds: x.seconds === null ? null : Number(x.seconds),
        wait: x.wait,
        query: x.query,
      }));
    }),
    attempt(async () => {
      const r = await queryRows<{
        name: string;
        bytes: string;
        rows: string | null;
        seq: string | null;
        idx: string | null;
      }>(
        db,
        sql`select relname as name, pg_total_relation_size(relid) as bytes, n_live_tup as rows,
                   seq_scan as seq, idx_scan as idx
            from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 10`,
      );
      return r.map((x) => ({
        name: x.name,
        bytes: Number(x.bytes),
        rows: num(x.rows),
        seqScans: num(x.seq),
        indexScans: num(x.idx),
      }));
    }),
  ]);
  return {
    kind: database.kind,
    version,
    database: size?.name ?? null,
    sizeBytes: size?.bytes ?? null,
    maxConnections: settings?.maxConnections ?? null,
    sharedBuffers: settings?.sharedBuffers ?? null,
    connections,
    cache,
    longest,
    tables,
  };
}
