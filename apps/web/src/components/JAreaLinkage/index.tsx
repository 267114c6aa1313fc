import { Alert, Cascader, Select, Space, Spin } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { areaDataNow, loadAreaData } from './area-data';
import {
  AREA_ROOT,
  type AreaData,
  type AreaSaveCode,
  areaOptions,
  BAD_TYPE_MESSAGE,
  checkAreaType,
  childrenOf,
  nameOf,
  namesOf,
  pathToValue,
  valueToPath,
} from './area-logic';

export { loadAreaData } from './area-data';
export * from './area-logic';

/** the area data, loaded on first use */
export function useAreaData(): { data?: AreaData; error?: boolean } {
  const [state, setState] = useState<{ data?: AreaData; error?: boolean }>(() => ({ data: areaDataNow() }));
  useEffect(() => {
    if (state.data) return;
    let alive = true;
    loadAreaData().then(
      (data) => alive && setState({ data }),
      () => alive && setState({ error: true }),
    );
    return () => {
      alive = false;
    };
  }, [state.data]);
  return state;
}

export interface JAreaLinkageProps {
  /** the stored code (the deepest picked), or the comma path with saveCode 'all' */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** cascader (default) or three selects; anything else shows 'Bad type value' */
  type?: string;
  saveCode?: AreaSaveCode;
  disabled?: boolean;
  placeholder?: string;
  /** let a province or a city be picked without going down to a district */
  changeOnSelect?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** Province / city / district picker (JeecgBoot JAreaLinkage, online form view 'pca'). */
export function JAreaLinkage({
  value,
  onChange,
  type = 'cascader',
  saveCode = 'region',
  disabled,
  placeholder = '请选择省市区',
  changeOnSelect,
  style,
  id,
}: JAreaLinkageProps) {
  const { data, error } = useAreaData();
  const options = useMemo(() => (data ? areaOptions(data) : []), [data]);
  let kind: ReturnType<typeof checkAreaType>;
  try {
    kind = checkAreaType(type);
  } catch {
    return <Alert type="error" showIcon title={BAD_TYPE_MESSAGE} />;
  }
  if (error) return <Alert type="error" showIcon title="省市区数据加载失败" />;
  if (!data) return <Spin size="small" />;
  const path = valueToPath(data, value, saveCode);
  const emit = (p: string[]) => onChange?.(pathToValue(p, saveCode));
  if (kind === 'cascader') {
    return (
      <Cascader
        id={id}
        style={{ width: '100%', ...style }}
        options={options}
        value={path}
        disabled={disabled}
        placeholder={placeholder}
        changeOnSelect={changeOnSelect}
        allowClear
        showSearch={{ filter: (input, opts) => opts.some((o) => String(o.label).includes(input)) }}
        onChange={(p) => emit((p as string[] | undefined) ?? [])}
      />
    );
  }
  const levels = [AREA_ROOT, path[0], path[1]];
  const labels = ['请选择省', '请选择市', '请选择区'];
  return (
    <Space.Compact id={id} style={{ width: '100%', ...style }}>
      {levels.map((parent, i) => (
        <Select
          key={labels[i]}
          style={{ width: '33.4%' }}
          disabled={disabled || !parent}
          placeholder={labels[i]}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={path[i]}
          options={parent ? childrenOf(data, parent).map((c) => ({ value: c, label: nameOf(data, c) })) : []}
          onChange={(c?: string) => emit(c ? [...path.slice(0, i), c] : path.slice(0, i))}
        />
      ))}
    </Space.Compact>
  );
}

/** the names of a stored area value ('北京市/北京市/东城区'), for lists and detail views */
export function JAreaText({ value, separator = '/' }: { value?: string | null; separator?: string }) {
  const { data } = useAreaData();
  if (!value) return <span>-</span>;
  if (!data) return <span>{value}</span>;
  const codes = String(value).split(',');
  return <span>{namesOf(data, codes[codes.length - 1], separator) || value}</span>;
}

export default JAreaLinkage;
