import { OnlineList } from '../../../../../components/online/OnlineList';
import { useHeadId, useRouteQuery } from './use-head-id';

/** Online树表单: root rows paged, children loaded on expansion (getTreeData with the parent id) */
export default function OnlCgformTreeList() {
  const headId = useHeadId();
  const fixed = useRouteQuery();
  return <OnlineList key={headId} headId={headId} fixedParams={fixed} variant="tree" />;
}
