import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from './load.ts';

// the bench's load client must count exactly the answers a server sends, whatever their framing
let server: http.Server;
let base = '';
const seen: { method: string; body: string; accept?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', body, accept: req.headers['accept-encoding'] as string | undefined });
      if (req.url === '/fixed') {
        const b = Buffer.alloc(20_000, 7); // binary, split over several TCP reads
        res.writeHead(200, { 'content-length': b.length });
        res.end(b);
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('a'.repeat(5000));
        setImmediate(() => res.end('b'.repeat(3000)));
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(500, { 'content-length': 2 });
        res.end('no');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('bench load client', () => {
  it.each(['/fixed', '/chunked', '/empty'])('counts every answer of %s and measures latency', async (path) => {
    const before = seen.length;
    const r = await load({ url: `${base}${path}`, connections: 4, duration: 0.4 });
    expect(r.total).toBeGreaterThan(20);
    // every answer read completely: the server saw at most one more request per connection than we counted
    expect(seen.length - before - r.total).toBeLessThanOrEqual(4);
    expect(seen.length - before).toBeGreaterThanOrEqual(r.total);
    expect(r.errors + r.timeouts + r.non2xx).toBe(0);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    if (path === '/fixed') expect(r.bytes / r.total).toBeGreaterThan(20_000);
  });

  it('sends method, headers and body, and counts non-2xx answers', async () => {
    const before = seen.length;
    const r = await load({
      url: `${base}/fail`,
      method: 'POST',
      headers: { 'accept-encoding': 'gzip' },
      body: '{"a":1}',
      connections: 2,
      duration: 0.3,
    });
    expect(r.non2xx).toBe(r.total);
    expect(seen[before]).toEqual({ method: 'POST', body: '{"a":1}', accept: 'gzip' });
  });
});
