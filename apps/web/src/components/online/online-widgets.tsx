import { Form, Input, InputNumber, Rate, Space } from 'antd';
import { lazyWidget, registerWidget, type ValueProps } from '../kit/widgets';

/**
 * Widgets only the online forms use, joined to the kit's registry (ADR 023): the popup record picker of a form field
 * (JPopup, its destination fields set in the same form), a star rating and a number range of the group-mode query.
 */

interface PopupProps extends ValueProps<string> {
  code: string;
  field?: string;
  orgFields: string;
  destFields: string;
  multi?: boolean;
}

const JPopupLazy = lazyWidget(
  () => import('../JPopup'),
  (m) => m.JPopup,
);

/** a form field of view `popup`: the report picker; every destination field of the pick is set in the form */
function OnlinePopup({
  value,
  onChange,
  code,
  field,
  orgFields,
  destFields,
  multi,
  disabled,
  placeholder,
  id,
}: PopupProps) {
  const form = Form.useFormInstance();
  if (!code) return <Input id={id} value={value ?? ''} disabled={disabled} placeholder={placeholder} readOnly />;
  return (
    <JPopupLazy
      id={id}
      code={code}
      field={field}
      orgFields={orgFields}
      destFields={destFields}
      multi={multi}
      disabled={disabled}
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      onCallback={(values: Record<string, unknown>) => form?.setFieldsValue(values)}
    />
  );
}

/** a star rating stored as a number */
function OnlineRate({ value, onChange, disabled, id }: ValueProps<number | string>) {
  const n = value === undefined || value === null || value === '' ? 0 : Number(value);
  return (
    <Rate id={id} disabled={disabled} allowHalf value={Number.isFinite(n) ? n : 0} onChange={(v) => onChange?.(v)} />
  );
}

/** a number range of a group-mode query: [begin, end] */
function OnlineNumberRange({ value, onChange, disabled, id }: ValueProps<[unknown, unknown]>) {
  const [a, b] = Array.isArray(value) ? value : [];
  const set = (i: 0 | 1, v: unknown) => {
    const next: [unknown, unknown] = [a, b];
    next[i] = v ?? undefined;
    onChange?.(next[0] === undefined && next[1] === undefined ? undefined : next);
  };
  return (
    <Space.Compact id={id} style={{ width: '100%' }}>
      <InputNumber
        style={{ width: '50%' }}
        disabled={disabled}
        placeholder="开始值"
        value={a as number}
        onChange={(v) => set(0, v)}
      />
      <InputNumber
        style={{ width: '50%' }}
        disabled={disabled}
        placeholder="结束值"
        value={b as number}
        onChange={(v) => set(1, v)}
      />
    </Space.Compact>
  );
}

registerWidget('online-popup', { component: OnlinePopup, picked: true });
registerWidget('online-rate', { component: OnlineRate, picked: true });
registerWidget('online-number-range', { component: OnlineNumberRange });
