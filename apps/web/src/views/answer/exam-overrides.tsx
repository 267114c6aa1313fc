import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { type AnswerReservation, RESERVATION_URLS } from '../../api/answer';
import { http } from '../../api/http';
import type { ExamOverride } from '../../api/quiz-exam';
import { registerWidget, renderWidget } from '../../components/kit';

/** the confirmed or checked-in reservations of a session (the outside persons and users who may sit the exam) */
function useSessionReservations(sessionId: string | undefined) {
  const [list, setList] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    setList([]);
    if (!sessionId) return;
    let live = true;
    http
      .get<{ records: AnswerReservation[] }>(RESERVATION_URLS.list, { sessionId, pageSize: 1000, pageNo: 1 })
      .then((res) => {
        if (!live) return;
        const rows = (res.result?.records ?? []).filter((r) => r.status === '1' || r.status === '2');
        setList(rows.map((r) => ({ value: r.id, label: `${r.name}（${r.reservationNo}）` })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [sessionId]);
  return list;
}

/**
 * 个人设置 of an exam (per-candidate overrides, e.g. for a disability): a named user gets extra minutes and/or a
 * window of their own. A form control: value / onChange of the override list the server stores with the exam.
 * A row names a system user, or a reservation of the exam's 答题场次 (an outside person signs in with its number).
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
  const form = Form.useFormInstance();
  const sessionId = Form.useWatch('sessionId', form) as string | undefined;
  const reservations = useSessionReservations(sessionId);
  const set = (i: number, patch: Partial<ExamOverride>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="exam-overrides" data-testid="exam-overrides">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional until saved
        <div key={i} className="exam-override-row">
          {r.reservationId != null && !r.userId ? (
            <Select
              className="exam-override-candidate"
              popupMatchSelectWidth={false}
              value={r.reservationId || undefined}
              placeholder={sessionId ? '选择预约考生' : '请先选择答题场次'}
              showSearch={{ optionFilterProp: 'label' }}
              options={
                r.reservationId && !reservations.some((o) => o.value === r.reservationId)
                  ? [{ value: r.reservationId, label: r.candidateName ?? r.reservationId }, ...reservations]
                  : reservations
              }
              onChange={(v: string) => set(i, { reservationId: v, userId: null, candidateName: null })}
              aria-label="预约考生"
              disabled={disabled}
            />
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
            className="exam-override-remark"
            value={r.remark ?? ''}
            maxLength={500}
            placeholder="备注（如：视障考生延长时间）"
            onChange={(e) => set(i, { remark: e.target.value })}
            disabled={disabled}
          />
          <Button
            className="exam-override-delete"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除此条个人设置"
            disabled={disabled}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Space wrap>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => onChange?.([...rows, { userId: null, extraMinutes: 0 }])}
        >
          添加个人设置
        </Button>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={disabled || !sessionId}
          title={sessionId ? undefined : '请先选择答题场次'}
          onClick={() => onChange?.([...rows, { userId: null, reservationId: '', extraMinutes: 0 }])}
        >
          添加预约考生设置
        </Button>
      </Space>
    </div>
  );
}

registerWidget('exam-overrides', { component: ExamOverridesEditor });
