import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { EXAMPLE_URLS, RULE_BADGE, RULE_STATUS, type Rule, setRuleStatus } from '../../api/examples';
import { type ActionContext, CrudPage, definePage, runCall } from '../../components/kit';
import { feedback } from '../../utils/feedback';

const STATUS_OPTIONS = RULE_STATUS.map((label, value) => ({ value: String(value), label }));

/** 批量操作 ▸ 上线 / 关闭: PUT /example/rule/batchStatus over the selected rows */
function batchStatus(ctx: ActionContext<Rule>, status: number) {
  const ids = ctx.list.selectedRowKeys.map(String);
  if (!ids.length) return void feedback.message.warning('请选择一条记录！');
  void runCall(
    () => setRuleStatus(ids.join(','), status),
    () => {
      ctx.list.clearSelection();
      ctx.reload();
    },
  );
}

/**
 * 查询表格 (list/TableList): the template's rule table as a page-kit declaration — query form, paging, sorting, add /
 * edit / delete and batch operations over the seeded rows of /example/rule.
 */
const rulePage = definePage<Rule>({
  name: 'example-rule',
  auth: 'example:rule',
  authCodes: { deleteBatch: 'example:rule:delete' },
  urls: EXAMPLE_URLS.rule,
  superQuery: false,
  // fixed layout at the width of a 1366 screen: the description is cut (tooltip), 更新时间 stays in view
  scrollX: 1040,
  columns: [
    { field: 'no', title: '规则编号', sorter: true, width: 150 },
    { field: 'description', title: '描述', ellipsis: true, width: 220, align: 'left' },
    {
      field: 'callNo',
      title: '服务调用次数',
      sorter: true,
      width: 140,
      align: 'right',
      render: (v) => `${Number(v).toLocaleString('zh-CN')} 万`,
    },
    {
      field: 'status',
      title: '状态',
      sorter: true,
      width: 110,
      render: (v) => <Badge status={RULE_BADGE[Number(v)]} text={RULE_STATUS[Number(v)]} />,
    },
    { field: 'updateTime', title: '更新时间', type: 'datetime', sorter: true },
  ],
  defaultSort: { column: 'updateTime', order: 'desc' },
  query: [
    { field: 'no', label: '规则编号', rule: 'like' },
    { field: 'status', label: '使用状态', widget: 'select', props: { options: STATUS_OPTIONS } },
    { field: 'callNo', label: '调用次数', widget: 'number', rule: 'ge' },
    { field: 'description', label: '描述', rule: 'like' },
    { field: 'updateTime', label: '更新日期', widget: 'date', range: true },
  ],
  batch: [
    {
      key: 'online',
      label: '上线',
      icon: <CheckCircleOutlined />,
      auth: 'example:rule:edit',
      onClick: (c) => batchStatus(c, 2),
    },
    {
      key: 'close',
      label: '关闭',
      icon: <StopOutlined />,
      auth: 'example:rule:edit',
      onClick: (c) => batchStatus(c, 0),
    },
  ],
  form: [
    { field: 'no', label: '规则编号', required: '请输入规则编号', props: { maxLength: 32 } },
    {
      field: 'description',
      label: '描述',
      widget: 'textarea',
      required: '请输入至少五个字符的规则描述！',
      rules: [{ min: 5, message: '请输入至少五个字符的规则描述！' }],
    },
    { field: 'callNo', label: '服务调用次数', widget: 'number', props: { min: 0 }, initialValue: 0 },
    { field: 'status', label: '状态', widget: 'select', props: { options: STATUS_OPTIONS }, initialValue: '0' },
  ],
  editor: {
    width: 640,
    toForm: (r) => ({ no: r.no, description: r.description, callNo: r.callNo, status: String(r.status) }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      no: String(v.no ?? '').trim(),
      description: String(v.description ?? '').trim(),
      callNo: Number(v.callNo ?? 0),
      status: Number(v.status ?? 0),
    }),
  },
});

export default function TableList() {
  return <CrudPage schema={rulePage} />;
}
