import { API_BASE } from '@answer/contract';
import type { FastifyInstance } from 'fastify';

/**
 * `/sys/common/pdf/pdfPreviewIframe` (contract §4.12): JeecgBoot renders a view that the 3.2 client's PDF预览 frames
 * (`window._CONFIG['pdfDomainURL']`) and tells, by `postMessage`, which PDF to show. Here the page is static HTML with
 * one same-origin script (no inline code, CSP `script-src 'self'`); the script takes the PDF from `?path=` or from a
 * message of the framing page — only when that page is of our own origin — as a stored path (`temp/a_1.pdf`), a
 * `/sys/common/static/…` URL or an object carrying `url`, `path` or `filePath`. It reads only stored files of this
 * server (`/sys/common/static/`), fetches them and shows them with the browser's PDF viewer from a blob: URL (the
 * stored file itself is served as an attachment, ADR 011). Public like JeecgBoot's (`/sys/common/pdf/**` anon): the
 * page holds no data, and the files it reads are the public static ones.
 */

const STATIC = `${API_BASE}/sys/common/static/`;
const SCRIPT_URL = `${API_BASE}/sys/common/pdf/pdfPreviewIframe.js`;

/** the page's own policy: the global one, plus the blob: frame the viewer shows the fetched PDF in */
export const PDF_PREVIEW_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PDF预览</title>
<style>
  html, body { margin: 0; height: 100%; font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; }
  #status { padding: 24px; color: rgba(0,0,0,.45); text-align: center; }
  #status.error { color: #ff4d4f; }
  #viewer { display: none; border: 0; width: 100%; height: 100%; }
</style>
</head>
<body>
<div id="status" role="status">请选择要预览的 PDF 文件</div>
<iframe id="viewer" title="PDF预览"></iframe>
<script src="${SCRIPT_URL}"></script>
</body>
</html>
`;

/** the page's script, served as a file so the page needs no inline code */
const SCRIPT = `(function () {
  'use strict';
  var STATIC = ${JSON.stringify(STATIC)};
  var status = document.getElementById('status');
  var viewer = document.getElementById('viewer');
  var current = null;
  function say(text, error) {
    status.textContent = text;
    status.className = error ? 'error' : '';
    status.style.display = 'block';
    viewer.style.display = 'none';
  }
  function pathOf(data) {
    if (data && typeof data === 'object') data = data.url || data.path || data.filePath || data.pdfPath;
    if (typeof data !== 'string') return null;
    var v = data.trim();
    if (!v) return null;
    try {
      var u = new URL(v, location.href);
      if (u.origin === location.origin && u.pathname.indexOf(STATIC) === 0) return u.pathname;
    } catch (e) { /* not a URL: a stored path */ }
    if (/^[A-Za-z0-9_\\-]+(\\/[^/\\\\?#]+)+$/.test(v) && v.indexOf('..') < 0) return STATIC + v;
    return null;
  }
  function show(data) {
    var path = pathOf(data);
    if (!path) return say('无法预览：不是本系统存储的文件', true);
    if (!/\\.pdf$/i.test(path)) return say('无法预览：只能预览 PDF 文件', true);
    say('加载中…', false);
    fetch(path, { credentials: 'same-origin' }).then(function (res) {
      if (!res.ok) throw new Error(res.status === 404 ? '文件不存在' : '文件加载失败');
      return res.arrayBuffer();
    }).then(function (bytes) {
      if (current) URL.revokeObjectURL(current);
      current = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      viewer.src = current;
      status.style.display = 'none';
      viewer.style.display = 'block';
    }).catch(function (e) {
      say('无法预览：' + (e && e.message ? e.message : '文件加载失败'), true);
    });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== location.origin) return;
    show(event.data);
  });
  var initial = new URLSearchParams(location.search).get('path');
  if (initial) show(initial);
})();
`;

export function registerPdfPreview(app: FastifyInstance): void {
  app.get('/sys/common/pdf/pdfPreviewIframe', { config: { access: 'public' } }, async (_req, reply) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', PDF_PREVIEW_CSP)
      .send(PAGE),
  );
  app.get('/sys/common/pdf/pdfPreviewIframe.js', { config: { access: 'public' } }, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').send(SCRIPT),
  );
}
