import {
  ColumnWidthOutlined,
  LeftOutlined,
  RightOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, Button, Input, Space, Spin, Tooltip } from 'antd';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react';
import { feedback } from '../../utils/feedback';
import { fitWidthScale, initialPdfNav, PDF_MESSAGES, parsePageInput, pdfNavAbility, pdfNavReducer } from './pdf-logic';
import './pdf-viewer.css';

export * from './pdf-logic';

export interface JPdfViewerProps {
  /** address of the PDF (same origin) */
  url: string | null | undefined;
  /** height of the reading area @default 600 */
  height?: number | string;
}

const loadPdfjs = () => import('./pdfjs').then((m) => m.pdfjs);

/**
 * Reads a PDF in the page (pdf.js, loaded on first use): one page at a time on a canvas, 首页 / 上一页 / page number /
 * 下一页 / 末页, 缩小 / 100% / 放大 / 适合宽度; ← → PageUp PageDown Home End on the reading area.
 */
export function JPdfViewer({ url, height = 600 }: JPdfViewerProps) {
  const [nav, dispatch] = useReducer(pdfNavReducer, initialPdfNav);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [rendering, setRendering] = useState(false);
  const [pageText, setPageText] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dispatch({ type: 'reset' });
    setDoc(null);
    setError('');
    if (!url) return;
    let alive = true;
    let destroy: (() => void) | undefined;
    setLoading(true);
    loadPdfjs()
      .then((pdfjs) => {
        const task = pdfjs.getDocument({ url });
        destroy = () => void task.destroy();
        return task.promise;
      })
      .then((d) => {
        if (!alive) return;
        setDoc(d);
        dispatch({ type: 'loaded', total: d.numPages });
      })
      .catch(() => alive && setError(PDF_MESSAGES.loadFailed))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
      destroy?.();
    };
  }, [url]);

  useEffect(() => setPageText(nav.page ? String(nav.page) : ''), [nav.page]);

  useEffect(() => {
    if (!doc || nav.page < 1 || !canvas.current) return;
    let task: RenderTask | undefined;
    let alive = true;
    setRendering(true);
    doc
      .getPage(nav.page)
      .then((page) => {
        if (!alive || !canvas.current) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: nav.scale * ratio });
        const c = canvas.current;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        c.style.width = `${Math.floor(viewport.width / ratio)}px`;
        c.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = page.render({ canvas: c, viewport });
        return task.promise;
      })
      .catch((e: unknown) => {
        if ((e as { name?: string })?.name !== 'RenderingCancelledException' && alive)
          setError(PDF_MESSAGES.loadFailed);
      })
      .finally(() => alive && setRendering(false));
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, nav.page, nav.scale]);

  const can = pdfNavAbility(nav);
  const gotoTyped = () => {
    const n = parsePageInput(pageText, nav.total);
    if (n === null) {
      feedback.message.warning(PDF_MESSAGES.badPage(nav.total));
      setPageText(String(nav.page));
      return;
    }
    dispatch({ type: 'goto', page: n });
  };
  const fitWidth = async () => {
    if (!doc || !area.current) return;
    const page = await doc.getPage(nav.page);
    dispatch({ type: 'zoom', scale: fitWidthScale(page.getViewport({ scale: 1 }).width, area.current.clientWidth) });
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const map: Record<string, 'prev' | 'next' | 'first' | 'last'> = {
      ArrowLeft: 'prev',
      PageUp: 'prev',
      ArrowRight: 'next',
      PageDown: 'next',
      Home: 'first',
      End: 'last',
    };
    const t = map[e.key];
    if (!t) return;
    e.preventDefault();
    dispatch({ type: t });
  };

  if (!url) return <div className="j-pdf-empty">请选择要预览的PDF文件</div>;
  const disabled = !doc;
  return (
    <div className="j-pdf-viewer">
      <Space className="j-pdf-toolbar" wrap size={4}>
        <Tooltip title="首页">
          <Button
            aria-label="首页"
            icon={<VerticalRightOutlined />}
            disabled={!can.prev}
            onClick={() => dispatch({ type: 'first' })}
          />
        </Tooltip>
        <Button
          aria-label="上一页"
          icon={<LeftOutlined />}
          disabled={!can.prev}
          onClick={() => dispatch({ type: 'prev' })}
        >
          上一页
        </Button>
        <span className="j-pdf-page">
          第
          <Input
            aria-label="页码"
            size="small"
            style={{ width: 56, margin: '0 4px', textAlign: 'center' }}
            value={pageText}
            disabled={disabled}
            onChange={(e) => setPageText(e.target.value)}
            onPressEnter={gotoTyped}
            onBlur={() => setPageText(nav.page ? String(nav.page) : '')}
          />
          / <span data-testid="pdf-total">{nav.total}</span> 页
        </span>
        <Button aria-label="下一页" disabled={!can.next} onClick={() => dispatch({ type: 'next' })}>
          下一页 <RightOutlined />
        </Button>
        <Tooltip title="末页">
          <Button
            aria-label="末页"
            icon={<VerticalLeftOutlined />}
            disabled={!can.next}
            onClick={() => dispatch({ type: 'last' })}
          />
        </Tooltip>
        <span className="j-pdf-sep" />
        <Tooltip title="缩小">
          <Button
            aria-label="缩小"
            icon={<ZoomOutOutlined />}
            disabled={!can.zoomOut}
            onClick={() => dispatch({ type: 'zoomOut' })}
          />
        </Tooltip>
        <Button aria-label="实际大小" disabled={disabled} onClick={() => dispatch({ type: 'zoomReset' })}>
          <span data-testid="pdf-zoom">{Math.round(nav.scale * 100)}%</span>
        </Button>
        <Tooltip title="放大">
          <Button
            aria-label="放大"
            icon={<ZoomInOutlined />}
            disabled={!can.zoomIn}
            onClick={() => dispatch({ type: 'zoomIn' })}
          />
        </Tooltip>
        <Tooltip title="适合宽度">
          <Button aria-label="适合宽度" icon={<ColumnWidthOutlined />} disabled={disabled} onClick={fitWidth} />
        </Tooltip>
      </Space>
      {error ? <Alert type="error" showIcon message={error} style={{ margin: '8px 0' }} /> : null}
      <div
        ref={area}
        className="j-pdf-area"
        style={{ height }}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the reading area takes the page keys (← → Home End)
        tabIndex={0}
        role="document"
        aria-label="PDF内容"
        aria-busy={loading || rendering}
        onKeyDown={onKey}
      >
        {loading && (
          <div className="j-pdf-loading">
            <Spin /> {PDF_MESSAGES.loading}
          </div>
        )}
        <canvas ref={canvas} className="j-pdf-canvas" data-page={nav.page} data-scale={nav.scale} hidden={!doc} />
      </div>
    </div>
  );
}

export default JPdfViewer;
