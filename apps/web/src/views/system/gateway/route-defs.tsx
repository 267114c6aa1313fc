import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { Button, Checkbox, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import type { RouteDef } from '../../../api/gateway';

/** predicates whose args are a list of strings (Spring Cloud Gateway shortcut form) */
const LIST_PREDICATES = ['Path', 'Method', 'Host', 'After', 'Before', 'Between', 'RemoteAddr'];
/** predicates whose args are `{field, regexp}` */
const KEYED_PREDICATES: Record<string, string> = { Header: 'header', Query: 'param', Cookie: 'name' };
/** what the server applies; anything else is stored and makes the route inert */
const APPLIED_PREDICATES = new Set(['Path', 'Method']);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

const strings = (args: unknown): string[] =>
  Array.isArray(args)
    ? args.map((a) => String(a && typeof a === 'object' && 'value' in a ? (a as { value: unknown }).value : a))
    : [];

/** first problem of the predicates, or null (the server checks everything again) */
export function predicatesError(defs: readonly RouteDef[] | undefined): string | null {
  for (const [i, d] of (defs ?? []).entries()) {
    const at = `第${i + 1}个断言：`;
    if (!d.name) return `${at}请选择类型`;
    if (d.name === 'Path') {
      const paths = strings(d.args);
      if (!paths.length) return `${at}请至少输入一个路径，如 /api/**`;
      const bad = paths.find((p) => !p.startsWith('/'));
      if (bad) return `${at}路径 ${bad} 必须以 / 开头`;
    }
  }
  return null;
}

export const predicatesRule: FormRule = {
  validator: async (_r, v: RouteDef[] | undefined) => {
    const failed = predicatesError(v);
    if (failed) throw new Error(failed);
  },
};

/** 路由断言: one row per predicate — its type and its arguments (a form widget: value = the predicates) */
export function PredicatesInput({
  value,
  onChange,
  disabled,
}: {
  value?: RouteDef[];
  onChange?: (v: RouteDef[]) => void;
  disabled?: boolean;
}) {
  const rows = value ?? [];
  const set = (i: number, next: RouteDef) => onChange?.(rows.map((r, j) => (j === i ? next : r)));
  return (
    <div data-testid="gateway-predicates">
      {rows.map((d, i) => {
        const keyed = KEYED_PREDICATES[d.name];
        const obj = (d.args && typeof d.args === 'object' && !Array.isArray(d.args) ? d.args : {}) as Record<
          string,
          string
        >;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: predicates have no identity of their own
          <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 8 }}>
            <Select
              aria-label="断言类型"
              style={{ width: 120, flex: 'none' }}
              value={d.name}
              disabled={disabled}
              options={[...LIST_PREDICATES, ...Object.keys(KEYED_PREDICATES)].map((n) => ({ value: n, label: n }))}
              onChange={(name) => set(i, { name, args: KEYED_PREDICATES[name] ? {} : [] })}
            />
            <div style={{ flex: 1, minWidth: 0 }}>
              {keyed ? (
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    placeholder={keyed}
                    value={obj[keyed] ?? ''}
                    disabled={disabled}
                    onChange={(e) => set(i, { name: d.name, args: { ...obj, [keyed]: e.target.value } })}
                  />
                  <Input
                    placeholder="regexp"
                    value={obj.regexp ?? ''}
                    disabled={disabled}
                    onChange={(e) => set(i, { name: d.name, args: { ...obj, regexp: e.target.value } })}
                  />
                </Space.Compact>
              ) : (
                <Select
                  aria-label={`${d.name} 参数`}
                  mode={d.name === 'Method' ? 'multiple' : 'tags'}
                  style={{ width: '100%' }}
                  value={strings(d.args)}
                  disabled={disabled}
                  tokenSeparators={[',', ' ']}
                  open={d.name === 'Method' ? undefined : false}
                  suffixIcon={null}
                  placeholder={d.name === 'Path' ? '输入路径后回车，如 /api/**' : '输入后回车'}
                  options={d.name === 'Method' ? METHODS.map((m) => ({ value: m, label: m })) : []}
                  onChange={(args: string[]) => set(i, { name: d.name, args: args.map((a) => a.trim()) })}
                />
              )}
              {!APPLIED_PREDICATES.has(d.name) && (
                <Typography.Text type="warning" style={{ fontSize: 12 }}>
                  本系统只执行 Path、Method 断言；含 {d.name} 的路由只保存、不转发
                </Typography.Text>
              )}
            </div>
            <Button
              type="text"
              aria-label="删除断言"
              icon={<MinusCircleOutlined />}
              disabled={disabled}
              onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { name: 'Path', args: [] }])}
      >
        添加断言
      </Button>
    </div>
  );
}

/** JeecgBoot's filter presets: kept as inert JSON (never evaluated here) */
const PRESETS: Record<string, RouteDef> = {
  Hystrix: {
    name: 'Hystrix',
    args: [
      { key: 'name', value: 'default' },
      { key: 'fallbackUri', value: 'forward:/fallback' },
    ],
  },
  RequestRateLimiter: {
    name: 'RequestRateLimiter',
    args: [
      { key: 'key-resolver', value: '#{@ipKeyResolver}' },
      { key: 'redis-rate-limiter.replenishRate', value: 20 },
      { key: 'redis-rate-limiter.burstCapacity', value: 20 },
    ],
  },
};

export function stripOf(defs: readonly RouteDef[] | undefined): number | null {
  const f = defs?.find((d) => d.name === 'StripPrefix');
  if (!f) return null;
  const [v] = strings(f.args);
  const n = Number(v);
  return Number.isInteger(n) ? n : 0;
}

/** 过滤器: StripPrefix and 转发用户凭证 applied by the server; the JeecgBoot presets stored as they are */
export function FiltersInput({
  value,
  onChange,
  disabled,
}: {
  value?: RouteDef[];
  onChange?: (v: RouteDef[]) => void;
  disabled?: boolean;
}) {
  const rows = value ?? [];
  const strip = stripOf(rows);
  const preserve = rows.some((d) => d.name === 'PreserveAuthHeaders');
  const others = rows.filter((d) => d.name !== 'StripPrefix' && d.name !== 'PreserveAuthHeaders');
  const emit = (s: number | null, p: boolean, rest: RouteDef[]) =>
    onChange?.([
      ...(s === null ? [] : [{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: String(s) }] }]),
      ...(p ? [{ name: 'PreserveAuthHeaders', args: [] }] : []),
      ...rest,
    ]);
  return (
    <div data-testid="gateway-filters" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Space wrap>
        <Checkbox
          checked={strip !== null}
          disabled={disabled}
          onChange={(e) => emit(e.target.checked ? 1 : null, preserve, others)}
        >
          去掉前缀（StripPrefix）
        </Checkbox>
        <InputNumber
          aria-label="去掉的路径段数"
          min={0}
          max={10}
          precision={0}
          value={strip ?? undefined}
          disabled={disabled || strip === null}
          suffix="段"
          style={{ width: 120 }}
          onChange={(v) => emit(typeof v === 'number' ? v : 0, preserve, others)}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          如 /api/a/b 去掉 1 段后转发为 /a/b
        </Typography.Text>
      </Space>
      <div>
        <Checkbox checked={preserve} disabled={disabled} onChange={(e) => emit(strip, e.target.checked, others)}>
          转发用户凭证（Authorization、X-Access-Token、Cookie）
        </Checkbox>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            默认不转发本系统用户的登录凭证；只对可信的目标服务勾选
          </Typography.Text>
        </div>
      </div>
      <div>
        {others.map((d, i) => (
          <Tag
            // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity of their own
            key={i}
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              emit(
                strip,
                preserve,
                others.filter((_, j) => j !== i),
              );
            }}
            title={JSON.stringify(d.args)}
          >
            {d.name}（仅保存）
          </Tag>
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 8 }}>
          JeecgBoot 预设（仅保存，不执行）：
        </Typography.Text>
        {Object.keys(PRESETS)
          .filter((n) => !others.some((d) => d.name === n))
          .map((n) => (
            <Button
              key={n}
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => emit(strip, preserve, [...others, PRESETS[n]])}
              style={{ marginRight: 8 }}
            >
              {n}
            </Button>
          ))}
      </div>
    </div>
  );
}
