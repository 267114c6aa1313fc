import { useState } from 'react';
import type { DataLog } from '../../api/log';
import { CrudPage } from '../../components/kit';
import { useCan } from '../../permission/useCan';
import { CompareModal, type CompareTarget, compareTarget, HistoryModal } from './datalog/compare';
import { dataLogPage } from './datalog/data-log.data';

/** 数据日志 (component system/DataLogList): the declaration in datalog/data-log.data.tsx, the dialogs in compare.tsx. */
export default function DataLogList() {
  const canCompare = useCan()('dataLog:compare') === 'allow';
  const [compare, setCompare] = useState<CompareTarget | null>(null);
  const [history, setHistory] = useState<DataLog | null>(null);
  return (
    <CrudPage
      schema={dataLogPage}
      handlers={{
        compare: (_, ctx) => setCompare(compareTarget(ctx?.list.selectedRows ?? [])),
        history: (r) => setHistory(r ?? null),
      }}
    >
      {() => (
        <>
          <CompareModal target={compare} onClose={() => setCompare(null)} />
          <HistoryModal
            row={history}
            canCompare={canCompare}
            onClose={() => setHistory(null)}
            onCompare={(target) => {
              setHistory(null);
              setCompare(target);
            }}
          />
        </>
      )}
    </CrudPage>
  );
}
