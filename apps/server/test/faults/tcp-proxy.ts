import { EventEmitter } from 'node:events';
import net from 'node:net';

/**
 * A TCP proxy the fault tests control, standing between the server under test and PostgreSQL or Redis, so a test can
 * cut, refuse, reset, stall and restore connections without touching the real services.
 *
 * Modes for new connections:
 * - forward: plain pass-through (default)
 * - refuse: the listening socket is closed, so connecting fails with ECONNREFUSED
 * - reset: accepted, then reset at once (ECONNRESET)
 * - reply: accepted; once the client has spoken, the given bytes are sent and the socket is ended (a PostgreSQL
 *   FATAL error at start-up, see pgFatal)
 * Besides: resetAll() resets every open connection, hold()/release() stall and resume forwarding in both
 * directions on every connection, and resetWhen() resets the connection whose outgoing data first matches.
 */
export type ProxyMode = { kind: 'forward' } | { kind: 'refuse' } | { kind: 'reset' } | { kind: 'reply'; bytes: Buffer };

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export class TcpProxy extends EventEmitter {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private mode: ProxyMode = { kind: 'forward' };
  private holding = false;
  private trigger: { match: (chunk: Buffer) => boolean; fired: () => void } | null = null;
  port = 0;
  /** connections accepted so far */
  accepted = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    super();
  }

  async start(): Promise<this> {
    await this.listen();
    return this;
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = net.createServer((socket) => this.accept(socket));
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        this.port = (server.address() as net.AddressInfo).port;
        this.server = server;
        resolve();
      });
    });
  }

  /** stops accepting at once (open connections are left alone; the port can be listened on again) */
  private closeListener() {
    this.server?.close();
    this.server = null;
  }

  private accept(client: net.Socket) {
    this.accepted++;
    client.on('error', () => {});
    const mode = this.mode;
    if (mode.kind === 'reset' || mode.kind === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode.kind === 'reply') {
      client.once('data', () => client.end(mode.bytes));
      return;
    }
    const pair: Pair = { client, upstream: null, held: { toUpstream: [], toClient: [] } };
    this.pairs.add(pair);
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (this.trigger?.match(chunk)) {
        const t = this.trigger;
        this.trigger = null;
        this.resetPair(pair);
        t.fired();
        return;
      }
      if (this.holding) {
        pair.held.toUpstream.push(chunk);
        this.emit('held', chunk);
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.holding) pair.held.toClient.push(chunk);
      else client.write(chunk);
    });
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
  }

  private resetPair(pair: Pair) {
    this.pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.destroy();
  }

  /** how new connections are treated from now on (existing ones are left alone; see resetAll) */
  async setMode(mode: ProxyMode) {
    this.mode = mode;
    if (mode.kind === 'refuse') this.closeListener();
    else if (!this.server) await this.listen();
  }

  /** resets (RST) every open connection */
  resetAll() {
    for (const p of [...this.pairs]) this.resetPair(p);
  }

  /** forward again, accept again, nothing held */
  async restore() {
    this.trigger = null;
    await this.setMode({ kind: 'forward' });
    this.release();
  }

  /** stalls both directions of every connection (data is kept, not lost) */
  hold() {
    this.holding = true;
  }

  release() {
    this.holding = false;
    for (const p of this.pairs) {
      for (const c of p.held.toUpstream.splice(0)) p.upstream?.write(c);
      for (const c of p.held.toClient.splice(0)) p.client.write(c);
    }
  }

  /**
   * Arms a trap: the connection whose next outgoing (client → service) chunk matches is reset before that chunk
   * goes through. Returns whether it has fired so far.
   */
  resetWhen(match: (chunk: Buffer) => boolean): () => boolean {
    let fired = false;
    this.trigger = { match, fired: () => (fired = true) };
    return () => fired;
  }

  get open() {
    return this.pairs.size;
  }

  async close() {
    this.trigger = null;
    this.resetAll();
    this.closeListener();
  }
}

/**
 * A PostgreSQL ErrorResponse (severity FATAL) as the server sends it instead of completing start-up, e.g. 57P03
 * "the database system is starting up", 53300 "sorry, too many clients already".
 */
export function pgFatal(code: string, message: string): Buffer {
  const field = (t: string, v: string) => Buffer.concat([Buffer.from(t), Buffer.from(v, 'utf8'), Buffer.from([0])]);
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  const len = Buffer.alloc(4);
  len.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from('E'), len, body]);
}

/** matches a PostgreSQL message carrying this SQL text (simple or extended protocol) */
export function sqlIs(text: string): (chunk: Buffer) => boolean {
  const needle = Buffer.from(`${text}\0`);
  return (chunk) => chunk.includes(needle);
}

/** matches a PostgreSQL message whose SQL text contains this fragment */
export function sqlContains(fragment: string): (chunk: Buffer) => boolean {
  const needle = Buffer.from(fragment);
  return (chunk) => chunk.includes(needle);
}
