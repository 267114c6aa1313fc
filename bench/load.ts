/**
 * The bench's load generator: N keep-alive HTTP/1.1 connections, one request in flight on each, for a fixed time.
 * It counts answers, bytes and latencies and reads each answer only as far as HTTP needs (status line, headers,
 * Content-Length or chunked framing); bodies are counted, never decoded.
 *
 * Why not autocannon (ADR 041): autocannon appends every body chunk to a JS string (`req.body += data`), i.e. it
 * UTF-8-decodes each answer. For a compressed (binary) answer of 11 kB that costs the client more CPU than the server
 * spends producing it: against a bare node:http server sending 11 439 random bytes autocannon tops out at ~7 400
 * req/s (the same server with 12 000 ASCII bytes: ~56 000), so the menu and department-tree rows measured the client.
 */
import net from 'node:net';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  /** seconds */
  duration: number;
  /** per request, ms (counted as an error, the connection is replaced) */
  timeoutMs?: number;
  /**
   * per-connection variations (connection i sends variants[i % n]: its own headers merged over `headers`, its own
   * body), e.g. one candidate per connection with their token and attempt
   */
  variants?: Array<{ headers?: Record<string, string>; body?: string }>;
}

export interface LoadResult {
  /** answers per second over the run */
  rps: number;
  total: number;
  /** latency percentiles, ms */
  p50: number;
  p99: number;
  max: number;
  /** bytes received (headers included) */
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** parses answers off one connection's byte stream; returns the status of each complete answer */
class AnswerReader {
  private buf: Buffer = Buffer.alloc(0);
  private status = 0;
  /** -1: reading headers; otherwise body bytes still expected (content-length mode) */
  private remaining = -1;
  private chunked = false;
  /** chunked mode: bytes of the current chunk (+ its CRLF) still to skip */
  private chunkLeft = 0;

  /** feeds bytes; calls done(status) for every answer completed by them */
  push(data: Buffer, done: (status: number) => void) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    for (;;) {
      if (this.remaining === -1) {
        const end = this.buf.indexOf(CRLF2);
        if (end < 0) return;
        const head = this.buf.toString('latin1', 0, end);
        this.buf = this.buf.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        const lower = head.toLowerCase();
        const cl = /\r\ncontent-length:\s*(\d+)/.exec(lower);
        this.chunked = !cl && /\r\ntransfer-encoding:[^\r]*chunked/.test(lower);
        this.remaining = cl ? Number(cl[1]) : 0;
        this.chunkLeft = 0;
      }
      if (this.chunked) {
        // skip chunks until the zero-size one and its trailer
        for (;;) {
          if (this.chunkLeft > 0) {
            const n = Math.min(this.chunkLeft, this.buf.length);
            this.buf = this.buf.subarray(n);
            this.chunkLeft -= n;
            if (this.chunkLeft > 0) return;
          }
          const eol = this.buf.indexOf('\r\n');
          if (eol < 0) return;
          const size = Number.parseInt(this.buf.toString('latin1', 0, eol), 16);
          if (size === 0) {
            // last chunk: no trailers are sent by our servers, so "0\r\n\r\n"
            if (this.buf.length < eol + 4) return;
            this.buf = this.buf.subarray(eol + 4);
            break;
          }
          this.buf = this.buf.subarray(eol + 2);
          this.chunkLeft = size + 2;
        }
      } else {
        if (this.buf.length < this.remaining) {
          this.remaining -= this.buf.length;
          this.buf = Buffer.alloc(0);
          return;
        }
        this.buf = this.buf.subarray(this.remaining);
      }
      this.remaining = -1;
      done(this.status);
      if (!this.buf.length) return;
    }
  }
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const u = new URL(opts.url);
  const build = (extraHeaders: Record<string, string> | undefined, text: string | undefined) => {
    const body = text ? Buffer.from(text) : undefined;
    const headers: Record<string, string> = {
      host: u.host,
      connection: 'keep-alive',
      ...(opts.headers ?? {}),
      ...(extraHeaders ?? {}),
      ...(body ? { 'content-length': String(body.length) } : {}),
    };
    const head = `${opts.method ?? 'GET'} ${u.pathname}${u.search} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`;
    return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
  };
  const requests = opts.variants?.length
    ? opts.variants.map((v) => build(v.headers, v.body ?? opts.body))
    : [build(undefined, opts.body)];
  const timeoutMs = opts.timeoutMs ?? 10_000;

  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  let stopped = false;
  const start = performance.now();
  const endAt = start + opts.duration * 1000;

  const connection = (idx: number): Promise<void> =>
    new Promise((resolve) => {
      const request = requests[idx % requests.length];
      const socket = net.connect(Number(u.port || 80), u.hostname);
      socket.setNoDelay(true);
      const reader = new AnswerReader();
      let sentAt = 0;
      let timer: NodeJS.Timeout | undefined;
      let finished = false;
      const finish = (replace: boolean) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        socket.destroy();
        if (replace && !stopped && performance.now() < endAt) connection(idx).then(resolve);
        else resolve();
      };
      const send = () => {
        if (stopped || performance.now() >= endAt) return finish(false);
        sentAt = performance.now();
        timer = setTimeout(() => {
          timeouts++;
          finish(true);
        }, timeoutMs);
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (data) => {
        bytes += data.length;
        reader.push(data, (status) => {
          clearTimeout(timer);
          latencies.push(performance.now() - sentAt);
          if (status < 200 || status >= 300) non2xx++;
          send();
        });
      });
      socket.on('error', () => {
        errors++;
        finish(true);
      });
      socket.on('close', () => finish(!stopped));
    });

  await Promise.all(Array.from({ length: opts.connections }, (_, i) => connection(i)));
  stopped = true;
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]) : 0;
  return {
    rps: latencies.length / elapsed,
    total: latencies.length,
    p50: pct(0.5),
    p99: pct(0.99),
    max: latencies.length ? Math.round(latencies[latencies.length - 1]) : 0,
    bytes,
    errors,
    timeouts,
    non2xx,
  };
}
