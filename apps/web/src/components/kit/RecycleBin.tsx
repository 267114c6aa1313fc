import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { feedback } from '../../utils/feedback';
import { DEFAULT_PAGE_SIZE, LIST_MESSAGES, SelectionAlert, totalText, useActionColumn } from '../list';
import { KitModal } from './CrudEditor';
import { toAntColumn } from './columns';
import type { ConfirmSpec, RecycleBinSchema, Row } from './types';

const dialogOf = (c: ReactNode | ConfirmSpec | undefined): ConfirmSpec | null =>
  c && typeof c === 'object' && 'content' in c && typeof c.content === 'function' ? (c as ConfirmSpec) : null;

/**
 * The recycle bin of an entity with logical deletion: the deleted rows, 还原 (back to the list) and 彻底删除
 * (with a confirmation), per row and — when declared — for the selected rows.
 */
export function RecycleBin<T>({
  bin,
  open,
  onClose,
  onRestored,
  rowKey = 'id',
}: {
  bin: RecycleBinSchema<T>;
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
  rowKey?: string;
}) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await bin.list();
      if (res.success) setRows(res.result ?? []);
      else feedback.message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, [bin]);

  useEffect(() => {
    if (open) {
      setSelected([]);
      void load();
    }
  }, [open, load]);

  const run = async (ids: string[], restore: boolean) => {
    try {
      const res = await (restore ? bin.restore(ids) : bin.purge(ids));
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      const custom = restore ? bin.restoredMessage : bin.purgedMessage;
      feedback.message.success(custom ? custom(ids.length) : res.message);
      setSelected([]);
      await load();
      if (restore) onRestored();
    } catch {
      // shown by the http client
    }
  };
  /** with a confirmation dialog when declared (a popconfirm guards the link otherwise) */
  const act = (ids: string[], restore: boolean) => {
    if (!ids.length) {
      feedback.message.warning(LIST_MESSAGES.selectOne);
      return;
    }
    const spec = restore ? bin.restoreConfirm : dialogOf(bin.purgeConfirm);
    if (!spec) return void run(ids, restore);
    feedback.modal.confirm({
      title: spec.title,
      content: spec.content(ids.length),
      centered: true,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: spec.danger ? { danger: true } : undefined,
      onOk: () => run(ids, restore),
    });
  };

  const dialog = dialogOf(bin.purgeConfirm);
  const popTitle = dialog ? null : ((bin.purgeConfirm as ReactNode) ?? '确定要彻底删除吗？删除后不能恢复');
  /** 彻底删除 control: behind a popconfirm, or opening the confirmation dialog on click */
  const purgeLink = (ids: () => string[], node: (onClick?: () => void) => ReactNode) =>
    popTitle ? (
      <Popconfirm title={popTitle} okText="确定" cancelText="取消" onConfirm={() => act(ids(), false)}>
        {node()}
      </Popconfirm>
    ) : (
      node(() => act(ids(), false))
    );
  // on a phone: one ⋯ menu in a narrow column kept on screen (issue 29)
  const actions = useActionColumn();
  const columns = [
    {
      title: '#',
      key: 'rowIndex',
      width: 50,
      align: 'center' as const,
      render: (_: unknown, __: T, i: number) => i + 1,
    },
    ...bin.columns.map((c) => toAntColumn(c)),
    // kept at the right edge at every width: a bin's columns can be wider than its dialog (字典回收站 at 1366)
    actions.column<T>({
      width: 150,
      fixed: true,
      links: (r) => {
        const id = String((r as Row)[rowKey]);
        return {
          actions: [
            { key: 'restore', label: '还原', onClick: () => act([id], true) },
            {
              key: 'purge',
              label: <Typography.Text type="danger">彻底删除</Typography.Text>,
              danger: true,
              confirm: popTitle ?? undefined,
              onClick: () => act([id], false),
            },
          ],
        };
      },
    }),
  ];

  return (
    <KitModal title={bin.title} open={open} width={bin.width ?? 900} onCancel={onClose} footer={null}>
      {bin.batch && (
        <Space style={{ marginBottom: 12 }}>
          <Button disabled={!selected.length} onClick={() => act(selected, true)}>
            批量还原
          </Button>
          {purgeLink(
            () => selected,
            (onClick) => (
              <Button danger disabled={!selected.length} onClick={onClick}>
                批量彻底删除
              </Button>
            ),
          )}
        </Space>
      )}
      {bin.batch && selected.length > 0 && <SelectionAlert count={selected.length} onClear={() => setSelected([])} />}
      <Table<T>
        rowKey={rowKey}
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={bin.paged ? { pageSize: DEFAULT_PAGE_SIZE, showTotal: totalText } : false}
        scroll={{ x: 'max-content', ...(bin.paged ? {} : { y: 420 }) }}
        rowSelection={
          bin.batch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        data-testid="recycle-bin-table"
      />
    </KitModal>
  );
}
