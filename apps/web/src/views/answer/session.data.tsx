import { Tag, Tooltip } from 'antd';
import { type AnswerSession, SESSION_URLS } from '../../api/answer';
import { definePage, type FormFieldSchema } from '../../components/kit';

/** tag colours of the derived session status (0 未开始, 1 进行中, 2 已结束, 3 已取消) */
export const SESSION_STATUS_TAGS: Readonly<Record<string, { color: string; text: string }>> = {
  '0': { color: 'blue', text: '未开始' },
  '1': { color: 'green', text: '进行中' },
  '2': { color: 'default', text: '已结束' },
  '3': { color: 'red', text: '已取消' },
};

/** may the session still be cancelled (未开始 or 进行中) */
export const cancellable = (r: Pick<AnswerSession, 'status'>) => r.status === '0' || r.status === '1';
/** may the session still be edited (not cancelled, not over) */
export const editable = (r: Pick<AnswerSession, 'status'>) => r.status === '0' || r.status === '1';

/** the place of a session: the room, or the online link */
export function placeText(r: Pick<AnswerSession, 'place' | 'onlineLink'>): string {
  return r.place || r.onlineLink || '';
}

/** `booked / capacity` (e.g. 3 / 10) */
export const seatsText = (r: Pick<AnswerSession, 'bookedCount' | 'capacity'>) =>
  `${r.bookedCount ?? 0} / ${r.capacity}`;

/** a rule: the later of two date-time fields must come after the earlier one (texts compare as times) */
export const after =
  (other: string, message: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) => {
      const a = getFieldValue(other);
      return !value || !a || String(value) > String(a) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

/**
 * the query values a drill-down opens the list with (?date=yyyy-MM-dd&status=0,1,2, e.g. the 任务 page's 今日场次);
 * malformed values are left out
 */
export function sessionOpenWith(params: URLSearchParams): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  const date = params.get('date');
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) out.date = date;
  const status = params.get('status');
  if (status?.split(',').every((s) => SESSION_STATUS_TAGS[s])) out.status = status;
  return Object.keys(out).length ? out : undefined;
}

export const sessionFields: FormFieldSchema<AnswerSession>[] = [
  { field: 'name', label: '场次名称', required: true, props: { maxLength: 100 } },
  { field: 'subject', label: '科目', widget: 'dict', props: { dictCode: 'answer_subject' }, span: 12 },
  { field: 'capacity', label: '容量', widget: 'number', required: true, span: 12, props: { min: 1, max: 100000 } },
  { field: 'startTime', label: '开始时间', widget: 'datetime', required: true, span: 12 },
  {
    field: 'endTime',
    label: '结束时间',
    widget: 'datetime',
    required: true,
    span: 12,
    rules: [after('startTime', '结束时间必须晚于开始时间')],
  },
  { field: 'reserveStart', label: '预约开始', widget: 'datetime', required: true, span: 12 },
  {
    field: 'reserveEnd',
    label: '预约截止',
    widget: 'datetime',
    required: true,
    span: 12,
    rules: [after('reserveStart', '预约截止时间必须晚于预约开始时间')],
  },
  { field: 'place', label: '答题地点', span: 12, props: { maxLength: 200, placeholder: '线下场次填写地点' } },
  {
    field: 'onlineLink',
    label: '线上链接',
    span: 12,
    rules: ['url'],
    props: { maxLength: 500, placeholder: 'https://…（线上场次）' },
  },
  {
    field: 'description',
    label: '场次说明',
    widget: 'editor',
    initialValue: '',
    props: { height: 220, placeholder: '请输入场次说明' },
  },
];

/**
 * 答题场次 (component answer/SessionList): query by 名称 / 科目 / 状态; 新增, 编辑, 取消 (with a reason, view handler
 * `cancel` opens the prompt), 删除; the status tag is derived by the server from the times unless cancelled.
 */
export const sessionPage = definePage<AnswerSession>({
  name: 'answer-session',
  urls: { list: SESSION_URLS.list, add: SESSION_URLS.add, edit: SESSION_URLS.edit, delete: SESSION_URLS.delete },
  auth: 'session',
  authCodes: { deleteBatch: '', import: '', export: '' },
  builtins: { batchDelete: false },
  // no batch action on sessions: no check boxes, no 已选择 bar
  selectable: false,
  scrollX: 1200,
  columns: [
    { field: 'name', title: '场次名称', sorter: true, ellipsis: true, minWidth: 180, align: 'left' },
    { field: 'subject', title: '科目', type: 'dict', width: 100 },
    { field: 'startTime', title: '开始时间', type: 'datetime', sorter: true, width: 165 },
    { field: 'endTime', title: '结束时间', type: 'datetime', width: 165 },
    {
      field: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => {
        const tag = SESSION_STATUS_TAGS[String(v)] ?? { color: 'default', text: String(v ?? '') };
        return (
          <Tooltip title={r.status === '3' && r.cancelReason ? `取消原因：${r.cancelReason}` : undefined}>
            <Tag color={tag.color} data-testid="session-status">
              {r.status_dictText || tag.text}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      field: 'place',
      title: '地点 / 链接',
      ellipsis: true,
      width: 180,
      render: (_v, r) => <span title={placeText(r)}>{placeText(r)}</span>,
    },
    { field: 'bookedCount', title: '已约 / 容量', width: 100, render: (_v, r) => seatsText(r) },
    { field: 'reserveEnd', title: '预约截止', type: 'datetime', width: 165 },
  ],
  query: [
    { field: 'name', label: '场次名称', rule: 'like' },
    // several states at once (the 任务 page's 今日场次 opens with 未开始, 进行中, 已结束): sent as a comma list
    { field: 'status', label: '状态', widget: 'dict-multi', props: { dictCode: 'answer_session_status' } },
    // sessions running on that day (GMT+8)
    { field: 'date', label: '场次日期', widget: 'date' },
    { field: 'subject', label: '科目', widget: 'dict', props: { dictCode: 'answer_subject' } },
  ],
  superQuery: false,
  actionWidth: 180,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit', show: editable },
    { key: 'detail', label: '详情', run: 'detail' },
    { key: 'cancel', label: '取消场次', auth: 'session:cancel', run: 'cancel', show: cancellable, more: true },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  form: sessionFields,
  editor: {
    width: 900,
    title: (mode) => (mode === 'add' ? '新增场次' : mode === 'edit' ? '编辑场次' : '场次详情'),
    toSave: (v, c) => {
      const out: Record<string, unknown> = c.record ? { id: c.record.id } : {};
      for (const f of sessionFields) {
        const x = v[f.field];
        out[f.field] = typeof x === 'string' ? x.trim() : (x ?? null);
      }
      return out;
    },
  },
  defaultSort: { column: 'startTime', order: 'desc' },
});
