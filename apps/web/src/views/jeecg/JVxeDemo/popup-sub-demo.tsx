// JVxeTable示例 → 弹出子表: the top-level ship rows of /mock/vxe/getData; a row click opens the 子表 popover under the
// row with that row's children (getData?parentId=<id>), clicking the row again closes it. The popover waits for the
// row to be rendered (scrolling it into view), at most 3 retries, then 打开子表失败.
import { Alert, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getVxeData, type VxeDemoRow } from '../../../api/demo';
import { type JVxeRow, JVxeTable, type JVxeTableApi } from '../../../components/jvxe';
import { SubTablePopover, useSubTablePopover } from '../../../components/jvxe/subtable';
import { shipColumns } from './ship-columns';

const MAIN_PAGE_SIZE = 20;
const SUB_PAGE_SIZE = 50;

/** the sub-table of one row: its children, loaded when the popover opens */
function ShipChildren({ parent }: { parent: JVxeRow }) {
  const columns = useMemo(shipColumns, []);
  const [rows, setRows] = useState<JVxeRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    setLoading(true);
    getVxeData({ parentId: String(parent.id), pageSize: SUB_PAGE_SIZE })
      .then((res) => {
        if (!alive) return;
        if (res.success) setRows((res.result?.records ?? []) as unknown as JVxeRow[]);
        else setError(res.message || '加载子表数据失败');
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [parent.id]);
  return (
    <div data-testid="jvxe-demo-sub">
      <Typography.Text type="secondary">
        {String(parent.ship_name ?? '')} 的子行（共 {loading ? '…' : rows.length} 条）
      </Typography.Text>
      {error ? (
        <Alert type="error" title={error} showIcon />
      ) : (
        <JVxeTable columns={columns} dataSource={rows} loading={loading} rowNumber maxHeight={240} />
      )}
    </div>
  );
}

export function PopupSubDemo() {
  const columns = useMemo(() => shipColumns().map((c) => ({ ...c, type: 'normal' })), []);
  const api = useRef<JVxeTableApi>(null);
  const root = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<VxeDemoRow[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    getVxeData({ pageNo: 1, pageSize: MAIN_PAGE_SIZE })
      .then((res) => alive && res.success && setRows(res.result?.records ?? []))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  const scrollToRow = useCallback((id: string) => api.current?.scrollToRow(id), []);
  const sub = useSubTablePopover({ root, scrollToRow });
  return (
    <div ref={root} data-testid="jvxe-demo-popup-sub">
      <Typography.Paragraph type="secondary">
        点击一行弹出它的子表，再次点击该行关闭；Esc 也可关闭。
      </Typography.Paragraph>
      <JVxeTable
        ref={api}
        columns={columns}
        dataSource={rows as unknown as JVxeRow[]}
        loading={loading}
        rowNumber
        maxHeight={480}
        onRowClick={(row, rowId) => void sub.toggle(row, rowId)}
      />
      <SubTablePopover state={sub.state} onClose={sub.close}>
        {(row) => <ShipChildren parent={row} />}
      </SubTablePopover>
    </div>
  );
}
