import { http } from '../../api/http';
import { BizPicker, type BizPickerConfig, type BizPickerProps } from './BizPicker';
import { type BizRow, valueLookupParams } from './biz-logic';

export { BizPicker, BizPickerModal } from './BizPicker';
export type { BizRow } from './biz-logic';

/** Positions of a stored value (comma codes): `GET /sys/position/list?code=a,b,`. */
export async function resolvePositions(value: string): Promise<BizRow[]> {
  const params = valueLookupParams('code', value);
  if (!params) return [];
  const res = await http.get<{ records?: BizRow[] } | BizRow[]>('/sys/position/list', params, { silent: true });
  if (!res.success) return [];
  const r = res.result;
  return Array.isArray(r) ? r : (r?.records ?? []);
}

export const POSITION_PICKER: BizPickerConfig = {
  title: '选择职务',
  listUrl: '/sys/position/list',
  columns: [
    { title: '职务名称', dataIndex: 'name' },
    { title: '职务编码', dataIndex: 'code' },
    { title: '职级', dataIndex: 'postRank_dictText', width: 100 },
  ],
  searchField: 'name',
  searchLabel: '职务名称',
  valueKey: 'code',
  displayKey: 'name',
  resolve: resolvePositions,
};

export type JSelectPositionProps = BizPickerProps;

/** 职务选择 (spec 02 §3 Position selector): value = position code (comma codes when multiple). */
export function JSelectPosition(props: JSelectPositionProps) {
  return <BizPicker {...props} config={POSITION_PICKER} />;
}

export default JSelectPosition;
