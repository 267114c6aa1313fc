import WebSocket from 'ws';

/** Test helper: a multipart body uploading one .xlsx as `file` (importExcel). */
export function xlsxUpload(buf: Buffer) {
  const boundary = '----demoimport';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface VxeClient {
  ws: WebSocket;
  frames: any[];
  /** the next frame matching (already received ones count); rejects after timeoutMs */
  next(match?: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens `/jeecg-boot/vxeSocket/{userId}/{pageId}`; rejects with `HTTP <status>` when the upgrade is refused. */
export function connectVxe(base: string, userId: string, pageId: string, protocols?: string[]): Promise<VxeClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/jeecg-boot/vxeSocket/${encodeURIComponent(userId)}/${pageId}`, protocols);
    const frames: any[] = [];
    const waiters: Array<() => void> = [];
    let onClose: (v: { code: number; reason: string }) => void = () => {};
    const closed = new Promise<{ code: number; reason: string }>((r) => {
      onClose = r;
    });
    ws.on('message', (data) => {
      try {
        frames.push(JSON.parse(String(data)));
      } catch {
        frames.push(String(data));
      }
      for (const w of waiters.splice(0)) w();
    });
    ws.on('close', (code, reason) => onClose({ code, reason: reason.toString() }));
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () => {
      const next = (match: (f: any) => boolean = () => true, timeoutMs = 3000) =>
        new Promise<any>((res, rej) => {
          const t = setTimeout(() => rej(new Error('no matching frame')), timeoutMs);
          const check = () => {
            const i = frames.findIndex(match);
            if (i >= 0) {
              clearTimeout(t);
              res(frames.splice(i, 1)[0]);
            } else waiters.push(check);
          };
          check();
        });
      resolve({ ws, frames, next, send: (f) => ws.send(JSON.stringify(f)), closed });
    });
  });
}
