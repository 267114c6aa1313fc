import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * HTTP server figures and the request trace of this node (in place of Tomcat's meters and Spring's
 * InMemoryHttpTraceRepository). One onResponse hook feeds both; it only writes numbers and references into
 * preallocated slots — no object, string or closure is created per request. Redaction (tokens, cookies, passwords,
 * query secrets) happens when the trace is read, never on the hot path.
 */

/** Spring's default capacity of the in-memory trace repository */
export const TRACE_CAPACITY = 100;

/** upper bounds (ms) of the latency buckets; the last bucket is everything slower */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

export class HttpMonitor {
  readonly startedAt = Date.now();
  // ring buffer of the last TRACE_CAPACITY requests (struct of arrays)
  private readonly tTime = new Float64Array(TRACE_CAPACITY);
  private readonly tTook = new Float64Array(TRACE_CAPACITY);
  private readonly tStatus = new Uint16Array(TRACE_CAPACITY);
  private readonly tMethod: string[] = new Array(TRACE_CAPACITY).fill('');
  private readonly tUrl: string[] = new Array(TRACE_CAPACITY).fill('');
  private readonly tIp: string[] = new Array(TRACE_CAPACITY).fill('');
  private readonly tUser: (string | null)[] = new Array(TRACE_CAPACITY).fill(null);
  private readonly tHeaders: (IncomingHttpHeaders | null)[] = new Array(TRACE_CAPACITY).fill(null);
  private readonly tType: (string | null)[] = new Array(TRACE_CAPACITY).fill(null);
  private next = 0;
  private filled = 0;

  // counters
  requests = 0;
  /** index = status / 100 (1xx … 5xx) */
  readonly statusClasses = new Float64Array(6);
  /** requests refused before reaching a handler's work: 429 rate limit, 503 draining / outage */
  rejected = 0;
  totalMs = 0;
  maxMs = 0;
  readonly latency = new Float64Array(LATENCY_BUCKETS_MS.length + 1);
  readonly methods = new Map<string, number>();

  // connections (real listeners only; inject() has none)
  connectionsOpened = 0;
  connectionsClosed = 0;
  connectionsPeak = 0;

  get connectionsOpen(): number {
    return this.connectionsOpened - this.connectionsClosed;
  }

  record(
    method: string,
    url: string,
    status: number,
    tookMs: number,
    ip: string,
    user: string | null,
    headers: IncomingHttpHeaders,
    contentType: string | null,
  ) {
    const i = this.next;
    this.tTime[i] = Date.now();
    this.tTook[i] = tookMs;
    this.tStatus[i] = status;
    this.tMethod[i] = method;
    this.tUrl[i] = url;
    this.tIp[i] = ip;
    this.tUser[i] = user;
    this.tHeaders[i] = headers;
    this.tType[i] = contentType;
    this.next = i + 1 === TRACE_CAPACITY ? 0 : i + 1;
    if (this.filled < TRACE_CAPACITY) this.filled++;

    this.requests++;
    const cls = (status / 100) | 0;
    if (cls >= 1 && cls <= 5) this.statusClasses[cls]++;
    if (status === 429 || status === 503) this.rejected++;
    this.totalMs += tookMs;
    if (tookMs > this.maxMs) this.maxMs = tookMs;
    let b = 0;
    while (b < LATENCY_BUCKETS_MS.length && tookMs > LATENCY_BUCKETS_MS[b]) b++;
    this.latency[b]++;
    this.methods.set(method, (this.methods.get(method) ?? 0) + 1);
  }

  /** the kept requests, newest first (raw: redact before showing) */
  entries(): RawTrace[] {
    const out: RawTrace[] = [];
    for (let k = 1; k <= this.filled; k++) {
      const i = (this.next - k + TRACE_CAPACITY) % TRACE_CAPACITY;
      out.push({
        time: this.tTime[i],
        tookMs: this.tTook[i],
        status: this.tStatus[i],
        method: this.tMethod[i],
        url: this.tUrl[i],
        ip: this.tIp[i],
        user: this.tUser[i],
        headers: this.tHeaders[i] ?? {},
        contentType: this.tType[i],
      });
    }
    return out;
  }

  /** latency quantile estimated from the buckets (upper bound of the bucket holding it), ms */
  quantile(q: number): number {
    if (this.requests === 0) return 0;
    const want = q * this.requests;
    let seen = 0;
    for (let b = 0; b < this.latency.length; b++) {
      seen += this.latency[b];
      if (seen >= want) return b < LATENCY_BUCKETS_MS.length ? LATENCY_BUCKETS_MS[b] : this.maxMs;
    }
    return this.maxMs;
  }
}

export interface RawTrace {
  time: number;
  tookMs: number;
  status: number;
  method: string;
  url: string;
  ip: string;
  user: string | null;
  headers: IncomingHttpHeaders;
  contentType: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    httpMonitor: HttpMonitor;
  }
}

/**
 * Installs the monitor on the whole server (app.ts, before the modules): the onResponse hook and the listener's
 * connection counters. Cost per request: one hook call, ~15 typed-array / array slot writes and a Map update.
 */
export function installHttpMonitor(app: FastifyInstance): HttpMonitor {
  const m = new HttpMonitor();
  app.decorate('httpMonitor', m);
  app.addHook('onResponse', (req, reply, done) => {
    m.record(
      req.method,
      req.url,
      reply.statusCode,
      reply.elapsedTime,
      req.ip,
      req.auth ? req.auth.user.username : null,
      req.headers,
      reply.getHeader('content-type') as string | null,
    );
    done();
  });
  app.addHook('onListen', (done) => {
    app.server.on('connection', (socket) => {
      m.connectionsOpened++;
      const open = m.connectionsOpen;
      if (open > m.connectionsPeak) m.connectionsPeak = open;
      socket.once('close', () => {
        m.connectionsClosed++;
      });
    });
    done();
  });
  return m;
}
