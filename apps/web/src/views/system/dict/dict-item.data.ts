import { checkDictItemValue, DICT_ITEM_URLS, type SysDictItem } from '../../../api/dict-admin';
import { definePage } from '../../../components/kit';

const ITEMS = 'dict:items';

/** The items of one dictionary (the detail list of 数据字典; fixed parameter `dictId`). */
export const dictItemPage = definePage<SysDictItem>({
  name: 'dict-item',
  authCodes: { add: ITEMS, edit: ITEMS, delete: ITEMS, deleteBatch: ITEMS },
  urls: DICT_ITEM_URLS,
  defaultSort: { column: 'sortOrder', order: 'asc' },
  selectable: false,
  rowNumber: false,
  columns: [
    { field: 'itemText', title: '名称', align: 'left', ellipsis: true },
    { field: 'itemValue', title: '数据值', align: 'left', ellipsis: true },
    { field: 'sortOrder', title: '排序值', width: 80 },
    { field: 'status', title: '状态', width: 90, type: 'badge', badgeOn: 1, badgeText: ['启用', '不启用'] },
  ],
  query: [
    { field: 'itemText', label: '名称', rule: 'like' },
    {
      field: 'status',
      label: '状态',
      widget: 'select',
      props: {
        options: [
          { value: 1, label: '启用' },
          { value: 0, label: '不启用' },
        ],
      },
    },
  ],
  queryVisible: 2,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'delete', label: '删除', run: 'delete' },
  ],
  actionWidth: 120,
  form: [
    { field: 'itemText', label: '名称', required: true, props: { maxLength: 100 } },
    {
      field: 'itemValue',
      label: '数据值',
      required: true,
      props: { maxLength: 100 },
      validate: async (value, c) => {
        const r = await checkDictItemValue(String(c.fixed.dictId), String(value).trim(), c.record?.id);
        return r.free ? null : r.message || '该值不可用，系统中已存在！';
      },
    },
    { field: 'description', label: '描述', props: { maxLength: 255 } },
    {
      field: 'sortOrder',
      label: '排序值',
      widget: 'number',
      initialValue: 1,
      extra: '值越小越靠前',
      props: { min: -999999, max: 999999, precision: 0 },
    },
    {
      field: 'status',
      label: '是否启用',
      widget: 'switch',
      initialValue: 1,
      props: { options: [1, 0], checkedChildren: '启用', unCheckedChildren: '禁用' },
    },
  ],
});
