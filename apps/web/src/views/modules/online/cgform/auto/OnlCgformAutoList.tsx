import { OnlineList } from '../../../../../components/online/OnlineList';
import { useHeadId, useRouteQuery } from './use-head-id';

/** Online表单 (AUTO在线表单): the generated list of a form definition, `:code` = onl_cgform_head.id */
export default function OnlCgformAutoList() {
  const headId = useHeadId();
  const fixed = useRouteQuery();
  return <OnlineList key={headId} headId={headId} fixedParams={fixed} />;
}
