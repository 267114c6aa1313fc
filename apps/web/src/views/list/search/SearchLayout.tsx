import { Navigate } from 'react-router';

/** 搜索列表 (list/search/SearchLayout): its 文章 tab, as the original's redirect (the tabs are in search-shell). */
export default function SearchLayout() {
  return <Navigate to="/list/search/article" replace />;
}
