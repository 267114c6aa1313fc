import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { type JeecgDemo, listDemo } from '../../api/demo';
import { PrintSheet } from './print-demo-sheet';
import './print-demo.css';

/**
 * 打印测试 (JeecgBoot jeecg/PrintDemo, contract-2 §5: a pure client page): a record of 单表模型示例 laid out as an A4
 * sheet; 打印 opens the browser's print dialog (window.print), where 另存为 PDF saves it. The print style sheet
 * (./print-demo.css) hides the shell, keeps table rows and signatures together and breaks before the second page.
 */
export default function PrintDemo() {
  const [rows, setRows] = useState<JeecgDemo[]>([]);
  const [id, setId] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    listDemo({ pageNo: 1, pageSize: 50 })
      .then((res) => {
        if (!alive) return;
        if (!res.success) {
          setError(res.message || '加载失败');
          return;
        }
        setRows(res.result.records);
        setId(res.result.records[0]?.id);
      })
      .catch(() => alive && setError('加载失败'))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  const row = rows.find((r) => r.id === id) ?? null;
  return (
    <Card className="print-demo" variant="borderless">
      <Space className="print-demo-toolbar" wrap style={{ marginBottom: 16 }}>
        <span>打印记录：</span>
        <Select
          aria-label="打印记录"
          style={{ width: 240 }}
          loading={loading}
          value={id}
          onChange={setId}
          options={rows.map((r) => ({ value: r.id, label: r.name ?? r.id }))}
          showSearch
          optionFilterProp="label"
        />
        <Button type="primary" icon={<PrinterOutlined />} disabled={!row} onClick={() => window.print()}>
          打印
        </Button>
        <span className="print-demo-hint">在打印对话框中选择“另存为 PDF”即可保存为 PDF 文件（A4 纵向）。</span>
      </Space>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {loading ? <Spin /> : row ? <PrintSheet row={row} /> : !error && <Empty description="暂无可打印的记录" />}
    </Card>
  );
}
