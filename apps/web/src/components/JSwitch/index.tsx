import { Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import {
  DEFAULT_SWITCH_OPTIONS,
  isSwitchOn,
  type SwitchOptions,
  switchQueryOptions,
  switchValue,
} from './switch-logic';

export * from './switch-logic';

export interface JSwitchProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** [on, off] @default ['Y', 'N'] */
  options?: SwitchOptions;
  /** render the query variant: a 是 / 否 dropdown */
  query?: boolean;
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** Y / N switch (JeecgBoot JSwitch); `query` gives the 是 / 否 select of the query form. */
export function JSwitch({
  value,
  onChange,
  options = DEFAULT_SWITCH_OPTIONS,
  query,
  checkedChildren,
  unCheckedChildren,
  disabled,
  placeholder,
  id,
}: JSwitchProps) {
  if (query) {
    return (
      <Select
        id={id}
        allowClear
        disabled={disabled}
        placeholder={placeholder ?? '请选择'}
        value={value === undefined || value === null || value === '' ? undefined : String(value)}
        onChange={(v?: string) => onChange?.(v)}
        options={switchQueryOptions(options)}
      />
    );
  }
  return (
    <Switch
      id={id}
      disabled={disabled}
      checked={isSwitchOn(value, options)}
      checkedChildren={checkedChildren}
      unCheckedChildren={unCheckedChildren}
      onChange={(on) => onChange?.(switchValue(on, options))}
    />
  );
}

/** the query-form switch as its own component (a registry `query` entry) */
export function JSwitchQuery(props: Omit<JSwitchProps, 'query'>) {
  return <JSwitch {...props} query />;
}

export default JSwitch;
