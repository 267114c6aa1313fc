import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ValueProps } from './value-props';

/**
 * The date and time widgets of the registry (`date`, `datetime`, `time`, `date-range`, `datetime-range`): a chunk of
 * their own, loaded the first time a form or query shows one (the picker is ~30 kB; ADR 022).
 */

const asDayjs = (v: unknown, fmt: string): Dayjs | null => {
  if (v === undefined || v === null || v === '') return null;
  const d = dayjs(String(v), fmt.length > 10 ? undefined : fmt);
  return d.isValid() ? d : dayjs(String(v)).isValid() ? dayjs(String(v)) : null;
};

/** a date (or date-time) as text: `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss` */
export function JDate({
  value,
  onChange,
  showTime,
  format,
  ...rest
}: ValueProps<string> & { showTime?: boolean; format?: string }) {
  const fmt = format ?? (showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  return (
    <DatePicker
      {...rest}
      showTime={showTime}
      format={fmt}
      style={{ width: '100%' }}
      value={asDayjs(value, fmt)}
      onChange={(d) => onChange?.(d ? d.format(fmt) : undefined)}
    />
  );
}

/** a time as `HH:mm:ss` */
export function JTime({ value, onChange, ...rest }: ValueProps<string>) {
  return (
    <TimePicker
      {...rest}
      style={{ width: '100%' }}
      value={value ? dayjs(`1970-01-01 ${value}`) : null}
      onChange={(d) => onChange?.(d ? d.format('HH:mm:ss') : undefined)}
    />
  );
}

/** a date range as two texts */
export function JDateRange({
  value,
  onChange,
  showTime,
  disabled,
  id,
}: ValueProps<[string, string]> & { showTime?: boolean }) {
  const fmt = showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  const [a, b] = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      disabled={disabled}
      showTime={showTime}
      format={fmt}
      style={{ width: '100%' }}
      value={[asDayjs(a, fmt), asDayjs(b, fmt)]}
      onChange={(v) => onChange?.(v?.[0] && v[1] ? [v[0].format(fmt), v[1].format(fmt)] : undefined)}
    />
  );
}
