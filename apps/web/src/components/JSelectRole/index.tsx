import { http } from '../../api/http';
import { splitValue } from '../JSelectDepart/logic';
import { BizPicker, type BizPickerConfig, type BizPickerProps } from '../JSelectPosition/BizPicker';
import type { BizRow } from '../JSelectPosition/biz-logic';
import { rolesOfValue } from './logic';

export { rolesOfValue } from './logic';

/** Roles of a stored value, looked up in `GET /sys/role/queryall` (array of every role). */
async function resolveRoles(value: string, store: 'id' | 'roleCode'): Promise<BizRow[]> {
  if (!splitValue(value).length) return [];
  const res = await http.get<BizRow[]>('/sys/role/queryall', undefined, { silent: true });
  if (!res.success || !Array.isArray(res.result)) return [];
  return rolesOfValue(res.result, value, store);
}

const base = {
  title: '选择角色',
  listUrl: '/sys/role/list',
  columns: [
    { title: '角色名称', dataIndex: 'roleName' },
    { title: '角色编码', dataIndex: 'roleCode' },
  ],
  searchField: 'roleName',
  searchLabel: '角色名称',
  displayKey: 'roleName',
};

const BY_ID: BizPickerConfig = { ...base, valueKey: 'id', resolve: (v) => resolveRoles(v, 'id') };
const BY_CODE: BizPickerConfig = { ...base, valueKey: 'roleCode', resolve: (v) => resolveRoles(v, 'roleCode') };

export interface JSelectRoleProps extends BizPickerProps {
  /** stored field @default 'id' */
  store?: 'id' | 'roleCode';
}

/** 角色选择 (spec 02 §3 Role picker): value = role id(s), or role code(s) with store="roleCode". */
export function JSelectRole({ store = 'id', ...props }: JSelectRoleProps) {
  return <BizPicker {...props} config={store === 'roleCode' ? BY_CODE : BY_ID} />;
}

export default JSelectRole;
