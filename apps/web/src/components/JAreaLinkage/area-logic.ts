/**
 * Pure logic of the area linkage (spec 02 §3 "Area data", §5, §9): China's administrative divisions in three
 * levels (province / city / district) under the root '86', six-digit GB/T 2260 codes as JeecgBoot stores them
 * ('110000' 北京市, '110100' 北京市 (city level), '110101' 东城区).
 *
 * The data has the shape of `@vant/area-data`'s `areaList` (code → name per level); it is passed in, so this file
 * holds no data and stays out of every bundle that only needs the functions.
 */

export const AREA_ROOT = '86';

/** the message of a widget type other than cascader / select (spec 02 §5) */
export const BAD_TYPE_MESSAGE = 'Bad type value';

export interface AreaData {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

export type AreaLevel = 'province' | 'city' | 'district';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** how the widget draws: a cascader or three selects */
export type AreaType = 'cascader' | 'select';

export function checkAreaType(type: string): AreaType {
  if (type === 'cascader' || type === 'select') return type;
  throw new Error(BAD_TYPE_MESSAGE);
}

/** the level of a code in the data, or undefined when the data has no such code */
export function levelOf(data: AreaData, code: string | null | undefined): AreaLevel | undefined {
  if (!code) return undefined;
  if (data.province_list[code] !== undefined) return 'province';
  if (data.city_list[code] !== undefined) return 'city';
  if (data.county_list[code] !== undefined) return 'district';
  return undefined;
}

/** the child codes of a code ('86' → provinces), in code order */
export function childrenOf(data: AreaData, parent: string): string[] {
  if (parent === AREA_ROOT) return Object.keys(data.province_list).sort();
  const level = levelOf(data, parent);
  if (level === 'province') {
    const prefix = parent.slice(0, 2);
    return Object.keys(data.city_list)
      .filter((c) => c.startsWith(prefix))
      .sort();
  }
  if (level === 'city') {
    const prefix = parent.slice(0, 4);
    return Object.keys(data.county_list)
      .filter((c) => c.startsWith(prefix))
      .sort();
  }
  return [];
}

/** the name of one code ('' when unknown) */
export function nameOf(data: AreaData, code: string): string {
  return data.province_list[code] ?? data.city_list[code] ?? data.county_list[code] ?? '';
}

/** the codes from the province down to the given code: '110101' → ['110000', '110100', '110101']; [] if unknown */
export function pathOf(data: AreaData, code: string | null | undefined): string[] {
  const level = levelOf(data, code);
  if (!level || !code) return [];
  const province = `${code.slice(0, 2)}0000`;
  if (level === 'province') return [code];
  const city = `${code.slice(0, 4)}00`;
  if (level === 'city') return data.province_list[province] !== undefined ? [province, code] : [];
  if (data.province_list[province] === undefined || data.city_list[city] === undefined) return [];
  return [province, city, code];
}

/** the names of a code's path joined: '110101' → '北京市/北京市/东城区' ('' when unknown) */
export function namesOf(data: AreaData, code: string | null | undefined, separator = '/'): string {
  return pathOf(data, code)
    .map((c) => nameOf(data, c))
    .join(separator);
}

/** the code of a name path ('广东省', '深圳市', '南山区' → '440305'), for imports; undefined when not found */
export function codeOfNames(data: AreaData, names: readonly string[]): string | undefined {
  let parent = AREA_ROOT;
  let found: string | undefined;
  for (const name of names) {
    found = childrenOf(data, parent).find((c) => nameOf(data, c) === name);
    if (!found) return undefined;
    parent = found;
  }
  return found;
}

/** the cascader tree of the whole data (province → city → district) */
export function areaOptions(data: AreaData): AreaOption[] {
  const byCity = new Map<string, AreaOption[]>();
  for (const code of Object.keys(data.county_list).sort()) {
    const city = `${code.slice(0, 4)}00`;
    const list = byCity.get(city) ?? [];
    list.push({ value: code, label: data.county_list[code] });
    byCity.set(city, list);
  }
  const byProvince = new Map<string, AreaOption[]>();
  for (const code of Object.keys(data.city_list).sort()) {
    const province = `${code.slice(0, 2)}0000`;
    const list = byProvince.get(province) ?? [];
    const children = byCity.get(code);
    list.push(
      children ? { value: code, label: data.city_list[code], children } : { value: code, label: data.city_list[code] },
    );
    byProvince.set(province, list);
  }
  return Object.keys(data.province_list)
    .sort()
    .map((code) => {
      const children = byProvince.get(code);
      return children
        ? { value: code, label: data.province_list[code], children }
        : { value: code, label: data.province_list[code] };
    });
}

/**
 * What is stored: JeecgBoot's JAreaLinkage keeps the deepest code picked ('region', the default); 'all' keeps the
 * whole path comma-joined ('110000,110100,110101').
 */
export type AreaSaveCode = 'region' | 'all';

/** the stored value as the path the cascader shows */
export function valueToPath(
  data: AreaData,
  value: string | null | undefined,
  saveCode: AreaSaveCode = 'region',
): string[] {
  if (!value) return [];
  const codes = String(value)
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (codes.length === 0) return [];
  // either way the last code names the place; its path is checked against the data
  const path = pathOf(data, codes[codes.length - 1]);
  if (saveCode === 'all' && codes.length > 1 && codes.some((c, i) => path[i] !== c)) return [];
  return path;
}

/** the path picked as the stored value (undefined when cleared) */
export function pathToValue(
  path: readonly string[] | null | undefined,
  saveCode: AreaSaveCode = 'region',
): string | undefined {
  if (!path || path.length === 0) return undefined;
  return saveCode === 'all' ? path.join(',') : path[path.length - 1];
}
