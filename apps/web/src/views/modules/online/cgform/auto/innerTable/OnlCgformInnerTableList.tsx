import { OnlineList } from '../../../../../../components/online/OnlineList';
import { OnlineSubRows } from '../../../../../../components/online/OnlineSubRows';
import { useHeadId, useRouteQuery } from '../use-head-id';

/** Online内嵌子表表单: the main list; an expanded row shows its sub rows inline */
export default function OnlCgformInnerTableList() {
  const headId = useHeadId();
  const fixed = useRouteQuery();
  return (
    <OnlineList
      key={headId}
      headId={headId}
      fixedParams={fixed}
      expandedRowRender={(row) => <OnlineSubRows headId={headId} mainId={String(row.id)} />}
    />
  );
}
