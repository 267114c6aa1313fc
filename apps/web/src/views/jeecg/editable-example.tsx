import { Alert, Button, Space, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getVxeData, immediateSaveRow } from '../../api/demo';
import { type JVxeRow, JVxeTable, type JVxeTableApi, type JVxeValueChangeEvent } from '../../components/jvxe';
import { useVxeSocket } from '../../components/jvxe/socket';
import { feedback } from '../../utils/feedback';
import {
  describeError,
  FIELD_COLUMNS,
  initialFieldRows,
  LIVE_COLUMNS,
  LIVE_PAGE_ID,
  liveRowBody,
} from './editable-example.data';

type Collected = { ok: true; rows: JVxeRow[]; deletedIds: string[] } | { ok: false; error: string };

/** 普通列表: an editable table of database fields — toolbar, drag sort, statistics, validation and 获取值 */
export function FieldsDemo() {
  const api = useRef<JVxeTableApi>(null);
  const [data, setData] = useState<JVxeRow[]>(initialFieldRows);
  const [collected, setCollected] = useState<Collected | null>(null);

  const collect = async () => {
    const table = api.current;
    if (!table) return;
    try {
      const rows = await table.getValues({ validate: true });
      setCollected({ ok: true, rows, deletedIds: table.getDeletedIds() });
      feedback.message.success(`获取值成功，共 ${rows.length} 行`);
    } catch (e) {
      const error = describeError(e);
      setCollected({ ok: false, error });
      feedback.message.error(error);
    }
  };

  return (
    <div data-testid="editable-fields">
      <JVxeTable
        ref={api}
        columns={FIELD_COLUMNS}
        dataSource={data}
        rowNumber
        rowSelection
        dragSort
        sortKey="orderNum"
        toolbar
        statistics
        maxHeight={380}
        toolbarSuffix={
          <Space wrap>
            <Button type="primary" onClick={() => void collect()} data-testid="editable-collect">
              获取值
            </Button>
            <Button
              onClick={() => {
                setData(initialFieldRows());
                setCollected(null);
              }}
            >
              重置数据
            </Button>
          </Space>
        }
      />
      {collected &&
        (collected.ok ? (
          <Alert
            style={{ marginTop: 12 }}
            type="success"
            title={`获取值成功：${collected.rows.length} 行，删除的 id：${collected.deletedIds.join(',') || '无'}`}
            description={
              <pre className="editable-values" data-testid="editable-values">
                {JSON.stringify(collected.rows, null, 2)}
              </pre>
            }
          />
        ) : (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            title="验证未通过"
            description={<span data-testid="editable-error">{collected.error}</span>}
          />
        ))}
    </div>
  );
}

/**
 * 实时同步: the ship rows of /mock/vxe/getData. A changed cell saves its row at once (PUT immediateSaveRow) and tells
 * the other browsers showing this page through /vxeSocket (by its id); a row another browser saved is read again
 * through the API and reloaded here, its old values shown for a moment.
 */
export function LiveDemo() {
  const api = useRef<JVxeTableApi>(null);
  const [rows, setRows] = useState<JVxeRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [lastSync, setLastSync] = useState<string | null>(null);

  // the socket carries the ids only: the rows are read again through the API (ADR 076)
  const onRowsChanged = useCallback((ids: string[]) => {
    getVxeData({ ids: ids.slice(0, 100).join(','), pageSize: Math.min(ids.length, 100) })
      .then((res) => {
        const fresh = (res.success ? (res.result?.records ?? []) : []) as unknown as JVxeRow[];
        if (!fresh.length) return;
        api.current?.reloadRows(fresh);
        setLastSync(String(fresh[0].ship_name ?? fresh[0].id ?? ''));
      })
      .catch(() => {
        // shown by the http client
      });
  }, []);
  const socket = useVxeSocket({ pageId: LIVE_PAGE_ID, onRowsChanged });

  useEffect(() => {
    let alive = true;
    getVxeData({ pageNo: 1, pageSize: 20 })
      .then((res) => {
        if (!alive) return;
        if (res.success) setRows((res.result?.records ?? []) as unknown as JVxeRow[]);
        else feedback.message.warning(res.message);
      })
      .catch(() => {
        // shown by the http client
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  const save = async (e: JVxeValueChangeEvent) => {
    const table = api.current;
    if (!table) return;
    let row: JVxeRow | undefined;
    try {
      [row] = await table.getValues({ validate: true, rowIds: [e.rowId] });
    } catch {
      return; // the invalid cell shows its message; nothing is saved
    }
    if (!row) return;
    const body = liveRowBody({ ...row, id: e.rowId });
    try {
      const res = await immediateSaveRow(body);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success('保存成功');
      socket.sendRowUpdate(body);
    } catch {
      // shown by the http client
    }
  };

  const columns = useMemo(() => LIVE_COLUMNS, []);
  return (
    <div data-testid="editable-live">
      <Space style={{ marginBottom: 8 }}>
        <Tag color={socket.connected ? 'green' : 'default'} data-testid="live-status">
          {socket.connected ? '实时同步已连接' : '实时同步未连接'}
        </Tag>
        <span>修改单元格即保存该行，打开本页的其他浏览器会实时看到。</span>
        {lastSync && <Tag color="blue">已同步：{lastSync}</Tag>}
      </Space>
      <JVxeTable
        ref={api}
        columns={columns}
        dataSource={rows}
        loading={loading}
        rowNumber
        maxHeight={420}
        onValueChange={(e) => void save(e)}
      />
    </div>
  );
}
