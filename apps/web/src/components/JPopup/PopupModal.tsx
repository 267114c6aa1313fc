import { Button, Col, Input, Modal, Row, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFeedback } from '../../utils/feedback';
import { JDictSelectTag } from '../JDictSelectTag';
import {
  fetchPopupData,
  fetchPopupQueryInfo,
  fetchPopupReport,
  type PopupQueryItem,
  type PopupReport,
} from './popup-api';
import {
  clampPage,
  combineRowKey,
  confirmPick,
  ellipsis,
  POPUP_ELLIPSIS,
  POPUP_MESSAGES,
  POPUP_MODAL_WIDTH,
  POPUP_PAGE_SIZE,
  POPUP_PAGE_SIZES,
  POPUP_SCROLL_Y,
  type PopupQuery,
  popupCellText,
  popupDataParams,
  toggleRow,
} from './popup-logic';

type Rec = Record<string, unknown>;

export interface PopupModalProps {
  open: boolean;
  /** report code */
  code: string;
  multi?: boolean;
  /** `self_*` parameters */
  param?: PopupQuery['param'];
  /** "field=asc" */
  sorter?: string | null;
  /** rows of one group share answers for 30 s */
  groupId?: string | null;
  /** cell text cut (-1 keeps whole) @default 12 */
  ellipsisLength?: number;
  /** modal width @default 1200 (the report popup) */
  width?: number;
  onOk: (rows: Rec[]) => void;
  onCancel: () => void;
}

const isHidden = (q: PopupQueryItem) => q.hidden === '1' || q.hidden === 1 || q.hidden === true;

/**
 * The popup record picker (JeecgBoot JPopupOnlReport; spec 02 §4 "Popup picker", §8, §9): opening loads the report's
 * columns, then its query info, then the data (page size 5); rows toggle by click (single mode keeps the last one);
 * 确定 needs a row (请选择一条记录); closing clears the selection. An init failure shows 出错了 /
 * Popup初始化失败，请检查你的配置或稍后重试！ with the server message, and OK closes the picker.
 */
export function PopupModal({
  open,
  code,
  multi = false,
  param,
  sorter,
  groupId,
  ellipsisLength = POPUP_ELLIPSIS,
  width = POPUP_MODAL_WIDTH,
  onOk,
  onCancel,
}: PopupModalProps) {
  const { message, modal } = useFeedback();
  const [report, setReport] = useState<PopupReport | null>(null);
  const [queryInfo, setQueryInfo] = useState<PopupQueryItem[]>([]);
  const [draft, setDraft] = useState<Rec>({});
  const [query, setQuery] = useState<Rec>({});
  const [expanded, setExpanded] = useState(false);
  const [page, setPage] = useState({ pageNo: 1, pageSize: POPUP_PAGE_SIZE });
  const [sort, setSort] = useState<PopupQuery['sort']>(null);
  const [rows, setRows] = useState<Rec[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const picked = useRef(new Map<string, Rec>());
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;

  // open: columns → query info → data; closed: selection cleared
  useEffect(() => {
    if (!open) {
      setSelected([]);
      picked.current.clear();
      return;
    }
    let alive = true;
    setReport(null);
    setDraft({});
    setQuery({});
    setSort(null);
    setPage({ pageNo: 1, pageSize: POPUP_PAGE_SIZE });
    fetchPopupReport(code)
      .then(async (r) => {
        if (!alive) return;
        try {
          const info = await fetchPopupQueryInfo(r.cgRpConfigId);
          if (alive) setQueryInfo(info);
        } catch (err) {
          if (alive && err instanceof Error && err.message) message.warning(err.message);
        }
        if (alive) setReport(r);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        const detail = err instanceof Error && /[\u4e00-\u9fa5]/.test(err.message) ? err.message : '';
        modal.error({
          title: POPUP_MESSAGES.initTitle,
          content: detail ? `${POPUP_MESSAGES.initFailed}${detail}` : POPUP_MESSAGES.initFailed,
          onOk: () => onCancelRef.current(),
        });
      });
    return () => {
      alive = false;
    };
  }, [open, code, message, modal]);

  const load = useCallback(async () => {
    if (!report) return;
    setLoading(true);
    try {
      const params = popupDataParams({ ...page, query, param, sorter, sort });
      const res = await fetchPopupData(report.cgRpConfigId, params, groupId);
      const back = clampPage(page.pageNo, page.pageSize, res.total);
      if (back !== page.pageNo && res.total > 0) {
        setPage((p) => ({ ...p, pageNo: back }));
        return;
      }
      setRows(res.records);
      setTotal(res.total);
    } catch (err) {
      setRows([]);
      setTotal(0);
      if (err instanceof Error && err.message) message.warning(err.message);
    } finally {
      setLoading(false);
    }
  }, [report, page, query, param, sorter, sort, groupId, message]);

  useEffect(() => {
    if (open && report) void load();
  }, [open, report, load]);

  const keyed = useMemo(() => rows.map((r) => ({ key: combineRowKey(r), row: r })), [rows]);
  const columns: TableColumnsType<{ key: string; row: Rec }> = useMemo(
    () =>
      (report?.columns ?? []).map((c) => ({
        title: c.title,
        dataIndex: ['row', c.dataIndex],
        key: c.dataIndex,
        width: c.width,
        // the report says which columns sort (is_order); a report without the flag sorts on every column
        sorter: c.sorter ?? true,
        render: (_: unknown, r: { row: Rec }) => {
          const text = popupCellText(r.row[c.dataIndex], c.customRender, report?.dictOptions);
          const cut = ellipsis(text, ellipsisLength);
          return cut === text ? text : <span title={text}>{cut}</span>;
        },
      })),
    [report, ellipsisLength],
  );

  const toggle = (key: string, row: Rec) => {
    const next = toggleRow(selected, key, multi);
    if (next.includes(key)) picked.current.set(key, row);
    if (!multi) for (const k of [...picked.current.keys()]) if (!next.includes(k)) picked.current.delete(k);
    setSelected(next);
  };

  const submit = () => {
    const out = selected.map((k) => picked.current.get(k)).filter((r): r is Rec => !!r);
    const err = confirmPick(out, multi);
    if (err) {
      message.warning(err);
      return;
    }
    onOk(out);
  };

  const shownQuery = queryInfo.filter((q) => expanded || !isHidden(q));
  const hasHidden = queryInfo.some(isHidden);

  return (
    <Modal
      title={report?.cgRpConfigName || '选择'}
      open={open && !!report}
      width={width}
      okText="确定"
      cancelText="关闭"
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {queryInfo.length ? (
        <Row gutter={[12, 8]} style={{ marginBottom: 12 }}>
          {shownQuery.map((q) => (
            <Col key={q.field} xs={24} sm={12} md={8}>
              <QueryField item={q} values={draft} onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v }))} />
            </Col>
          ))}
          <Col xs={24} sm={12} md={8}>
            <Space>
              <Button
                type="primary"
                onClick={() => {
                  setQuery(draft);
                  setPage((p) => ({ ...p, pageNo: 1 }));
                }}
              >
                查询
              </Button>
              <Button
                onClick={() => {
                  setDraft({});
                  setQuery({});
                  setPage((p) => ({ ...p, pageNo: 1 }));
                }}
              >
                重置
              </Button>
              {hasHidden ? (
                <Button type="link" onClick={() => setExpanded((e) => !e)}>
                  {expanded ? '收起' : '展开'}
                </Button>
              ) : null}
            </Space>
          </Col>
        </Row>
      ) : null}
      <Table<{ key: string; row: Rec }>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={keyed}
        loading={loading}
        scroll={{ x: true, y: POPUP_SCROLL_Y }}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: selected,
          onSelect: (r) => toggle(r.key, r.row),
          onSelectAll: (all, _rows, changed) => {
            let next = selected;
            for (const c of changed) {
              if (all && !next.includes(c.key)) next = [...next, c.key];
              if (!all) next = next.filter((k) => k !== c.key);
              if (all) picked.current.set(c.key, c.row);
            }
            setSelected(next);
          },
        }}
        onRow={(r) => ({
          // the selection column's own checkbox / radio already toggles through onSelect
          onClick: (e) => {
            if ((e.target as Element).closest?.('.ant-table-selection-column')) return;
            toggle(r.key, r.row);
          },
          style: { cursor: 'pointer' },
        })}
        onChange={(pg, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          const field = one?.columnKey ? String(one.columnKey) : '';
          setSort(field && one?.order ? { column: field, order: one.order === 'ascend' ? 'asc' : 'desc' } : null);
          setPage({ pageNo: pg.current ?? 1, pageSize: pg.pageSize ?? POPUP_PAGE_SIZE });
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total,
          pageSizeOptions: POPUP_PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (t, range) => `${range[0]}-${range[1]} 共 ${t} 条`,
        }}
      />
    </Modal>
  );
}

function QueryField({
  item,
  values,
  onChange,
}: {
  item: PopupQueryItem;
  values: Rec;
  onChange: (key: string, value: unknown) => void;
}) {
  const label = item.label || item.field;
  const str = (k: string) => (values[k] === undefined || values[k] === null ? '' : String(values[k]));
  if (item.mode === 'group') {
    const b = `${item.field}_begin`;
    const e = `${item.field}_end`;
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input placeholder={`${label}开始`} value={str(b)} onChange={(ev) => onChange(b, ev.target.value)} />
        <Input placeholder={`${label}结束`} value={str(e)} onChange={(ev) => onChange(e, ev.target.value)} />
      </Space.Compact>
    );
  }
  if (
    item.dictCode &&
    (item.view === 'list' || item.view === 'radio' || item.view === 'checkbox' || item.view === 'list_multi')
  )
    return (
      <JDictSelectTag
        dictCode={item.dictCode}
        placeholder={`请选择${label}`}
        value={str(item.field) || undefined}
        onChange={(v) => onChange(item.field, v ?? '')}
      />
    );
  return (
    <Input
      placeholder={`请输入${label}`}
      value={str(item.field)}
      onChange={(ev) => onChange(item.field, ev.target.value)}
    />
  );
}
