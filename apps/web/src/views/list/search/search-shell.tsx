import { Card, Input, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const TABS = [
  { key: '/list/search/article', label: '文章' },
  { key: '/list/search/project', label: '项目' },
  { key: '/list/search/application', label: '应用' },
];

/**
 * The header of 搜索列表 (list/search/SearchLayout in the original): the keyword search and the 文章 / 项目 / 应用 tabs.
 * The keyword lives in the url (`?q=`), so it stays when the tab changes.
 */
export function SearchShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
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
            onSearch={(v) => setParams(v.trim() ? { q: v.trim() } : {})}
            data-testid="search-keyword"
          />
        </div>
        <Tabs
          activeKey={pathname}
          items={TABS}
          onChange={(k) => navigate(q ? `${k}?q=${encodeURIComponent(q)}` : k)}
          style={{ marginTop: 16, marginBottom: -16 }}
        />
      </Card>
      {children}
    </div>
  );
}

export const useKeyword = () => useSearchParams()[0].get('q') ?? '';
