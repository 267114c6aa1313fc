import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { Button, Input, Typography } from 'antd';
import type { RuleSegment } from '../../../api/rules';

const EMPTY: RuleSegment = { digits: '*', pattern: '', message: '' };
const DIGITS = /^(\*|[1-9]\d{0,2})$/;

/** The first problem of a segment list (位数 / 正则 / 提示 per row), or null. */
export function segmentsError(rules: readonly RuleSegment[] | undefined): string | null {
  if (!rules?.length) return '请至少设置一条规则';
  for (const [i, s] of rules.entries()) {
    const at = `第${i + 1}条规则：`;
    if (!s.digits?.trim()) return `${at}请输入位数`;
    if (!DIGITS.test(s.digits.trim())) return `${at}位数须为正整数或 *`;
    if (!s.pattern) return `${at}请输入正则表达式`;
    try {
      new RegExp(s.pattern);
    } catch {
      return `${at}正则表达式不正确`;
    }
    if (!s.message?.trim()) return `${at}请输入提示文本`;
  }
  return null;
}

export const segmentsRule: FormRule = {
  validator: async (_r, v: RuleSegment[] | undefined) => {
    const failed = segmentsError(v);
    if (failed) throw new Error(failed);
  },
};

/** rule_json segments of a check rule: rows of 位数 / 正则表达式 / 提示文本 (a form widget: value = the rows) */
export function RuleSegmentsInput({
  value,
  onChange,
  disabled,
}: {
  value?: RuleSegment[];
  onChange?: (v: RuleSegment[]) => void;
  disabled?: boolean;
}) {
  const rows = value ?? [];
  const set = (i: number, patch: Partial<RuleSegment>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="rule-editor">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        按顺序校验：位数为数字时依次截取对应位数的字符进行校验，位数为 * 时校验整个值；每一段须完整匹配正则。
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 8, fontWeight: 500, marginBottom: 4 }}>
        <span style={{ width: 90 }}>位数</span>
        <span style={{ flex: 2 }}>正则表达式</span>
        <span style={{ flex: 1.4 }}>提示文本</span>
        <span style={{ width: 22 }} />
      </div>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
          <Input
            style={{ width: 90 }}
            placeholder="* 或位数"
            value={r.digits}
            disabled={disabled}
            onChange={(e) => set(i, { digits: e.target.value })}
          />
          <Input
            style={{ flex: 2 }}
            placeholder="如 ^[a-zA-Z]$"
            maxLength={200}
            value={r.pattern}
            disabled={disabled}
            onChange={(e) => set(i, { pattern: e.target.value })}
          />
          <Input
            style={{ flex: 1.4 }}
            placeholder="校验未通过时的提示"
            maxLength={100}
            value={r.message}
            disabled={disabled}
            onChange={(e) => set(i, { message: e.target.value })}
          />
          <MinusCircleOutlined
            style={{ color: '#999' }}
            aria-label="删除规则"
            onClick={() => !disabled && onChange?.(rows.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { ...EMPTY }])}
      >
        添加规则
      </Button>
    </div>
  );
}

export { EMPTY as EMPTY_SEGMENT };
