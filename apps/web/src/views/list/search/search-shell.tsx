import { Card, Input, Tabs } from 'antd';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { key: '/list/search/article', label: '文章' },
  { key: '/list/search/project', label: '项目' },
  { key: '/list/search/application', label: '应用' },
];

/**
 * The keyword of 搜索列表, shared by its three tab pages (each is a route and a page tab of its own; a `?q=` in the url
 * would open a new page tab per keyword).
 */
let keyword = '';
const listeners = new Set<() => void>();
const keywordStore = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => keyword,
  set(next: string) {
    keyword = next;
    for (const l of listeners) l();
  },
};

export const useKeyword = () => useSyncExternalStore(keywordStore.subscribe, keywordStore.get);

/**
 * The header of 搜索列表 (list/search/SearchLayout in the original): the keyword search and the 文章 / 项目 / 应用 tabs;
 * the keyword stays when the tab changes.
 */
export function SearchShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const q = useKeyword();
  return (
    <div>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <div style={{ textAlign: 'center' }}>
          <Input.Search
            key={q}
            defaultValue={q}
            placeholder="请输入"
            enterButton="搜索"
            size="large"
            allowClear
            style={{ maxWidth: 522, width: '100%' }}
            onSearch={(v) => keywordStore.set(v.trim())}
            data-testid="search-keyword"
          />
        </div>
        <Tabs
          activeKey={pathname}
          items={TABS}
          onChange={(k) => navigate(k)}
          style={{ marginTop: 16, marginBottom: -16 }}
        />
      </Card>
      {children}
    </div>
  );
}
