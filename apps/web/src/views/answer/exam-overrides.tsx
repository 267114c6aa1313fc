import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber } from 'antd';
import type { ExamOverride } from '../../api/quiz-exam';
import { registerWidget, renderWidget } from '../../components/kit';

/**
 * 个人设置 of an exam (per-candidate overrides, e.g. for a disability): a named user gets extra minutes and/or a
 * window of their own. A form control: value / onChange of the override list the server stores with the exam.
 */
export function ExamOverridesEditor({
  value,
  onChange,
  disabled,
}: {
  value?: ExamOverride[] | null;
  onChange?: (v: ExamOverride[]) => void;
  disabled?: boolean;
}) {
  const rows = value ?? [];
  const set = (i: number, patch: Partial<ExamOverride>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="exam-overrides" data-testid="exam-overrides">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional until saved
        <div key={i} className="exam-override-row">
          {r.reservationId && !r.userId ? (
            <Input value={r.candidateName ?? r.reservationId} disabled aria-label="预约考生" />
          ) : (
            renderWidget({
              widget: 'user',
              label: '考生',
              props: {
                value: r.userId ?? '',
                store: 'id',
                multiple: false,
                onChange: (v: string) => set(i, { userId: v || null, reservationId: null }),
                'aria-label': '考生',
              },
              disabled,
            })
          )}
          <InputNumber
            min={0}
            max={1440}
            precision={0}
            value={r.extraMinutes ?? 0}
            onChange={(v) => set(i, { extraMinutes: v ?? 0 })}
            addonAfter="分钟"
            aria-label="延长时间（分钟）"
            disabled={disabled}
          />
          {renderWidget({
            widget: 'datetime',
            label: '个人开始时间',
            props: { value: r.startTime ?? undefined, onChange: (v: string) => set(i, { startTime: v || null }) },
            disabled,
          })}
          {renderWidget({
            widget: 'datetime',
            label: '个人结束时间',
            props: { value: r.endTime ?? undefined, onChange: (v: string) => set(i, { endTime: v || null }) },
            disabled,
          })}
          <Input
            value={r.remark ?? ''}
            maxLength={500}
            placeholder="备注（如：视障考生延长时间）"
            onChange={(e) => set(i, { remark: e.target.value })}
            disabled={disabled}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除此条个人设置"
            disabled={disabled}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...rows, { userId: null, extraMinutes: 0 }])}
      >
        添加个人设置
      </Button>
    </div>
  );
}

registerWidget('exam-overrides', { component: ExamOverridesEditor });
