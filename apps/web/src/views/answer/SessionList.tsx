import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AnswerSession, cancelSession } from '../../api/answer';
import { JPrompt } from '../../components/JPrompt';
import { CrudPage, runCall } from '../../components/kit';
import { sessionOpenWith, sessionPage } from './session.data';

/** 答题场次 (component answer/SessionList): the declaration in session.data.tsx; 取消场次 asks for the reason. */
export default function SessionList() {
  const [cancelOf, setCancelOf] = useState<AnswerSession | null>(null);
  // ?date= / ?status= (the 任务 page's 今日场次 drill-down): the list opens filtered, shown in the query form
  const [params] = useSearchParams();
  const query = params.toString();
  const openWith = useMemo(() => sessionOpenWith(new URLSearchParams(query)), [query]);
  return (
    <CrudPage key={query} schema={sessionPage} openWith={openWith} handlers={{ cancel: (r) => setCancelOf(r ?? null) }}>
      {(ctx) => (
        <JPrompt
          open={!!cancelOf}
          title="取消场次"
          content={
            cancelOf
              ? `取消场次【${cancelOf.name}】后，其全部待确认和已确认的预约将被取消，并通知已预约的系统用户。`
              : null
          }
          placeholder="请输入取消原因"
          multiline
          rules={[
            { required: true, whitespace: true, message: '请输入取消原因' },
            { max: 500, message: '最大长度500位字符' },
          ]}
          onOk={async (reason) => {
            if (!cancelOf) return false;
            const ok = await runCall(() => cancelSession(cancelOf.id, reason.trim()), ctx.reload);
            return ok ? undefined : false;
          }}
          onCancel={() => setCancelOf(null)}
        />
      )}
    </CrudPage>
  );
}
