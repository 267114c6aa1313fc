import { ADDRESS_BOOK_URLS, type Contact } from '../../../api/address-book';
import { type ColumnSchema, definePage } from '../../../components/kit';

const columns: ColumnSchema<Contact>[] = [
  { field: 'realname', title: '姓名', width: 90, ellipsis: true },
  { field: 'workNo', title: '工号', width: 80, ellipsis: true },
  { field: 'departName', title: '部门', width: 140, ellipsis: true },
  { field: 'post', title: '职务', type: 'dict', width: 100, ellipsis: true },
  { field: 'phone', title: '手机', type: 'nowrap', width: 115 },
  { field: 'telephone', title: '座机', width: 100, ellipsis: true },
  { field: 'email', title: '公司邮箱', ellipsis: true },
];

/**
 * 通讯录 (component system/AddressList; spec 01 §2.2, contract §4.1): the contacts of the department chosen in the
 * view's tree (fixed parameter orgCode) and its sub-departments, searchable by name and work number.
 */
export const addressPage = definePage<Contact>({
  name: 'address',
  urls: { list: ADDRESS_BOOK_URLS.list },
  defaultSort: { column: 'workNo', order: 'asc' },
  selectable: false,
  superQuery: false,
  rowActions: [],
  scrollX: 760,
  columns: columns.map((c) => ({ ...c, align: 'left' })),
  query: [
    { field: 'realname', label: '姓名' },
    { field: 'workNo', label: '工号' },
  ],
});
