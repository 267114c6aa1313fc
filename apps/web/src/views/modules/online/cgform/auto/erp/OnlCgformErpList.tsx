import { Card, Empty, Result, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { getErpColumns, type OnlErpColumns, type OnlRecord } from '../../../../../../api/cgform-runtime';
import { OnlineList } from '../../../../../../components/online/OnlineList';
import { erpSubParams } from '../../../../../../components/online/online-logic';
import { useHeadId, useRouteQuery } from '../use-head-id';

/** sub tables of an ERP screen page by 5 (contract-2 §4.1) */
const SUB_PAGE_SIZE = 5;

/**
 * Online ERP表单: the main list (a click chooses the row) and a tab per sub table, each its own paged list of the
 * chosen row's sub records (getData with tabletype and the foreign key); a new sub record gets the foreign key.
 */
export default function OnlCgformErpList() {
  const headId = useHeadId();
  const fixed = useRouteQuery();
  const [erp, setErp] = useState<OnlErpColumns | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [main, setMain] = useState<OnlRecord | null>(null);

  useEffect(() => {
    let alive = true;
    setErp(null);
    setMain(null);
    getErpColumns(headId)
      .then((res) => {
        if (!alive) return;
        if (!res.success || !res.result) setError(res.message || '表单配置加载失败');
        else setErp(res.result);
      })
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      alive = false;
    };
  }, [headId]);

  if (error)
    return (
      <Card variant="borderless">
        <Result status="warning" title="表单配置加载失败" subTitle={error} />
      </Card>
    );
  if (!erp)
    return (
      <Card variant="borderless">
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      </Card>
    );

  return (
    <Card variant="borderless" title={erp.main.description || undefined}>
      <OnlineList
        headId={headId}
        info={erp.main}
        fixedParams={fixed}
        embedded
        erpMain
        onRowClick={setMain}
        activeRowId={main ? String(main.id) : null}
        onLoaded={(rows) => setMain((m) => (m && rows.some((r) => String(r.id) === String(m.id)) ? m : null))}
      />
      <Tabs
        style={{ marginTop: 16 }}
        items={erp.subList.map((sub, i) => {
          const p = erpSubParams(sub, main);
          return {
            key: String(sub.code ?? sub.currentTableName ?? i),
            label: sub.description || sub.currentTableName || `子表${i + 1}`,
            children: main ? (
              <OnlineList
                key={`${sub.code}:${String(main.id)}`}
                headId={String(sub.code ?? '')}
                info={sub}
                noQuery
                embedded
                pageSize={SUB_PAGE_SIZE}
                fixedParams={p.params}
                formInit={p.init}
                tabletype={p.tabletype}
              />
            ) : (
              <Empty description="请先选择一条主表记录" />
            ),
          };
        })}
      />
    </Card>
  );
}
