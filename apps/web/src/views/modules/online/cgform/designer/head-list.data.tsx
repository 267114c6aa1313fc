import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import {
  CGFORM_URLS,
  type CgformHead,
  copyCgform,
  deleteCgform,
  removeCgformRecord,
} from '../../../../../api/cgform-design';
import { definePage, type PageSchema, runCall } from '../../../../../components/kit';
import { tableTypeText } from './designer-logic';

const syncTag = (v: unknown) =>
  v === 'Y' ? (
    <Tag color="green" data-testid="cgform-synced">
      已同步
    </Tag>
  ) : (
    <Tag color="red" data-testid="cgform-unsynced">
      未同步
    </Tag>
  );

const typeTag = (v: unknown, r: CgformHead) => {
  const text = tableTypeText(v);
  const color = Number(v) === 2 ? 'blue' : Number(v) === 3 ? 'purple' : undefined;
  return (
    <>
      <Tag color={color}>{text}</Tag>
      {r.isTree === 'Y' && <Tag color="cyan">树</Tag>}
    </>
  );
};

/** the columns shared by the head list and the copy list */
const baseColumns: PageSchema<CgformHead>['columns'] = [
  { field: 'tableType', title: '表类型', width: 100, render: (v, r) => typeTag(v, r) },
  { field: 'tableName', title: '表名', sorter: true, minWidth: 150, align: 'left' },
  { field: 'tableTxt', title: '表描述', ellipsis: true, minWidth: 130, align: 'left' },
  { field: 'tableVersion', title: '版本', width: 60 },
  { field: 'isDbSynch', title: '同步数据库状态', width: 125, render: (v) => syncTag(v) },
  { field: 'createTime', title: '创建时间', type: 'datetime', sorter: true },
];

/**
 * Online表单开发 (component modules/online/cgform/OnlCgformHeadList, contract-2 §4.3): definitions (no copies) with
 * 新增 / 导入数据库表 / 批量删除; rows open the designer, 同步数据库, 功能测试, 配置地址, 复制视图, 视图列表,
 * 自定义按钮, 角色授权, 移除 and 删除. The view owns the dialogs (handlers by name).
 */
export const headListPage = definePage<CgformHead>({
  name: 'cgform',
  authCodes: { deleteBatch: 'online:cgform:delete' },
  urls: { list: CGFORM_URLS.list, delete: CGFORM_URLS.delete, deleteBatch: CGFORM_URLS.deleteBatch },
  columns: baseColumns,
  query: [
    { field: 'tableName', label: '表名', rule: 'like' },
    { field: 'tableTxt', label: '表描述', rule: 'like' },
    {
      field: 'tableType',
      label: '表类型',
      widget: 'select',
      props: {
        options: [
          { value: '1', label: '单表' },
          { value: '2', label: '主表' },
          { value: '3', label: '附表' },
        ],
      },
    },
  ],
  builtins: { add: false, export: false, import: false },
  superQuery: false,
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: [
    { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, run: 'design', auth: 'online:cgform:add' },
    {
      key: 'import',
      label: '导入数据库表',
      icon: <ImportOutlined />,
      run: 'importTables',
      auth: 'online:cgform:importTable',
    },
  ],
  actionWidth: 230,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'design', auth: 'online:cgform:edit' },
    { key: 'sync', label: '同步数据库', run: 'sync', auth: 'online:cgform:dbSynch' },
    { key: 'test', label: '功能测试', run: 'test', show: (r) => r.isDbSynch === 'Y' },
    { key: 'url', label: '配置地址', run: 'configUrl', more: true },
    {
      key: 'copy',
      label: '复制视图',
      auth: 'online:cgform:copy',
      more: true,
      confirm: '确定复制该表单的视图吗？',
      onClick: (r, ctx) => void runCall(() => copyCgform(r.id), ctx.reload, '复制成功'),
    },
    { key: 'copies', label: '视图列表', run: 'copies', more: true },
    { key: 'buttons', label: '自定义按钮', run: 'buttons', more: true, auth: 'online:cgform:button' },
    { key: 'auth', label: '角色授权', run: 'roleAuth', more: true },
    {
      key: 'remove',
      label: '移除',
      auth: 'online:cgform:delete',
      more: true,
      confirm: '确定要移除此记录吗？（只删除表单配置，数据库表保留）',
      onClick: (r, ctx) => void runCall(() => removeCgformRecord(r.id), ctx.reload, '移除成功'),
    },
    {
      key: 'delete',
      label: '删除',
      auth: 'online:cgform:delete',
      more: true,
      danger: true,
      confirm: (r) => `确定删除吗？将同时删除数据库表「${r.tableName}」及其全部数据，无法恢复！`,
      onClick: (r, ctx) => void runCall(() => deleteCgform(r.id), ctx.reload, '删除成功'),
    },
  ],
});

/**
 * AUTO复制表单 (`/online/copyform/:code`): the copies of one definition (physicId = code, copyType 1), with 编辑,
 * 功能测试 and 删除 (the definition only). A copy shares its original's table: the server refuses to sync a copy
 * (请同步原表单), so the list offers no 同步数据库.
 */
export const copyListPage = definePage<CgformHead>({
  name: 'cgform-copy',
  authCodes: { deleteBatch: 'online:cgform:delete' },
  urls: { list: CGFORM_URLS.list, delete: CGFORM_URLS.delete, deleteBatch: CGFORM_URLS.deleteBatch },
  columns: [
    ...baseColumns.slice(0, 3),
    { field: 'copyVersion', title: '视图版本', width: 90 },
    ...baseColumns.slice(4),
  ],
  query: [{ field: 'tableTxt', label: '表描述', rule: 'like' }],
  builtins: { add: false, export: false, import: false },
  superQuery: false,
  defaultSort: { column: 'createTime', order: 'desc' },
  actionWidth: 220,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'design', auth: 'online:cgform:edit' },
    { key: 'test', label: '功能测试', run: 'test', show: (r) => r.isDbSynch === 'Y' },
    {
      key: 'delete',
      label: '删除',
      auth: 'online:cgform:delete',
      more: true,
      danger: true,
      confirm: '确定删除此视图吗？',
      onClick: (r, ctx) => void runCall(() => removeCgformRecord(r.id), ctx.reload, '删除成功'),
    },
  ],
});
