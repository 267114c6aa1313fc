import { PlusOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { CGREPORT_URLS, type CgreportHead, deleteReport } from '../../../../../api/cgreport';
import { definePage, runCall } from '../../../../../components/kit';

/**
 * Online报表配置 (component modules/online/cgreport/OnlCgreportHeadList, contract-2 §4.3): the report definitions with
 * 新增 / 批量删除; rows open the designer (编辑), 功能测试 (the report screen), 配置地址 and 删除.
 */
export const reportHeadPage = definePage<CgreportHead>({
  name: 'cgreport',
  authCodes: { deleteBatch: 'online:report:delete' },
  urls: { list: CGREPORT_URLS.list, delete: CGREPORT_URLS.delete, deleteBatch: CGREPORT_URLS.deleteBatch },
  columns: [
    { field: 'code', title: '报表编码', sorter: true, width: 160, align: 'left' },
    {
      field: 'name',
      title: '报表名称',
      sorter: true,
      minWidth: 160,
      align: 'left',
      // a report the JeecgBoot import stopped (its SQL refused by the report guard) until its SQL is saved again
      render: (_v, r) => (
        <>
          {r.name}
          {r.disabledReason ? (
            <Tooltip title={r.disabledReason}>
              <Tag color="error" style={{ marginInlineStart: 6 }}>
                已停用
              </Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    { field: 'cgrSql', title: '报表SQL', ellipsis: true, minWidth: 260, align: 'left' },
    { field: 'dbSource', title: '数据源', width: 120 },
    { field: 'createTime', title: '创建时间', type: 'datetime', sorter: true },
  ],
  query: [
    { field: 'code', label: '报表编码', rule: 'like' },
    { field: 'name', label: '报表名称', rule: 'like' },
  ],
  builtins: { add: false, export: false, import: false },
  superQuery: false,
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: [
    { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, run: 'design', auth: 'online:report:add' },
  ],
  actionWidth: 200,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'design', auth: 'online:report:edit' },
    { key: 'test', label: '功能测试', run: 'test' },
    { key: 'url', label: '配置地址', run: 'configUrl', more: true },
    {
      key: 'delete',
      label: '删除',
      auth: 'online:report:delete',
      more: true,
      danger: true,
      confirm: '确定删除吗?',
      onClick: (r, ctx) => void runCall(() => deleteReport(r.id), ctx.reload, '删除成功!'),
    },
  ],
});
