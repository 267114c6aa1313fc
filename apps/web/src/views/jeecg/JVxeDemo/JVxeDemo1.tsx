// 常见案例 → JVxeTable示例: tabs 普通示例 (every basic column type), 树形 (lazy tree rows over /mock/vxe/getData),
// 弹出子表 (a row click opens its 子表 popover). `?bench=1` renders the measurement grid (window.__grid) instead.
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { BenchGridPage } from './bench-grid';
import { NormalDemo } from './normal-demo';
import { PopupSubDemo } from './popup-sub-demo';
import { TreeDemo } from './tree-demo';

const TABS = [
  { key: 'normal', label: '普通示例', children: <NormalDemo /> },
  { key: 'tree', label: '树形', children: <TreeDemo /> },
  { key: 'popupSub', label: '弹出子表', children: <PopupSubDemo /> },
];

function DemoPage() {
  return (
    <Card title="JVxeTable示例" variant="borderless">
      <Tabs items={TABS} />
    </Card>
  );
}

export default function JVxeDemo1() {
  const [params] = useSearchParams();
  return params.get('bench') === '1' ? <BenchGridPage /> : <DemoPage />;
}
