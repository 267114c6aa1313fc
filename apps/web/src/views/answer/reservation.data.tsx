import { CheckOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import {
  type AnswerReservation,
  checkinReservation,
  confirmReservations,
  RESERVATION_URLS,
  sessionOptions,
} from '../../api/answer';
import { definePage, runCall } from '../../components/kit';
import { canCancel, canCheckin, canConfirm, maskIdCard, RESERVATION_STATUS_TAGS } from './reservation-rules';

/** every session as a select option (the query's 答题场次) */
export const loadSessionOptions = async () => {
  const res = await sessionOptions(true);
  return (res.result ?? []).map((s) => ({ value: s.value, label: `${s.text}（${s.startTime.slice(0, 16)}）` }));
};

const selectedIds = (keys: readonly unknown[]) => keys.map(String);

/**
 * 答题预约 (component answer/ReservationList): query by 预约编号 / 姓名 / 场次 / 状态 / 预约对象 and 高级查询; 新增 and
 * 编辑 open the form page (view handlers `add` / `editPage`), 确认 / 签到 per row, 取消 with a reason (handler
 * `cancel`), 批量确认 / 批量取消, 导出 / 导入. Buttons follow reservation:add / confirm / cancel / checkin / export / import.
 */
export const reservationPage = definePage<AnswerReservation>({
  name: 'answer-reservation',
  urls: {
    list: RESERVATION_URLS.list,
    delete: RESERVATION_URLS.delete,
    deleteBatch: RESERVATION_URLS.deleteBatch,
    exportXls: RESERVATION_URLS.exportXls,
    importExcel: RESERVATION_URLS.importExcel,
  },
  auth: 'reservation',
  authCodes: { deleteBatch: 'reservation:delete' },
  builtins: { add: false },
  exportName: '答题预约',
  scrollX: 1400,
  columns: [
    { field: 'reservationNo', title: '预约编号', type: 'nowrap', sorter: true, width: 150 },
    { field: 'sessionName', title: '答题场次', ellipsis: true, minWidth: 160, align: 'left' },
    { field: 'sessionStartTime', title: '场次时间', type: 'datetime', width: 165 },
    { field: 'name', title: '姓名', sorter: true, width: 100 },
    {
      field: 'status',
      title: '状态',
      width: 90,
      sorter: true,
      render: (v, r) => {
        const tag = RESERVATION_STATUS_TAGS[String(v)] ?? { color: 'default', text: String(v ?? '') };
        return (
          <Tooltip title={r.status === '3' && r.cancelReason ? `取消原因：${r.cancelReason}` : undefined}>
            <Tag color={tag.color} data-testid="reservation-status">
              {r.status_dictText || tag.text}
            </Tag>
          </Tooltip>
        );
      },
    },
    { field: 'personType', title: '预约对象', type: 'dict', width: 90 },
    { field: 'mobile', title: '手机号', type: 'nowrap', width: 120 },
    { field: 'idCard', title: '身份证号', width: 170, render: (v) => maskIdCard(v as string | null) },
    { field: 'checkinTime', title: '签到时间', type: 'datetime', width: 165 },
    { field: 'createTime', title: '预约时间', type: 'datetime', sorter: true, width: 165 },
  ],
  query: [
    { field: 'reservationNo', label: '预约编号', rule: 'like' },
    { field: 'name', label: '姓名', rule: 'like' },
    {
      field: 'sessionId',
      label: '答题场次',
      widget: 'async-select',
      props: { load: loadSessionOptions, showSearch: true, optionFilterProp: 'label' },
    },
    { field: 'status', label: '状态', widget: 'dict', props: { dictCode: 'answer_reservation_status' } },
    { field: 'personType', label: '预约对象', widget: 'dict', props: { dictCode: 'answer_person_type' } },
  ],
  superQuery: [
    { field: 'reservationNo', label: '预约编号' },
    { field: 'name', label: '姓名' },
    { field: 'mobile', label: '手机号' },
    { field: 'idCard', label: '身份证号' },
    { field: 'status', label: '状态', type: 'dict', dictCode: 'answer_reservation_status' },
    { field: 'personType', label: '预约对象', type: 'dict', dictCode: 'answer_person_type' },
    { field: 'username', label: '用户账号' },
    { field: 'createTime', label: '预约时间', type: 'datetime' },
    { field: 'checkinTime', label: '签到时间', type: 'datetime' },
  ],
  toolbar: [{ key: 'add', label: '新增', icon: <PlusOutlined />, auth: 'reservation:add', primary: true, run: 'add' }],
  batch: [
    {
      key: 'confirm',
      label: '批量确认',
      icon: <CheckOutlined />,
      auth: 'reservation:confirm',
      onClick: (ctx) =>
        void runCall(
          () => confirmReservations(selectedIds(ctx.list.selectedRowKeys)),
          () => {
            ctx.list.clearSelection();
            ctx.reload();
          },
        ),
    },
    {
      key: 'cancel',
      label: '批量取消',
      icon: <CloseOutlined />,
      auth: 'reservation:cancel',
      onClick: (ctx) => ctx.handlers.cancelBatch?.(undefined, ctx),
    },
  ],
  actionWidth: 200,
  rowActions: [
    { key: 'editPage', label: '编辑', auth: 'reservation:edit', run: 'editPage', show: canCancel },
    {
      key: 'confirm',
      label: '确认',
      auth: 'reservation:confirm',
      confirm: '确认该预约？',
      show: canConfirm,
      onClick: (r, ctx) => void runCall(() => confirmReservations([r.id]), ctx.reload),
    },
    {
      key: 'checkin',
      label: '签到',
      auth: 'reservation:checkin',
      confirm: '确认签到？',
      show: canCheckin,
      onClick: (r, ctx) => void runCall(() => checkinReservation(r.id), ctx.reload),
    },
    { key: 'cancel', label: '取消预约', auth: 'reservation:cancel', run: 'cancel', show: canCancel, more: true },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
});

/** the query values a ?status= drill-down opens the list with (a known reservation state only; 重置 clears it) */
export function reservationOpenWith(status: string | null): { status: string } | undefined {
  return status && RESERVATION_STATUS_TAGS[status] ? { status } : undefined;
}
