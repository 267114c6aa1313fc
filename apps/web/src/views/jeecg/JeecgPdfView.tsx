import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, List, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { fileUrl, http } from '../../api/http';
import './jeecg-pdf-view.css';

/** viewer code (pdf.js) only on this page, only once a PDF is chosen */
const JPdfViewer = lazy(() => import('../../components/JPdfViewer'));

export interface PdfItem {
  id: string;
  title: string;
  url: string;
  fileSize?: number | null;
  createTime?: string | null;
}

const size = (n?: number | null) =>
  n === null || n === undefined
    ? ''
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1048576).toFixed(1)} MB`;

/**
 * PDF预览 (JeecgBoot jeecg/JeecgPdfView): the PDFs the user uploaded (`GET /mock/api/pdfList`, a bare array, from
 * the uploads recorded in 文件存储) on the left; the chosen one is read in the page with pdf.js (components/JPdfViewer,
 * ADR 036): page navigation and zoom.
 */
export default function JeecgPdfView() {
  const [items, setItems] = useState<PdfItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [current, setCurrent] = useState<PdfItem | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError('');
    try {
      // a bare array (JeecgBoot's client shape), handed over by the http client in the envelope's result
      const res = await http.get<PdfItem[]>('/mock/api/pdfList');
      if (!res.success || !Array.isArray(res.result)) {
        setError(res.message || '加载PDF列表失败');
        setItems([]);
        return;
      }
      setItems(res.result);
    } catch {
      setError('加载PDF列表失败');
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card variant="borderless" className="jeecg-pdf-view">
      <div className="jeecg-pdf-layout">
        <div className="jeecg-pdf-list">
          <div className="jeecg-pdf-list-head">
            <Typography.Text strong>我上传的PDF</Typography.Text>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined />}
              aria-label="刷新列表"
              onClick={() => void load()}
            />
          </div>
          {error ? <Alert type="error" showIcon message={error} /> : null}
          <List
            size="small"
            loading={loading}
            dataSource={items}
            locale={{ emptyText: <Empty description="暂无PDF文件，请先在文件存储或表单中上传PDF" /> }}
            renderItem={(it) => (
              <List.Item
                className={`jeecg-pdf-item${current?.id === it.id ? ' is-active' : ''}`}
                onClick={() => setCurrent(it)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setCurrent(it);
                  }
                }}
                tabIndex={0}
                role="button"
                aria-pressed={current?.id === it.id}
              >
                <div className="jeecg-pdf-item-body">
                  <div className="jeecg-pdf-item-title" title={it.title}>
                    {it.title}
                  </div>
                  <div className="jeecg-pdf-item-meta">
                    {it.createTime} {size(it.fileSize)}
                  </div>
                </div>
              </List.Item>
            )}
          />
        </div>
        <div className="jeecg-pdf-reader">
          {current ? (
            <Suspense fallback={<div className="j-pdf-loading">正在加载PDF…</div>}>
              <JPdfViewer url={fileUrl(current.url)} height="calc(100vh - 300px)" />
            </Suspense>
          ) : (
            <Empty style={{ marginTop: 80 }} description="请在左侧选择要预览的PDF文件" />
          )}
        </div>
      </div>
    </Card>
  );
}
