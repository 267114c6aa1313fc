import { ClearOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import {
  clearAllLogs,
  LOG_MESSAGES,
  LOG_URLS,
  type LogType,
  OPERATE_TYPES,
  prettyParams,
  type SysLog,
} from '../../api/log';
import { ListCard, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

interface LogQueryValues extends Record<string, unknown> {
  keyWord?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
  operateType?: string;
}

/** form values → list parameters: the date range becomes createTime_begin / createTime_end (whole days) */
function toParams(values: LogQueryValues, tab: LogType): Record<string, unknown> {
  const [begin, end] = values.createTime ?? [];
  return {
    keyWord: values.keyWord?.trim() || undefined,
    createTime_begin: begin ? begin.format('YYYY-MM-DD') : undefined,
    createTime_end: end ? end.format('YYYY-MM-DD') : undefined,
    operateType: tab === '2' ? values.operateType : undefined,
  };
}

/**
 * 日志管理 (component system/LogList; JeecgBoot LogList, contract §4.9): 登录日志 / 操作日志 tabs, keyword and date
 * range (plus operation type on the operation tab), newest first, the request of a row in its expanded area
 * (secrets are masked by the server). 删除 needs log:delete, 清空日志 needs log:clear.
 */
export default function LogList() {
  const { message, modal } = useFeedback();
  const decide = useCan();
  const canDelete = decide('log:delete') === 'allow';
  const canClear = decide('log:clear') === 'allow';
  const [tab, setTab] = useState<LogType>('1');
  const [form] = Form.useForm<LogQueryValues>();
  const list = useListPage<SysLog>({
    urls: { list: LOG_URLS.list, delete: LOG_URLS.delete, deleteBatch: LOG_URLS.deleteBatch },
    fixedParams: { logType: tab },
    selectable: canDelete,
  });
  const { handleDelete } = list;

  const switchTab = (key: string) => {
    const next = key === '2' ? '2' : '1';
    form.setFieldValue('operateType', undefined);
    setTab(next);
    list.search(toParams(form.getFieldsValue(true), next));
  };

  const clearAll = () => {
    modal.confirm({
      title: '清空日志',
      content: LOG_MESSAGES.confirmClear,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const res = await clearAllLogs();
          if (res.success) {
            message.success(res.message || LOG_MESSAGES.cleared);
            list.clearSelection();
            await list.reload();
          } else {
            message.warning(res.message);
          }
        } catch {
          // shown by the http client
        }
      },
    });
  };

  const columns = useMemo<TableColumnsType<SysLog>>(() => {
    const cols: TableColumnsType<SysLog> = [
      { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
      {
        title: '日志内容',
        dataIndex: 'logContent',
        width: 280,
        ellipsis: { showTitle: false },
        render: (v: string | null) => (
          <Tooltip title={v} placement="topLeft">
            {v}
          </Tooltip>
        ),
      },
      { title: '操作人ID', dataIndex: 'userid', align: 'center', width: 110, ellipsis: true },
      { title: '操作人名称', dataIndex: 'username', align: 'center', width: 110, ellipsis: true },
      { title: 'IP', dataIndex: 'ip', align: 'center', width: 130, ellipsis: true },
      {
        title: '耗时(毫秒)',
        dataIndex: 'costTime',
        align: 'center',
        width: 100,
        sorter: true,
        render: (v: number | null) => v ?? '',
      },
      { title: '日志类型', dataIndex: 'logType_dictText', align: 'center', width: 100 },
    ];
    if (tab === '2') {
      cols.push({ title: '操作类型', dataIndex: 'operateType_dictText', align: 'center', width: 90 });
    }
    cols.push({ title: '创建时间', dataIndex: 'createTime', align: 'center', width: 170, sorter: true });
    if (canDelete) {
      cols.push({
        title: '操作',
        key: 'action',
        align: 'center',
        width: 80,
        render: (_, row) => (
          <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => void handleDelete(row.id)}>
            <Typography.Link>删除</Typography.Link>
          </Popconfirm>
        ),
      });
    }
    return cols;
  }, [tab, canDelete, handleDelete]);

  const expanded = (row: SysLog) => (
    <Descriptions size="small" column={1} bordered style={{ maxWidth: '100%' }}>
      <Descriptions.Item label="请求方法">{row.method || '-'}</Descriptions.Item>
      <Descriptions.Item label="请求地址">
        {row.requestType ? `${row.requestType} ` : ''}
        {row.requestUrl || '-'}
      </Descriptions.Item>
      <Descriptions.Item label="请求参数">
        {row.requestParam ? (
          <pre
            data-testid="log-request-param"
            style={{ margin: 0, maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {prettyParams(row.requestParam)}
          </pre>
        ) : (
          '-'
        )}
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <ListCard
      query={
        <QueryForm<LogQueryValues>
          form={form}
          onSearch={(v) => list.search(toParams(v, tab))}
          onReset={() => list.reset()}
        >
          <Form.Item name="keyWord" label="搜索日志">
            <Input placeholder="请输入搜索关键词" allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="createTime" label="创建时间">
            <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始时间', '结束时间']} />
          </Form.Item>
          {tab === '2' && (
            <Form.Item name="operateType" label="操作类型">
              <Select
                placeholder="请选择操作类型"
                allowClear
                options={OPERATE_TYPES.map((o) => ({ value: o.value, label: o.label }))}
              />
            </Form.Item>
          )}
        </QueryForm>
      }
      toolbar={
        canDelete || canClear ? (
          <>
            {canDelete && list.selectedRowKeys.length > 0 && (
              <Button icon={<DeleteOutlined />} onClick={() => void list.batchDelete()}>
                批量删除
              </Button>
            )}
            {canClear && (
              <Button danger icon={<ClearOutlined />} onClick={clearAll}>
                清空日志
              </Button>
            )}
          </>
        ) : undefined
      }
      alert={
        canDelete ? <SelectionAlert count={list.selectedRowKeys.length} onClear={list.clearSelection} /> : undefined
      }
    >
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={[
          { key: '1', label: '登录日志' },
          { key: '2', label: '操作日志' },
        ]}
      />
      <Table<SysLog>
        {...list.tableProps}
        columns={columns}
        scroll={{ x: 1300 }}
        expandable={{ expandedRowRender: expanded, rowExpandable: () => true }}
      />
    </ListCard>
  );
}
