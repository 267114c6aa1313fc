import fs from 'node:fs';
import os from 'node:os';
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Node runtime and system figures of this process (in place of the JVM's). Process-wide samplers, started once:
 * GC pauses (perf_hooks 'gc' entries), the event-loop delay histogram (20 ms resolution) and CPU deltas.
 * None keeps the process alive.
 */

interface GcStats {
  count: number;
  totalMs: number;
  maxMs: number;
  /** by kind: minor (scavenge), major (mark-sweep-compact), incremental, weakcb */
  byKind: Record<string, { count: number; totalMs: number }>;
}

const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

let started = false;
const gc: GcStats = { count: 0, totalMs: 0, maxMs: 0, byKind: {} };
/** kept at module level: an observer nobody references is collected and stops reporting */
let gcObserver: PerformanceObserver | undefined;
let loop: IntervalHistogram | undefined;
let threadsPeak = 0;

/** the event-loop delay histogram samples every LOOP_RESOLUTION_MS; its figures include that interval */
const LOOP_RESOLUTION_MS = 20;
/** the figures shown are those of the last complete window of this length */
export const LOOP_WINDOW_MS = 5000;
interface LoopStats {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
const ZERO_LOOP: LoopStats = { mean: 0, p50: 0, p90: 0, p99: 0, max: 0 };
let loopWindow: LoopStats = ZERO_LOOP;
let loopMaxEver = 0;

function readLoop(h: IntervalHistogram): LoopStats {
  if (h.count === 0) return ZERO_LOOP;
  // delay beyond the sampling interval, in ms
  const ms = (ns: number) => (Number.isFinite(ns) ? Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS) : 0);
  return {
    mean: ms(h.mean),
    p50: ms(h.percentile(50)),
    p90: ms(h.percentile(90)),
    p99: ms(h.percentile(99)),
    max: ms(h.max),
  };
}

/** starts the samplers (idempotent) */
export function startRuntimeSamplers() {
  if (started) return;
  started = true;
  try {
    gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        gc.count++;
        gc.totalMs += e.duration;
        if (e.duration > gc.maxMs) gc.maxMs = e.duration;
        const kind = GC_KINDS[(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
        gc.byKind[kind] ??= { count: 0, totalMs: 0 };
        const k = gc.byKind[kind];
        k.count++;
        k.totalMs += e.duration;
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
  } catch {
    /* gc entries unavailable: figures stay 0 */
  }
  const h = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  h.enable();
  loop = h;
  setInterval(() => {
    loopWindow = readLoop(h);
    if (loopWindow.max > loopMaxEver) loopMaxEver = loopWindow.max;
    h.reset();
  }, LOOP_WINDOW_MS).unref();
}

export function gcStats(): Readonly<GcStats> {
  return gc;
}

/**
 * event-loop delay in ms beyond the sampling interval: the last complete 5-s window (the current one until the
 * first window closes) and the largest window maximum since start
 */
export function eventLoopDelay(): LoopStats & { maxEver: number; windowMs: number } {
  const current = loopWindow === ZERO_LOOP && loop ? readLoop(loop) : loopWindow;
  return { ...current, maxEver: Math.max(loopMaxEver, current.max), windowMs: LOOP_WINDOW_MS };
}

/** OS threads of this process (Linux /proc; elsewhere the main thread + the libuv pool) */
export function threadCount(): number {
  let n = 1 + uvPoolSize();
  try {
    const m = /^Threads:\s+(\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) n = Number(m[1]);
  } catch {
    /* not Linux */
  }
  if (n > threadsPeak) threadsPeak = n;
  return n;
}

export function threadsPeakCount(): number {
  return Math.max(threadsPeak, threadCount());
}

export function uvPoolSize(): number {
  const n = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n > 0 ? n : 4;
}

/** open file descriptors (Linux /proc/self/fd), else null */
export function openFiles(): number | null {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/** the soft limit of open files (Linux /proc/self/limits), else null */
export function maxFiles(): number | null {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** active libuv handles and requests by type (sockets, timers, file reads …) */
export function activeResources(): { total: number; byType: Record<string, number> } {
  const list = process.getActiveResourcesInfo();
  const byType: Record<string, number> = {};
  for (const t of list) byType[t] = (byType[t] ?? 0) + 1;
  return { total: list.length, byType };
}

// CPU usage between two reads (at least 1 s apart; the first read measures from process start / boot)
let lastProc = { at: performance.now(), usage: process.cpuUsage() };
let lastSys = systemTimes();
let procUsage = 0;
let sysUsage = 0;
let sampledAt = 0;

function systemTimes() {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

function sampleCpu() {
  const now = performance.now();
  if (sampledAt && now - sampledAt < 1000) return;
  const usage = process.cpuUsage();
  const elapsedUs = (now - lastProc.at) * 1000;
  const cores = os.availableParallelism();
  const used = usage.user - lastProc.usage.user + (usage.system - lastProc.usage.system);
  procUsage = elapsedUs > 0 ? Math.min(1, used / (elapsedUs * cores)) : 0;
  const sys = systemTimes();
  const dt = sys.total - lastSys.total;
  sysUsage = dt > 0 ? Math.min(1, Math.max(0, 1 - (sys.idle - lastSys.idle) / dt)) : 0;
  lastProc = { at: now, usage };
  lastSys = sys;
  sampledAt = now;
}

/** share (0–1) of all cores used by this process since the previous sample */
export function processCpuUsage(): number {
  sampleCpu();
  return procUsage;
}

/** share (0–1) of all cores busy on the machine since the previous sample */
export function systemCpuUsage(): number {
  sampleCpu();
  return sysUsage;
}

/** old generation of the V8 heap (nearest to the JVM's old gen / GC data size) */
export function oldSpace() {
  const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'old_space');
  return {
    used: s?.space_used_size ?? 0,
    size: s?.space_size ?? 0,
    max: (s?.space_size ?? 0) + (s?.space_available_size ?? 0),
  };
}

/** the whole runtime snapshot our Node 运行时 page shows */
export function runtimeSnapshot() {
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const res = activeResources();
  return {
    node: process.version,
    v8: process.versions.v8,
    pid: process.pid,
    uptime: process.uptime(),
    startTime: Date.now() - process.uptime() * 1000,
    memory: {
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      heapLimit: heap.heap_size_limit,
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
      mallocedMemory: heap.malloced_memory,
      oldSpace: oldSpace(),
    },
    eventLoopDelay: eventLoopDelay(),
    gc: gcStats(),
    handles: res,
    threads: threadCount(),
    threadPool: uvPoolSize(),
    openFiles: openFiles(),
    maxFiles: maxFiles(),
    cpu: processCpuUsage(),
  };
}

export function systemSnapshot() {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: os.platform(),
    release: os.release(),
    type: os.type(),
    arch: os.arch(),
    cpuModel: cpus[0]?.model ?? '',
    cpuCount: os.availableParallelism(),
    systemCpu: systemCpuUsage(),
    processCpu: processCpuUsage(),
    loadAverage: os.loadavg(),
    totalMemory: os.totalmem(),
    freeMemory: os.freemem(),
    uptime: os.uptime(),
    processUptime: process.uptime(),
    processStartTime: Date.now() - process.uptime() * 1000,
    node: process.version,
  };
}
