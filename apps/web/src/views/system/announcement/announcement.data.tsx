import type { FormRule } from 'antd';
import { Tag, Tooltip } from 'antd';
import {
  ANNOUNCEMENT_URLS,
  releaseAnnouncement,
  revokeAnnouncement,
  type SysAnnouncement,
} from '../../../api/announcement';
import { PRIORITY_TAGS } from '../../../components/HeaderNotice';
import {
  type ColumnSchema,
  definePage,
  type FormFieldSchema,
  pickFormValues,
  type Row,
  runCall,
} from '../../../components/kit';
import { OPEN_TYPES, OpenPageHint, OpenPageLabel, openPageRule } from './open-page';

/** the chosen users as the picker wants them: ids without JeecgBoot's trailing comma */
export function pickerIds(userIds: unknown): string {
  return String(userIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

/** 优先级 as a coloured tag (L blue, M orange, H red), also on 我的消息 */
export function priorityColumn<T extends { priority?: unknown; priority_dictText?: string }>(
  width: number,
  sorter = false,
): ColumnSchema<T> {
  return {
    field: 'priority',
    title: '优先级',
    width,
    sorter,
    render: (v, r) => {
      const text = r.priority_dictText || String(v ?? '');
      const tag = PRIORITY_TAGS[String(v)];
      return tag ? <Tag color={tag.color}>{text}</Tag> : text;
    },
  };
}

const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'volcano' };
const released = (r: SysAnnouncement) => r.sendStatus === '1';
const draft = (r: SysAnnouncement) => !released(r);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '') || null;
const TARGETS = [
  { value: 'ALL', label: '全体用户' },
  { value: 'USER', label: '指定用户' },
];

const endAfterStart: FormRule = ({ getFieldValue }) => ({
  validator: async (_, end?: string) => {
    const start = getFieldValue('startTime') as string | undefined;
    if (end && start && end < start) throw new Error('结束时间不能早于开始时间');
  },
});

const form: FormFieldSchema<SysAnnouncement>[] = [
  { field: 'titile', label: '标题', required: true, props: { maxLength: 100 } },
  {
    field: 'msgCategory',
    label: '消息类型',
    widget: 'dict-radio',
    required: true,
    initialValue: '1',
    props: { dictCode: 'msg_category' },
  },
  { field: 'startTime', label: '开始时间', widget: 'datetime', span: 12 },
  { field: 'endTime', label: '结束时间', widget: 'datetime', span: 12, rules: [endAfterStart] },
  {
    field: 'priority',
    label: '优先级',
    widget: 'dict-radio',
    required: true,
    initialValue: 'L',
    props: { dictCode: 'priority' },
  },
  {
    field: 'msgType',
    label: '通告对象',
    widget: 'radio',
    required: '请选择通告对象类型',
    initialValue: 'ALL',
    props: { options: TARGETS },
  },
  {
    field: 'userIds',
    label: '指定用户',
    widget: 'user',
    required: '请选择用户',
    props: { store: 'id', placeholder: '请选择用户' },
    show: (v) => v.msgType === 'USER',
  },
  { field: 'openType', label: '打开方式', widget: 'select', props: { placeholder: '不跳转', options: OPEN_TYPES } },
  {
    field: 'openPage',
    label: <OpenPageLabel />,
    widget: 'announcement-open-page',
    rules: [openPageRule],
    extra: <OpenPageHint />,
    show: (v) => !!v.openType,
  },
  {
    field: 'busId',
    label: '业务ID',
    props: { maxLength: 50, placeholder: '组件打开的记录 id（可选）' },
    show: (v) => v.openType === 'component',
  },
  {
    field: 'msgAbstract',
    label: '摘要',
    widget: 'textarea',
    props: { maxLength: 500, autoSize: { minRows: 2, maxRows: 4 } },
  },
  {
    field: 'msgContent',
    label: '内容',
    widget: 'editor',
    initialValue: '',
    props: { height: 300, placeholder: '请输入通告内容' },
  },
];

/**
 * 系统通告 (component system/SysAnnouncementList; contract §4.8): query by 标题 / 消息类型; 新增, 导出, 导入, 批量删除;
 * per row 编辑 (drafts) | 更多 (发布, 撤销, 查看, 删除). Buttons follow announcement:add/edit/delete/release/revoke.
 * The view supplies the handler `view` (the 通知消息 viewer).
 */
export const announcementPage = definePage<SysAnnouncement>({
  name: 'announcement',
  urls: ANNOUNCEMENT_URLS,
  auth: 'announcement',
  authCodes: { deleteBatch: 'announcement:delete', import: 'announcement:add', export: '' },
  exportName: '系统通告',
  scrollX: 1000,
  columns: [
    { field: 'titile', title: '标题', sorter: true, ellipsis: true },
    { field: 'msgCategory', title: '消息类型', type: 'dict', width: 90 },
    { field: 'sender', title: '发布人', type: 'dict', width: 90 },
    priorityColumn<SysAnnouncement>(80, true),
    { field: 'msgType', title: '通告对象', type: 'dict', width: 90 },
    {
      field: 'sendStatus',
      title: '发布状态',
      width: 90,
      sorter: true,
      render: (v, r) => (
        <Tooltip title={v === '2' && r.cancelTime ? `撤销时间：${r.cancelTime}` : undefined}>
          <Tag color={STATUS_COLORS[String(v)] ?? 'default'}>{r.sendStatus_dictText || String(v ?? '')}</Tag>
        </Tooltip>
      ),
    },
    { field: 'sendTime', title: '发布时间', type: 'datetime', width: 165, sorter: true },
  ],
  query: [
    { field: 'titile', label: '标题', rule: 'like' },
    { field: 'msgCategory', label: '消息类型', widget: 'dict', props: { dictCode: 'msg_category' } },
  ],
  actionWidth: 140,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit', show: draft },
    { key: 'view', label: '查看', run: 'view', show: released },
    {
      key: 'release',
      label: '发布',
      more: true,
      auth: 'announcement:release',
      confirm: '确定要发布吗?',
      show: draft,
      onClick: (r, ctx) => void runCall(() => releaseAnnouncement(r.id), ctx.reload),
    },
    {
      key: 'revoke',
      label: '撤销',
      more: true,
      auth: 'announcement:revoke',
      confirm: '确定要撤销吗?',
      show: released,
      onClick: (r, ctx) => void runCall(() => revokeAnnouncement(r.id), ctx.reload),
    },
    { key: 'view-more', label: '查看', run: 'view', more: true, show: draft },
    { key: 'delete', label: '删除', run: 'delete', more: true, show: draft },
  ],
  form,
  editor: {
    toForm: (r) => ({
      ...pickFormValues(form, r),
      msgCategory: r.msgCategory ?? '1',
      priority: r.priority ?? 'L',
      msgType: r.msgType ?? 'ALL',
      userIds: pickerIds(r.userIds),
      msgContent: r.msgContent ?? '',
    }),
    // the targets and links only as far as the chosen options use them; JeecgBoot's trailing comma on userIds
    toSave: (v: Row, ctx) => ({
      ...(ctx.mode === 'edit' ? { id: ctx.record?.id } : {}),
      titile: trimmed(v.titile) ?? '',
      msgCategory: v.msgCategory,
      priority: v.priority,
      msgType: v.msgType,
      userIds: v.msgType === 'USER' && v.userIds ? `${pickerIds(v.userIds)},` : null,
      startTime: v.startTime || null,
      endTime: v.endTime || null,
      openType: v.openType || null,
      openPage: v.openType ? trimmed(v.openPage) : null,
      busId: v.openType === 'component' ? trimmed(v.busId) : null,
      msgAbstract: trimmed(v.msgAbstract),
      msgContent: v.msgContent ?? '',
    }),
  },
});
