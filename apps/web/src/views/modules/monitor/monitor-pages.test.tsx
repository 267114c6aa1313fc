import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { HttpTrace as Trace } from '../../../api/monitor';
import { useSession } from '../../../stores/session';
import { type Call, envelope, mockApi, renderPage, respond } from '../../../test/mock-api';
import { arcPoint, linePoints, niceScale, stepDecimals } from './charts';
import DiskMonitoring from './DiskMonitoring';
import HttpTrace, { pathOf, visibleTraces } from './HttpTrace';
import JvmInfo from './JvmInfo';
import { formatBytes, formatDuration } from './monitor-kit';
import RedisInfo from './RedisInfo';
import RedisTerminal, { formatReply, TERMINAL_PERM } from './RedisTerminal';
import { requestRates } from './TomcatInfo';

/** antd pages render slowly in jsdom on a busy machine */
const SLOW = { timeout: 10_000 };
const render = (ui: ReactElement) => renderPage(ui);

const ok = (result: unknown, message = '') => envelope(result, { message });
const fail = (message: string) => envelope(null, { success: false, message, code: 500 });

/** answers by URL path (the shapes the server gives; its own tests check the server side) */
const api = mockApi({ otherwise: () => respond({}, 404) });

const trace = (method: string, uri: string, status = 200): Trace => ({
  timestamp: '2026-01-02T03:04:05.000Z',
  principal: { name: 'admin' },
  request: { method, uri, headers: { 'x-access-token': ['******'] }, remoteAddress: '127.0.0.1' },
  response: { status, headers: {} },
  timeTaken: 12,
});

describe('monitor helpers', () => {
  it('scales axes, lines and gauges', () => {
    expect(niceScale(0)).toEqual({ top: 1, step: 0.25 });
    expect(niceScale(87)).toEqual({ top: 100, step: 25 });
    expect(niceScale(3.2)).toEqual({ top: 4, step: 1 });
    expect([0.25, 0.5, 5, 2.5].map(stepDecimals)).toEqual([2, 1, 0, 1]);
    // counts: whole-number ticks
    expect(niceScale(1, 4, true)).toEqual({ top: 1, step: 1 });
    expect(niceScale(0, 4, true)).toEqual({ top: 4, step: 1 });
    expect(niceScale(6, 4, true)).toEqual({ top: 6, step: 2 });
    // newest sample at the right edge; older slots empty
    expect(linePoints([0, 10], 3, { left: 0, right: 100, top: 0, bottom: 50 }, 10)).toBe('50.0,50.0 100.0,0.0');
    const [x, y] = arcPoint(50, 90, 85, 70);
    expect(x).toBeCloseTo(90);
    expect(y).toBeCloseTo(15);
    expect(arcPoint(0, 90, 85, 70)[0]).toBeCloseTo(20);
  });

  it('formats figures', () => {
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatBytes(null)).toBe('—');
    expect(formatDuration(90061)).toBe('1天 1小时 1分');
    expect(formatDuration(65)).toBe('1分 5秒');
    expect(
      requestRates([
        { time: 0, requests: 10 },
        { time: 2000, requests: 30 },
      ]),
    ).toEqual([0, 10]);
    expect(formatReply(['a', 3, null])).toBe('1) "a"\n2) (integer) 3\n3) (nil)');
  });

  it('drops preflights and the trace page itself from the request list', () => {
    const all = [
      trace('GET', 'http://h/jeecg-boot/sys/user/list?token=******'),
      trace('OPTIONS', 'http://h/jeecg-boot/sys/user/list'),
      trace('GET', 'http://h/jeecg-boot/actuator/httptrace'),
    ];
    expect(visibleTraces(all)).toHaveLength(1);
    expect(pathOf(all[0].request.uri)).toBe('/jeecg-boot/sys/user/list?token=******');
  });
});

describe('monitor pages', { timeout: 40_000 }, () => {
  it('JVM信息 shows the Node runtime with its charts', async () => {
    api.answers = {
      '/sys/monitor/node': ok({
        node: 'v20.0.0',
        v8: '11',
        pid: 42,
        uptime: 3661,
        startTime: Date.now() - 3661_000,
        memory: {
          rss: 200 * 1024 ** 2,
          heapUsed: 70 * 1024 ** 2,
          heapTotal: 90 * 1024 ** 2,
          heapLimit: 4 * 1024 ** 3,
          external: 1,
          arrayBuffers: 1,
          mallocedMemory: 1,
          oldSpace: { used: 1, size: 1, max: 2 },
        },
        eventLoopDelay: { mean: 1, p50: 1, p90: 2, p99: 3.5, max: 4, maxEver: 9, windowMs: 5000 },
        gc: { count: 7, totalMs: 12.5, maxMs: 3, byKind: { minor: { count: 7, totalMs: 12.5 } } },
        handles: { total: 3, byType: { TCPSocketWrap: 3 } },
        threads: 11,
        threadPool: 4,
        openFiles: 20,
        maxFiles: 1024,
        cpu: 0.05,
        time: Date.now(),
      }),
    };
    render(<JvmInfo />);
    expect(await screen.findByText('v20.0.0', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('70.0 MB')).toBeTruthy();
    expect(screen.getByText('3.50 ms')).toBeTruthy();
    expect(screen.getByRole('img', { name: '内存趋势' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '事件循环延迟趋势' })).toBeTruthy();
    expect(screen.getByText('minor')).toBeTruthy();
    expect(screen.getByText('TCPSocketWrap')).toBeTruthy();
  });

  it('Redis监控 says 未配置 Redis in embedded mode', async () => {
    api.answers = {
      '/sys/monitor/redis': fail('未配置 Redis'),
      '/sys/actuator/redis/info': fail('未配置 Redis'),
    };
    render(<RedisInfo />);
    expect(await screen.findByText('未配置 Redis', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(/REDIS_URL/)).toBeTruthy();
  });

  it('Redis监控 lists INFO properties with their descriptions', async () => {
    api.answers = {
      '/sys/monitor/redis': ok({
        dbSize: 12,
        info: { server: { redis_version: '7.0.15' }, memory: { used_memory: '1000000', used_memory_human: '976.56K' } },
        time: Date.now(),
      }),
      '/sys/actuator/redis/info': ok([{ key: 'redis_version', value: '7.0.15', description: 'Redis 服务器版本' }]),
    };
    render(<RedisInfo />);
    expect(await screen.findByText('Redis 服务器版本', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('976.56K')).toBeTruthy();
    expect(screen.getByRole('img', { name: '内存占用趋势' })).toBeTruthy();
  });

  it('磁盘监控 shows one gauge per mount', async () => {
    api.answers = {
      '/sys/actuator/queryDiskInfo': ok(
        [
          {
            name: '/',
            max: 100 * 1024 ** 3,
            rest: 25 * 1024 ** 3,
            restPPT: 75,
            usable: 20 * 1024 ** 3,
            fsType: 'ext4',
            device: '/dev/vda',
          },
          {
            name: '/data',
            max: 10 * 1024 ** 3,
            rest: 9 * 1024 ** 3,
            restPPT: 10,
            usable: 9 * 1024 ** 3,
            fsType: 'xfs',
            device: '/dev/vdb',
          },
        ],
        '查询成功',
      ),
    };
    render(<DiskMonitoring />);
    expect(await screen.findByRole('img', { name: '/ 75.0%' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('img', { name: '/data 10.0%' })).toBeTruthy();
    expect(screen.getByText('/dev/vdb')).toBeTruthy();
  });

  it('请求追踪 lists requests and says the buffer is per node', async () => {
    api.answers = {
      '/actuator/httptrace': {
        traces: [
          trace('POST', 'http://h/jeecg-boot/sys/user/add', 500),
          trace('GET', 'http://h/jeecg-boot/actuator/httptrace'),
        ],
      },
    };
    render(<HttpTrace />);
    expect(await screen.findByText('/jeecg-boot/sys/user/add', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.queryByText('/jeecg-boot/actuator/httptrace')).toBeNull();
    expect(screen.getByText(/每个节点在自己的内存中保存/)).toBeTruthy();
  });

  it('Redis终端 runs a command for a user with the button and shows refusals', async () => {
    useSession.setState({ auth: [{ action: TERMINAL_PERM, type: '1', describe: '' }], allAuth: [] });
    api.answers = {
      '/sys/monitor/redis/terminal/status': ok({ configured: true }),
      '/sys/monitor/redis/terminal': (call: Call) => {
        const command = call.body?.command;
        return command === 'DBSIZE' ? ok({ command, reply: 5, took: 1 }) : fail('不允许执行 CONFIG');
      },
    };
    render(<RedisTerminal />);
    const input = screen.getByLabelText('Redis 命令');
    fireEvent.change(input, { target: { value: 'DBSIZE' } });
    // a key press (rc-input takes one Enter per key press: down, then up)
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('(integer) 5', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
    fireEvent.change(input, { target: { value: 'CONFIG GET *' } });
    // a key press (rc-input takes one Enter per key press: down, then up)
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });

    expect(await screen.findByText('(error) 不允许执行 CONFIG', undefined, SLOW)).toBeTruthy();
    expect(api.callsTo('/sys/monitor/redis/terminal')).toHaveLength(2);
  });

  it('Redis终端 says at once that the embedded mode has no Redis, and takes no command (issue 29)', async () => {
    useSession.setState({ auth: [{ action: TERMINAL_PERM, type: '1', describe: '' }], allAuth: [] });
    api.answers = { '/sys/monitor/redis/terminal/status': ok({ configured: false }) };
    render(<RedisTerminal />);
    expect(await screen.findByText(/当前为嵌入式部署，未配置 Redis/, undefined, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Redis 命令') as HTMLInputElement).disabled).toBe(true);
    expect(api.callsTo('/sys/monitor/redis/terminal')).toHaveLength(0);
  });

  it('Redis终端 is read-only for a user without the button', async () => {
    useSession.setState({ auth: [], allAuth: [] });
    api.answers = {};
    render(<RedisTerminal />);
    expect(screen.getByText(/没有执行 Redis 命令的权限/)).toBeTruthy();
    expect((screen.getByLabelText('Redis 命令') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });
});
