// JVxeTable示例 → 普通示例: every basic column type with toolbar, add/remove/drag/statistics/validation and save
// (getValues → result shown in a dialog).
import { Button, Modal, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { type JVxeRow, JVxeTable, type JVxeTableApi, type JVxeValidationError } from '../../../components/jvxe';
import { feedback } from '../../../utils/feedback';
import { demoColumns, demoRows } from './demo-columns';

/** 普通示例: every basic column type with toolbar, add/remove/drag/statistics/validation and save (getValues → result) */
export function NormalDemo() {
  const api = useRef<JVxeTableApi>(null);
  const columns = useMemo(demoColumns, []);
  const [data, setData] = useState<JVxeRow[]>(demoRows);
  const [result, setResult] = useState<{ rows: JVxeRow[]; deletedIds: string[] } | null>(null);

  const save = async () => {
    const table = api.current;
    if (!table) return;
    try {
      const rows = await table.getValues();
      setResult({ rows, deletedIds: table.getDeletedIds() });
    } catch (e) {
      const err = e as JVxeValidationError;
      feedback.message.error(err?.message ? `第${err.rowIndex + 1}行「${err.title}」：${err.message}` : String(e));
    }
  };

  // saved rows are removed only after an asynchronous confirmation
  const asyncRemove = (rows: JVxeRow[]) =>
    new Promise<boolean>((resolve) => {
      feedback.modal.confirm({
        title: '删除已保存的数据',
        content: `其中 ${rows.length} 行已保存，删除后保存时将从服务器删除，确定吗？`,
        onOk: () => new Promise<void>((r) => setTimeout(r, 300)).then(() => resolve(true)),
        onCancel: () => resolve(false),
      });
    });

  const reloadFirst = () => {
    const table = api.current;
    const first = table?.getTableData()[0];
    if (!table || !first) return;
    table.reloadRows([{ ...first, name: `${String(first.name ?? '')}*`, num: Number(first.num ?? 0) + 1 }]);
  };

  return (
    <>
      <JVxeTable
        ref={api}
        columns={columns}
        dataSource={data}
        toolbar
        rowNumber
        rowSelection
        dragSort
        statistics
        asyncRemove={asyncRemove}
        maxHeight={480}
        toolbarSuffix={
          <Space wrap>
            <Button type="primary" onClick={save}>
              保存
            </Button>
            <Button onClick={() => api.current?.validateTable()}>校验</Button>
            <Button onClick={reloadFirst}>无痕刷新第一行</Button>
            <Button onClick={() => setData(demoRows())}>重新加载</Button>
          </Space>
        }
      />
      <Modal open={result !== null} title="保存的数据" width={800} footer={null} onCancel={() => setResult(null)}>
        {result && (
          <>
            <Typography.Paragraph>
              共 {result.rows.length} 行；删除的 id：{result.deletedIds.join(', ') || '无'}
            </Typography.Paragraph>
            <pre className="jvxe-demo-result" style={{ maxHeight: 400, overflow: 'auto', fontSize: 12 }}>
              {JSON.stringify(result.rows, null, 2)}
            </pre>
          </>
        )}
      </Modal>
    </>
  );
}
