import { Button, Card, Col, Input, Modal, Row, Select, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../../api/http';
import { splitValue } from '../JSelectDepart/logic';
import { PickerFrame, usePickedRows, usePickerPage, useSubmitPicked } from '../picker';
import {
  type BizRow,
  clampPage,
  ellipsis,
  keyOf,
  listParams,
  POPUP_MODAL_WIDTH,
  POPUP_PAGE_SIZE,
  POPUP_PAGE_SIZES,
  POPUP_SCROLL_Y,
  pickedValue,
  toggleRow,
} from './biz-logic';

export interface BizColumn {
  title: string;
  dataIndex: string;
  width?: number;
}

export interface BizPickerConfig {
  /** modal title, e.g. 选择职务 */
  title: string;
  listUrl: string;
  columns: BizColumn[];
  /** list filter of the search box (e.g. name) */
  searchField: string;
  searchLabel: string;
  /** stored field of a row (e.g. code) */
  valueKey: string;
  /** shown field of a row (e.g. name) */
  displayKey: string;
  /** rows of a stored value (initial text) */
  resolve: (value: string) => Promise<BizRow[]>;
}

interface ModalProps {
  open: boolean;
  config: BizPickerConfig;
  multiple: boolean;
  initialRows: BizRow[];
  onOk: (rows: BizRow[]) => void;
  onCancel: () => void;
}

function cell(v: unknown) {
  const full = v === undefined || v === null ? '' : String(v);
  const cut = ellipsis(full);
  return cut === full ? full : <Tooltip title={full}>{cut}</Tooltip>;
}

/** The popup record picker (spec 02 §4, §9): search + paged list on the left, the chosen rows on the right. */
export function BizPickerModal({ open, config, multiple, initialRows, onOk, onCancel }: ModalProps) {
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [selected, setSelected] = useState<BizRow[]>([]);
  const loadPage = useCallback(
    (page: { pageNo: number; pageSize: number }) =>
      http.get<{ records?: BizRow[]; total?: number } | BizRow[]>(
        config.listUrl,
        listParams({ ...page, searchField: config.searchField, keyword: applied }),
      ),
    [config.listUrl, config.searchField, applied],
  );
  const { rows, loading, pagination, firstPage } = usePickerPage<BizRow>({
    open,
    pageSize: POPUP_PAGE_SIZE,
    pageSizes: POPUP_PAGE_SIZES,
    loadPage,
    failText: '数据加载失败',
    clamp: clampPage,
  });

  useEffect(() => {
    if (!open) return;
    setSelected(initialRows);
    setKeyword('');
    setApplied('');
    firstPage();
  }, [open, initialRows, firstPage]);

  const columns: TableColumnsType<BizRow> = useMemo(
    () => config.columns.map((c) => ({ title: c.title, dataIndex: c.dataIndex, width: c.width, render: cell })),
    [config.columns],
  );

  const submitPicked = useSubmitPicked(multiple, onOk);
  const submit = () => submitPicked(selected);

  const search = () => {
    setApplied(keyword);
    firstPage();
  };

  return (
    <Modal
      title={config.title}
      open={open}
      width={POPUP_MODAL_WIDTH}
      onOk={submit}
      onCancel={onCancel}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Row gutter={12}>
        <Col xs={24} md={16}>
          <Space wrap style={{ marginBottom: 8 }}>
            <span>{config.searchLabel}：</span>
            <Input
              allowClear
              placeholder={`请输入${config.searchLabel}`}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={search}
              style={{ width: 180 }}
              aria-label={config.searchLabel}
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                setApplied('');
                firstPage();
              }}
            >
              重置
            </Button>
          </Space>
          <Table<BizRow>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={loading}
            scroll={{ y: POPUP_SCROLL_Y }}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: selected.map((r) => r.id),
              onSelect: (record) => setSelected((prev) => toggleRow(prev, record, multiple)),
              onSelectAll: (checked, _all, changed) =>
                setSelected((prev) => {
                  const ids = new Set(changed.map((r) => r.id));
                  const rest = prev.filter((r) => !ids.has(r.id));
                  return checked ? [...rest, ...changed] : rest;
                }),
            }}
            onRow={(record) => ({
              onClick: () => setSelected((prev) => toggleRow(prev, record, multiple)),
              style: { cursor: 'pointer' },
            })}
            pagination={{ ...pagination, size: 'small' }}
          />
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title="已选择" styles={{ body: { padding: 0 } }}>
            <Table<BizRow>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ y: POPUP_SCROLL_Y + 40 }}
              dataSource={selected}
              locale={{ emptyText: '未选择' }}
              columns={[
                { title: config.columns[0]?.title, dataIndex: config.displayKey, render: cell },
                {
                  title: '操作',
                  width: 60,
                  render: (_, r) => (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setSelected((prev) => prev.filter((x) => x.id !== r.id))}
                    >
                      删除
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Modal>
  );
}

export interface BizPickerProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** the chosen rows */
  onBack?: (rows: BizRow[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  status?: 'error' | 'warning';
  style?: React.CSSProperties;
  id?: string;
}

/** rows of values the server does not know: shown as they are */
function unknownRows(current: string, valueKey: string, displayKey: string): BizRow[] {
  return splitValue(current).map((v) => ({ id: `unknown:${v}`, [valueKey]: v, [displayKey]: v }) as BizRow);
}

/** Input of a popup picker: the chosen rows as tags (removable) and a 选择 button. */
export function BizPicker({
  config,
  value,
  onChange,
  onBack,
  multiple = false,
  disabled,
  placeholder,
  status,
  style,
  id,
}: BizPickerProps & { config: BizPickerConfig }) {
  const { valueKey, displayKey, resolve } = config;
  const fallback = (current: string) => unknownRows(current, valueKey, displayKey);
  const resolveShown = useCallback(
    async (current: string) => {
      const found = await resolve(current);
      const known = new Set(found.map((r) => keyOf(r, valueKey)));
      return [...found, ...unknownRows(current, valueKey, displayKey).filter((r) => !known.has(keyOf(r, valueKey)))];
    },
    [resolve, valueKey, displayKey],
  );
  const picked = usePickedRows<BizRow>({
    value,
    scope: `${valueKey}:${displayKey}`,
    resolve: resolveShown,
    fallback,
    toValue: (next) => pickedValue(next, valueKey, displayKey).value,
    onChange,
    onBack,
  });
  const { rows, emit } = picked;
  const initialRows = useMemo(() => rows.filter((r) => !r.id.startsWith('unknown:')), [rows]);
  const keys = rows.map((r) => keyOf(r, valueKey));
  const options = rows.map((r) => ({ value: keyOf(r, valueKey), label: keyOf(r, displayKey) || keyOf(r, valueKey) }));

  return (
    <>
      <PickerFrame style={style} disabled={disabled} onOpen={picked.open}>
        <Select
          id={id}
          mode={multiple ? 'multiple' : undefined}
          open={false}
          allowClear
          disabled={disabled}
          status={status}
          placeholder={placeholder ?? `请选择${config.title.replace(/^选择/, '')}`}
          value={multiple ? keys : (keys[0] ?? undefined)}
          options={options}
          onClick={() => !disabled && picked.open()}
          onChange={(next: string | string[] | undefined) => {
            const list = Array.isArray(next) ? next : next ? [next] : [];
            emit(rows.filter((r) => list.includes(keyOf(r, valueKey))));
          }}
          style={{ width: '100%' }}
          suffixIcon={null}
        />
      </PickerFrame>
      <BizPickerModal {...picked.modal} config={config} multiple={multiple} initialRows={initialRows} />
    </>
  );
}
