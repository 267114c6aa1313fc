import { ClearOutlined } from '@ant-design/icons';
import { Descriptions } from 'antd';
import { clearAllLogs, LOG_MESSAGES, LOG_URLS, OPERATE_TYPES, prettyParams, type SysLog } from '../../../api/log';
import { type ActionContext, definePage, runCall } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';

/** 清空日志: every log row, after a confirmation */
function clearAll(ctx: ActionContext<SysLog>) {
  feedback.modal.confirm({
    title: '清空日志',
    content: LOG_MESSAGES.confirmClear,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { danger: true },
    onOk: () =>
      runCall(
        clearAllLogs,
        () => {
          ctx.list.clearSelection();
          ctx.reload();
        },
        LOG_MESSAGES.cleared,
      ),
  });
}

const PRE = { margin: 0, maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** the request of a row (secrets masked by the server) */
function request(row: SysLog) {
  return (
    <Descriptions size="small" column={1} bordered style={{ maxWidth: '100%' }}>
      <Descriptions.Item label="请求方法">{row.method || '-'}</Descriptions.Item>
      <Descriptions.Item label="请求地址">
        {row.requestType ? `${row.requestType} ` : ''}
        {row.requestUrl || '-'}
      </Descriptions.Item>
      <Descriptions.Item label="请求参数">
        {row.requestParam ? (
          <pre data-testid="log-request-param" style={PRE}>
            {prettyParams(row.requestParam)}
          </pre>
        ) : (
          '-'
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 日志管理 (component system/LogList; JeecgBoot LogList, contract §4.9), 登录日志: keyword and date range, newest
 * first, the request of a row under it. 删除 needs log:delete, 清空日志 log:clear. The view adds the tabs.
 */
export const loginLogPage = definePage<SysLog>({
  name: 'log',
  urls: LOG_URLS,
  authCodes: { delete: 'log:delete', deleteBatch: 'log:delete' },
  superQuery: [
    { field: 'username', label: '操作人名称' },
    { field: 'userid', label: '操作人ID' },
    { field: 'ip', label: 'IP' },
    { field: 'costTime', label: '耗时(毫秒)', type: 'number' },
    { field: 'createTime', label: '创建时间', type: 'datetime' },
  ],
  columns: [
    { field: 'logContent', title: '日志内容', width: 280, ellipsis: true, align: 'left' },
    { field: 'userid', title: '操作人ID', width: 110, ellipsis: true },
    { field: 'username', title: '操作人名称', width: 110, ellipsis: true },
    { field: 'ip', title: 'IP', width: 130, ellipsis: true },
    { field: 'costTime', title: '耗时(毫秒)', width: 100, sorter: true },
    { field: 'logType', title: '日志类型', type: 'dict', width: 100 },
    { field: 'createTime', title: '创建时间', type: 'datetime', width: 170, sorter: true },
  ],
  query: [
    { field: 'keyWord', label: '搜索日志', rule: 'eq', props: { placeholder: '请输入搜索关键词', maxLength: 100 } },
    { field: 'createTime', label: '创建时间', widget: 'date-range' },
  ],
  toolbar: [
    { key: 'clear', label: '清空日志', icon: <ClearOutlined />, danger: true, auth: 'log:clear', onClick: clearAll },
  ],
  actionWidth: 80,
  rowActions: [{ key: 'delete', label: '删除', run: 'delete' }],
  expandedRow: request,
  scrollX: 1300,
});

/** 操作日志: the operation type as a column and a query field */
export const operationLogPage = definePage<SysLog>({
  ...loginLogPage,
  columns: [
    ...loginLogPage.columns.slice(0, -1),
    { field: 'operateType', title: '操作类型', type: 'dict', width: 90 },
    ...loginLogPage.columns.slice(-1),
  ],
  query: [
    ...(loginLogPage.query ?? []),
    { field: 'operateType', label: '操作类型', widget: 'select', props: { options: [...OPERATE_TYPES] } },
  ],
  superQuery: [
    { field: 'username', label: '操作人名称' },
    { field: 'userid', label: '操作人ID' },
    { field: 'ip', label: 'IP' },
    { field: 'costTime', label: '耗时(毫秒)', type: 'number' },
    {
      field: 'operateType',
      label: '操作类型',
      options: OPERATE_TYPES.map((o) => ({ value: String(o.value), label: o.label })),
    },
    { field: 'createTime', label: '创建时间', type: 'datetime' },
  ],
});
