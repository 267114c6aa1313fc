import { OnlineList } from '../../../../../../components/online/OnlineList';
import { useHeadId, useRouteQuery } from '../use-head-id';

/** Online Tab表单: the generated list whose form shows the main record and each sub table as tabs */
export default function OnlCgformTabList() {
  const headId = useHeadId();
  const fixed = useRouteQuery();
  return <OnlineList key={headId} headId={headId} fixedParams={fixed} formLayout="tab" />;
}
