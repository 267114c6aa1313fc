import { refreshDictCache } from '../../../api/dict';
import { DICT_URLS, deletedDicts, purgeDict, restoreDict, type SysDict } from '../../../api/dict-admin';
import { definePage } from '../../../components/kit';
import { dictItemPage } from './dict-item.data';

// widths on every column: a 100-character name is cut (full text in a tooltip) instead of pushing 字典编号 and 描述 off
// the list (issue 29)
const dictColumns = [
  { field: 'dictName', title: '字典名称', align: 'left' as const, ellipsis: true, sorter: true, width: 240 },
  { field: 'dictCode', title: '字典编号', align: 'left' as const, ellipsis: true, sorter: true, width: 220 },
  { field: 'description', title: '描述', align: 'left' as const, ellipsis: true, width: 280 },
];

/**
 * 数据字典 (contract §4.5): a master–detail page — dictionaries, and per row 字典配置 opens its items in a drawer;
 * 刷新缓存 and a recycle bin (还原 / 彻底删除).
 */
export const dictPage = definePage<SysDict>({
  name: 'dict',
  auth: 'dict',
  urls: DICT_URLS,
  exportName: '数据字典',
  builtins: { add: '添加' },
  columns: dictColumns,
  query: [
    { field: 'dictName', label: '字典名称', rule: 'like' },
    { field: 'dictCode', label: '字典编号', rule: 'like' },
  ],
  toolbar: [
    {
      key: 'refresh',
      label: '刷新缓存',
      auth: 'dict:refresh',
      onClick: () => refreshDictCache().then(() => undefined),
    },
  ],
  recycleBin: {
    title: '字典回收站',
    auth: 'dict:recycle',
    columns: dictColumns.map(({ sorter: _s, ...c }) => c),
    list: deletedDicts,
    restore: ([id]) => restoreDict(id),
    purge: ([id]) => purgeDict(id),
    purgeConfirm: '确定要彻底删除吗？字典项会一并删除，且不能恢复',
  },
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'items', label: '字典配置', run: 'detailList', auth: 'dict:items' },
    { key: 'delete', label: '删除', run: 'delete' },
  ],
  actionWidth: 200,
  detail: {
    title: (d) => `字典列表 — ${d.dictName}（${d.dictCode}）`,
    page: dictItemPage,
    params: (d) => ({ dictId: d.id }),
  },
  form: [
    { field: 'dictName', label: '字典名称', required: true, props: { maxLength: 100 } },
    {
      field: 'dictCode',
      label: '字典编码',
      required: true,
      rules: [{ pattern: /^[A-Za-z0-9_.-]+$/, message: '字典编码只能包含字母、数字、下划线、中划线和点' }],
      duplicate: { tableName: 'sys_dict', fieldName: 'dict_code' },
      props: { maxLength: 100 },
    },
    {
      field: 'type',
      label: '字典类型',
      widget: 'radio',
      initialValue: 0,
      props: {
        options: [
          { value: 0, label: '字符串' },
          { value: 1, label: '数字' },
        ],
      },
    },
    { field: 'description', label: '描述', widget: 'textarea', props: { maxLength: 255 } },
  ],
});
