import { Tag } from 'antd';
import { CHANNEL_OPTIONS, MESSAGE_URLS, resendMessage, type SysMessage } from '../../../api/message';
import { type ActionContext, definePage, runCall, Truncated } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';
import { jsonRule, plainText } from './json-data';
import './receiver';

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };
const unsent = (r: SysMessage) => r.esSendStatus === '0';
const resend = (r: SysMessage, ctx: ActionContext<SysMessage>) => void runCall(() => resendMessage(r.id), ctx.reload);

/**
 * 消息管理 (component modules/message/SysMessageList): messages sent by SMS, e-mail or as system messages, with their
 * send status, count and result; query by 消息标题 / 发送方式 / 发送状态; 新增 (saves and sends), 导出, 批量删除; per row
 * 编辑 | 更多 (发送 / 重新发送, 删除). Buttons follow message:add/edit/delete/deleteBatch.
 */
export const messagePage = definePage<SysMessage>({
  name: 'message',
  urls: MESSAGE_URLS,
  auth: 'message',
  authCodes: { deleteBatch: 'message:deleteBatch,message:delete', export: '' },
  exportName: '消息',
  scrollX: 1250,
  superQuery: [
    { field: 'esTitle', label: '消息标题' },
    { field: 'esContent', label: '发送内容' },
    { field: 'esReceiver', label: '接收人' },
    { field: 'esType', label: '发送方式', dictCode: 'msgType' },
    { field: 'esSendNum', label: '发送次数', type: 'number' },
    { field: 'esSendStatus', label: '发送状态', dictCode: 'msgSendStatus' },
    { field: 'esSendTime', label: '发送时间', type: 'datetime' },
    { field: 'esResult', label: '发送结果' },
  ],
  columns: [
    { field: 'esTitle', title: '消息标题', width: 140, ellipsis: true, sorter: true },
    {
      field: 'esContent',
      title: '发送内容',
      align: 'left',
      ellipsis: true,
      render: (v) => <Truncated value={plainText(v as string | null)} />,
    },
    { field: 'esReceiver', title: '接收人', width: 130, ellipsis: true },
    { field: 'esType', title: '发送方式', type: 'dict', width: 90, sorter: true },
    { field: 'esSendNum', title: '发送次数', width: 100, sorter: true },
    {
      field: 'esSendStatus',
      title: '发送状态',
      width: 90,
      sorter: true,
      render: (v, r) => <Tag color={STATUS_COLORS[String(v)] ?? 'default'}>{r.esSendStatus_dictText || String(v)}</Tag>,
    },
    { field: 'esSendTime', title: '发送时间', type: 'datetime', width: 165, sorter: true },
    { field: 'esResult', title: '发送结果', width: 140, ellipsis: true },
  ],
  query: [
    { field: 'esTitle', label: '消息标题', rule: 'like' },
    { field: 'esType', label: '发送方式', widget: 'dict', props: { dictCode: 'msgType' } },
    { field: 'esSendStatus', label: '发送状态', widget: 'dict', props: { dictCode: 'msgSendStatus' } },
  ],
  actionWidth: 160,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    {
      key: 'send',
      label: '发送',
      more: true,
      auth: 'message:edit',
      confirm: '确定要发送吗?',
      show: unsent,
      onClick: resend,
    },
    {
      key: 'resend',
      label: '重新发送',
      more: true,
      auth: 'message:edit',
      confirm: '确定要重新发送吗?',
      show: (r) => !unsent(r),
      onClick: resend,
    },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  form: [
    { field: 'esTitle', label: '消息标题', required: true, props: { maxLength: 100 } },
    {
      field: 'esType',
      label: '发送方式',
      widget: 'select',
      required: true,
      initialValue: '3',
      props: { options: CHANNEL_OPTIONS, allowClear: false },
    },
    {
      field: 'esReceiver',
      label: '接收人',
      widget: 'message-receiver',
      required: true,
      props: { channelField: 'esType' },
    },
    {
      field: 'esContent',
      label: '发送内容',
      widget: 'textarea',
      required: true,
      props: { autoSize: { minRows: 4, maxRows: 10 } },
    },
    {
      field: 'esParam',
      label: '发送所需参数',
      widget: 'textarea',
      rules: [jsonRule],
      props: { placeholder: 'JSON 对象，例如 {"name":"张三"}（可选）', autoSize: { minRows: 2, maxRows: 4 } },
    },
    {
      field: 'remark',
      label: '备注',
      widget: 'textarea',
      props: { maxLength: 500, autoSize: { minRows: 2, maxRows: 4 } },
    },
  ],
  editor: {
    okText: (mode) => (mode === 'add' ? '保存并发送' : '确定'),
    // saved, but the channel refused it: 添加成功，但发送失败：…
    notify: (res) => (/失败/.test(res.message) ? feedback.message.warning : feedback.message.success)(res.message),
  },
});
