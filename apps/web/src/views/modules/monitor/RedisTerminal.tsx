import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { redisTerminalStatus, runRedisCommand } from '../../../api/monitor';
import { useCan } from '../../../permission/useCan';
import './monitor.css';

/** the button permission the server checks (modules/monitor/routes.ts REDIS_TERMINAL_PERM) */
export const TERMINAL_PERM = 'monitor:redis:terminal';

/** the commands the server lets through (read-only; SCAN's COUNT is capped at 1000, ranges at 200 elements) */
export const ALLOWED_HINT =
  'PING ECHO TIME DBSIZE INFO LASTSAVE ROLE TYPE EXISTS TTL PTTL GET STRLEN GETRANGE MGET HGET HMGET HLEN HEXISTS HSCAN LLEN LINDEX LRANGE SCARD SISMEMBER SSCAN ZCARD ZSCORE ZRANK ZRANGE ZSCAN SCAN MEMORY USAGE OBJECT';

interface Line {
  id: number;
  kind: 'cmd' | 'out' | 'err';
  text: string;
}

/** a reply as redis-cli prints it */
export function formatReply(v: unknown, indent = ''): string {
  if (v === null || v === undefined) return '(nil)';
  if (typeof v === 'number') return `(integer) ${v}`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '(empty array)';
    return v
      .map((x, i) => {
        const inner = formatReply(x, `${indent}   `);
        return `${i === 0 ? '' : indent}${i + 1}) ${inner}`;
      })
      .join('\n');
  }
  return String(v);
}

/**
 * Redis终端 (component modules/monitor/RedisTerminal): one allow-listed read-only command at a time; every
 * command is written to the operation log by the server. Needs the 执行Redis命令 button permission.
 */
export default function RedisTerminal() {
  const can = useCan();
  const allowed = can(TERMINAL_PERM) === 'allow';
  const [lines, setLines] = useState<Line[]>([]);
  const [command, setCommand] = useState('');
  const [busy, setBusy] = useState(false);
  const [past, setPast] = useState<string[]>([]);
  const [cursor, setCursor] = useState(-1);
  const seq = useRef(0);
  const out = useRef<HTMLDivElement>(null);
  // embedded mode has no Redis: say so at once instead of answering every command 未配置 Redis (issue 29)
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    redisTerminalStatus()
      .then((res) => live && res.success && setConfigured(res.result.configured))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [allowed]);

  const lineCount = lines.length;
  useEffect(() => {
    if (lineCount && out.current) out.current.scrollTop = out.current.scrollHeight;
  }, [lineCount]);

  const push = (kind: Line['kind'], text: string) =>
    setLines((l) => [...l, { id: ++seq.current, kind, text }].slice(-500));

  async function run() {
    const c = command.trim();
    if (!c || busy) return;
    setBusy(true);
    push('cmd', `> ${c}`);
    setPast((p) => [c, ...p.filter((x) => x !== c)].slice(0, 50));
    setCursor(-1);
    setCommand('');
    try {
      const res = await runRedisCommand(c);
      if (res.success) push('out', formatReply(res.result.reply));
      else push('err', `(error) ${res.message}`);
    } catch (err) {
      push('err', `(error) ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="answer-monitor-page">
      <Card size="small" title="Redis终端">
        {!allowed ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="没有执行 Redis 命令的权限（执行Redis命令）"
          />
        ) : null}
        {configured === false ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="redis-terminal-embedded"
            title="当前为嵌入式部署，未配置 Redis：缓存、验证码、限流都在服务进程内，终端没有可连接的 Redis。"
            description="以集群模式运行（设置 REDIS_URL）后即可在此执行只读命令；进程内缓存的概况见【Redis监控】。"
          />
        ) : null}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="只允许只读命令，每条命令都会记入操作日志；不允许 CONFIG、EVAL、FLUSH*、KEYS 和任何写命令。"
          description={<Typography.Text type="secondary">可用命令：{ALLOWED_HINT}</Typography.Text>}
        />
        <div ref={out} className="answer-monitor-terminal" data-testid="redis-terminal-output" aria-live="polite">
          {lines.length === 0 ? (
            <span>输入命令后按回车执行，例如 INFO memory、DBSIZE、SCAN 0 MATCH sys:* COUNT 100</span>
          ) : null}
          {lines.map((l) => (
            <div key={l.id} className={l.kind}>
              {l.text}
            </div>
          ))}
        </div>
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Input
            aria-label="Redis 命令"
            placeholder="命令"
            value={command}
            disabled={!allowed || configured === false}
            maxLength={2000}
            onChange={(e) => setCommand(e.target.value)}
            onPressEnter={() => void run()}
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp' && past.length) {
                const next = Math.min(cursor + 1, past.length - 1);
                setCursor(next);
                setCommand(past[next]);
                e.preventDefault();
              } else if (e.key === 'ArrowDown' && cursor >= 0) {
                const next = cursor - 1;
                setCursor(next);
                setCommand(next >= 0 ? past[next] : '');
                e.preventDefault();
              }
            }}
          />
          <Button type="primary" loading={busy} disabled={!allowed || configured === false} onClick={() => void run()}>
            执行
          </Button>
          <Button onClick={() => setLines([])}>清屏</Button>
        </Space.Compact>
      </Card>
    </div>
  );
}
