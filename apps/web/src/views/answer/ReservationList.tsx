import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type AnswerReservation, cancelReservations } from '../../api/answer';
import { JPrompt } from '../../components/JPrompt';
import { type ActionContext, CrudPage, runCall } from '../../components/kit';
import { reservationOpenWith, reservationPage } from './reservation.data';
import { onReservationsChanged, RESERVATION_FORM_PATH, savesSoFar } from './reservation-rules';

/** reloads the (kept-alive) list when the form page saved, also while it was in the background */
function ReloadOnSave({ reload }: { reload: () => void }) {
  const seen = useRef(savesSoFar());
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    const check = () => {
      if (savesSoFar() === seen.current) return;
      seen.current = savesSoFar();
      latest.current();
    };
    check();
    return onReservationsChanged(check);
  }, []);
  return null;
}

/**
 * 答题预约 (component answer/ReservationList): the declaration in reservation.data.tsx; 新增 / 编辑 open the form page
 * (answer/ReservationForm, ?id= to edit), 取消 and 批量取消 ask for the reason.
 */
export default function ReservationList() {
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState<{ ids: string[]; title: string } | null>(null);
  const askCancel = (ids: string[], title: string) => ids.length && setCancelling({ ids, title });
  // ?status= (the 任务 page's 待确认预约 drill-down): the list opens filtered on that state, shown in the query form
  const status = useSearchParams()[0].get('status');
  const openWith = useMemo(() => reservationOpenWith(status), [status]);
  return (
    <CrudPage
      key={status ?? ''}
      schema={reservationPage}
      openWith={openWith}
      handlers={{
        add: () => navigate(RESERVATION_FORM_PATH),
        editPage: (r) => r && navigate(`${RESERVATION_FORM_PATH}?id=${encodeURIComponent(r.id)}`),
        cancel: (r) => r && askCancel([r.id], `取消预约【${r.reservationNo} ${r.name}】`),
        cancelBatch: (_r, ctx?: ActionContext<AnswerReservation>) =>
          ctx &&
          askCancel(ctx.list.selectedRowKeys.map(String), `批量取消选中的 ${ctx.list.selectedRowKeys.length} 条预约`),
      }}
    >
      {(ctx) => (
        <>
          <ReloadOnSave reload={ctx.reload} />
          <JPrompt
            open={!!cancelling}
            title="取消预约"
            content={cancelling?.title}
            placeholder="请输入取消原因"
            multiline
            rules={[
              { required: true, whitespace: true, message: '请输入取消原因' },
              { max: 500, message: '最大长度500位字符' },
            ]}
            onOk={async (reason) => {
              if (!cancelling) return false;
              const ok = await runCall(
                () => cancelReservations(cancelling.ids, reason.trim()),
                () => {
                  ctx.list.clearSelection();
                  ctx.reload();
                },
              );
              return ok ? undefined : false;
            }}
            onCancel={() => setCancelling(null)}
          />
        </>
      )}
    </CrudPage>
  );
}
