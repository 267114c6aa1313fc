// JVxeTable示例 → 树形: the ship rows of /mock/vxe/getData as a lazy tree (JTreeTable): a row with children shows
// 'loading...' under it while getData?parentId=<id> answers, then its children; an empty answer makes it a leaf.
import { Typography } from 'antd';
import { useMemo } from 'react';
import { VXE_MOCK_URLS } from '../../../api/demo';
import { JTreeTable } from '../../../components/jvxe/tree/JTreeTable';
import { shipColumns } from './ship-columns';

const QUERY = { pageSize: 20 };

export function TreeDemo() {
  const columns = useMemo(shipColumns, []);
  return (
    <div data-testid="jvxe-demo-tree">
      <Typography.Paragraph type="secondary">
        点击船名前的三角展开下级（按需从服务器加载）；展开时先显示 loading...，加载完成后显示子行。
      </Typography.Paragraph>
      <JTreeTable url={VXE_MOCK_URLS.getData} queryParams={QUERY} columns={columns} rowNumber maxHeight={480} />
    </div>
  );
}
