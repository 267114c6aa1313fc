import os from 'node:os';
import v8 from 'node:v8';
import type { HttpMonitor } from './http-monitor.ts';
import {
  activeResources,
  eventLoopDelay,
  gcStats,
  maxFiles,
  oldSpace,
  openFiles,
  processCpuUsage,
  systemCpuUsage,
  threadCount,
  threadsPeakCount,
  uvPoolSize,
} from './runtime.ts';

/**
 * `/actuator/metrics/{name}` in Spring Boot 2.6's JSON shape: the JVM / Tomcat / process / system names JeecgBoot's
 * monitor pages ask for, each answered with the nearest Node figure (docs/monitoring-metrics.md has the table),
 * plus the Node names our own pages use.
 */

type Statistic = 'VALUE' | 'COUNT' | 'TOTAL_TIME' | 'MAX' | 'TOTAL' | 'ACTIVE_TASKS' | 'DURATION';

interface Metric {
  description: string;
  baseUnit: string | null;
  read(m: HttpMonitor): Array<[Statistic, number]>;
  tags?: Array<{ tag: string; values: string[] }>;
}

const value = (v: number | null): Array<[Statistic, number]> => [['VALUE', v ?? Number.NaN]];

const heap = () => v8.getHeapStatistics();

const METRICS: Record<string, Metric> = {
  // --- JVM names → V8 heap / libuv / process
  'jvm.memory.max': {
    description: 'V8 堆上限（heap_size_limit）',
    baseUnit: 'bytes',
    read: () => value(heap().heap_size_limit),
    tags: [{ tag: 'area', values: ['heap'] }],
  },
  'jvm.memory.committed': {
    description: 'V8 已申请的堆（heapTotal）',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage().heapTotal),
    tags: [{ tag: 'area', values: ['heap'] }],
  },
  'jvm.memory.used': {
    description: 'V8 已使用的堆（heapUsed）',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage().heapUsed),
    tags: [{ tag: 'area', values: ['heap'] }],
  },
  'jvm.buffer.memory.used': {
    description: 'ArrayBuffer / Buffer 占用的内存（arrayBuffers）',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage().arrayBuffers),
  },
  'jvm.buffer.total.capacity': {
    description: '堆外内存（external）',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage().external),
  },
  'jvm.buffer.count': {
    description: '活动的 libuv 句柄与请求数',
    baseUnit: null,
    read: () => value(activeResources().total),
  },
  'jvm.threads.live': {
    description: '进程的操作系统线程数（主线程、libuv 线程池、V8 后台线程）',
    baseUnit: 'threads',
    read: () => value(threadCount()),
  },
  'jvm.threads.daemon': {
    description: 'libuv 线程池大小（UV_THREADPOOL_SIZE）',
    baseUnit: 'threads',
    read: () => value(uvPoolSize()),
  },
  'jvm.threads.peak': {
    description: '观察到的最大线程数',
    baseUnit: 'threads',
    read: () => value(threadsPeakCount()),
  },
  'jvm.classes.loaded': {
    description: 'V8 原生上下文数（number_of_native_contexts）',
    baseUnit: 'classes',
    read: () => value(heap().number_of_native_contexts),
  },
  'jvm.classes.unloaded': {
    description: 'V8 已分离的上下文数（number_of_detached_contexts，持续增长说明有泄漏）',
    baseUnit: 'classes',
    read: () => value(heap().number_of_detached_contexts),
  },
  'jvm.gc.memory.allocated': {
    description: 'V8 通过 malloc 申请的内存（malloced_memory）',
    baseUnit: 'bytes',
    read: () => value(heap().malloced_memory),
  },
  'jvm.gc.memory.promoted': {
    description: 'V8 malloc 内存峰值（peak_malloced_memory）',
    baseUnit: 'bytes',
    read: () => value(heap().peak_malloced_memory),
  },
  'jvm.gc.max.data.size': {
    description: 'V8 老生代可达到的大小（old_space size + available）',
    baseUnit: 'bytes',
    read: () => value(oldSpace().max),
  },
  'jvm.gc.live.data.size': {
    description: 'V8 老生代已使用（old_space used）',
    baseUnit: 'bytes',
    read: () => value(oldSpace().used),
  },
  'jvm.gc.pause': {
    description: 'GC 停顿（perf_hooks gc 记录）',
    baseUnit: 'seconds',
    read: () => {
      const g = gcStats();
      return [
        ['COUNT', g.count],
        ['TOTAL_TIME', g.totalMs / 1000],
        ['MAX', g.maxMs / 1000],
      ];
    },
    tags: [
      { tag: 'action', values: ['end of minor GC', 'end of major GC'] },
      { tag: 'cause', values: ['V8'] },
    ],
  },
  // --- Tomcat names → this node's HTTP server
  'tomcat.sessions.created': {
    description: '已接受的 TCP 连接数',
    baseUnit: 'sessions',
    read: (m) => value(m.connectionsOpened),
  },
  'tomcat.sessions.expired': {
    description: '已关闭的 TCP 连接数',
    baseUnit: 'sessions',
    read: (m) => value(m.connectionsClosed),
  },
  'tomcat.sessions.active.current': {
    description: '当前打开的 TCP 连接数',
    baseUnit: 'sessions',
    read: (m) => value(m.connectionsOpen),
  },
  'tomcat.sessions.active.max': {
    description: '同时打开的 TCP 连接数峰值',
    baseUnit: 'sessions',
    read: (m) => value(m.connectionsPeak),
  },
  'tomcat.sessions.rejected': {
    description: '被拒绝的请求数（429 限流、503 停机或故障）',
    baseUnit: 'sessions',
    read: (m) => value(m.rejected),
  },
  'tomcat.global.request': {
    description: '已处理的请求',
    baseUnit: 'seconds',
    read: (m) => [
      ['COUNT', m.requests],
      ['TOTAL_TIME', m.totalMs / 1000],
    ],
  },
  'tomcat.global.request.max': {
    description: '最长请求耗时',
    baseUnit: 'seconds',
    read: (m) => value(m.maxMs / 1000),
  },
  'tomcat.global.error': {
    description: '以 5xx 应答的请求数',
    baseUnit: 'errors',
    read: (m) => value(m.statusClasses[5]),
  },
  'tomcat.threads.busy': {
    description: '活动的 libuv 句柄与请求数',
    baseUnit: 'threads',
    read: () => value(activeResources().total),
  },
  'http.server.requests': {
    description: 'HTTP 请求（本节点）',
    baseUnit: 'seconds',
    read: (m) => [
      ['COUNT', m.requests],
      ['TOTAL_TIME', m.totalMs / 1000],
      ['MAX', m.maxMs / 1000],
    ],
    tags: [
      { tag: 'status', values: ['1xx', '2xx', '3xx', '4xx', '5xx'] },
      { tag: 'outcome', values: ['SUCCESS', 'REDIRECTION', 'CLIENT_ERROR', 'SERVER_ERROR'] },
    ],
  },
  // --- process / system
  'process.start.time': {
    description: '进程启动时间（Unix 秒）',
    baseUnit: 'seconds',
    read: () => value((Date.now() - process.uptime() * 1000) / 1000),
  },
  'process.uptime': {
    description: '进程运行时长',
    baseUnit: 'seconds',
    read: () => value(process.uptime()),
  },
  'process.cpu.usage': {
    description: '本进程占全部 CPU 的比例（0–1）',
    baseUnit: null,
    read: () => value(processCpuUsage()),
  },
  'process.files.open': {
    description: '打开的文件描述符',
    baseUnit: 'files',
    read: () => value(openFiles()),
  },
  'process.files.max': {
    description: '文件描述符上限',
    baseUnit: 'files',
    read: () => value(maxFiles()),
  },
  'process.memory.rss': {
    description: '常驻内存（RSS）',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage.rss()),
  },
  'system.cpu.count': {
    description: '可用 CPU 核数',
    baseUnit: null,
    read: () => value(os.availableParallelism()),
  },
  'system.cpu.usage': {
    description: '整机 CPU 使用率（0–1）',
    baseUnit: null,
    read: () => value(systemCpuUsage()),
  },
  'system.load.average.1m': {
    description: '1 分钟平均负载',
    baseUnit: null,
    read: () => value(os.loadavg()[0]),
  },
  'system.memory.total': {
    description: '整机内存',
    baseUnit: 'bytes',
    read: () => value(os.totalmem()),
  },
  'system.memory.free': {
    description: '整机空闲内存',
    baseUnit: 'bytes',
    read: () => value(os.freemem()),
  },
  // --- Node names
  'nodejs.eventloop.delay': {
    description: '事件循环延迟（毫秒，最近 5 秒的平均值与最大值）',
    baseUnit: 'milliseconds',
    read: () => {
      const d = eventLoopDelay();
      return [
        ['VALUE', d.mean],
        ['MAX', d.max],
      ];
    },
  },
  'nodejs.active.handles': {
    description: '活动的 libuv 句柄与请求数',
    baseUnit: null,
    read: () => value(activeResources().total),
  },
  'nodejs.heap.used': {
    description: 'V8 已使用的堆',
    baseUnit: 'bytes',
    read: () => value(process.memoryUsage().heapUsed),
  },
};

export const METRIC_NAMES: readonly string[] = Object.keys(METRICS).sort();

/** the actuator JSON of one metric, or undefined for an unknown name */
export function actuatorMetric(name: string, m: HttpMonitor) {
  const def = Object.hasOwn(METRICS, name) ? METRICS[name] : undefined;
  if (!def) return undefined;
  return {
    name,
    description: def.description,
    baseUnit: def.baseUnit,
    measurements: def.read(m).map(([statistic, v]) => ({ statistic, value: v })),
    availableTags: def.tags ?? [],
  };
}
