import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const deflateRaw = promisify(zlib.deflateRaw);

/** answers smaller than this go out uncompressed (as with @fastify/compress' threshold) */
export const COMPRESS_MIN_BYTES = 1024;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** true when the client accepts gzip (a `gzip` or `*` token whose q is not 0) */
export function acceptsGzip(req: FastifyRequest): boolean {
  const raw = req.headers['accept-encoding'];
  const h = Array.isArray(raw) ? raw.join(',') : raw;
  if (!h) return false;
  for (const part of h.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/**
 * A large, rarely changing answer (a menu of 300 items, a tree of 1 000 departments) kept ready to send: the envelope
 * up to `"timestamp":` is serialized once and, on the first gzip request, compressed once. Each request only appends
 * its own timestamp — for gzip as a final stored deflate block behind the cached, sync-flushed deflate stream, with
 * the CRC-32 continued over the appended bytes — so the answer is byte-for-byte the usual envelope with the current
 * timestamp, without re-serializing or re-compressing anything.
 * Clients that accept only other encodings get the plain bytes (and @fastify/compress may encode them).
 */
export class PreparedAnswer {
  readonly head: Buffer;
  private gz?: Promise<{ deflated: Buffer; crc: number }>;

  constructor(resultJson: string, opts: { code: number; message?: string; success?: boolean }) {
    const envelope = `{"success":${opts.success ?? true},"message":${JSON.stringify(opts.message ?? '')},"code":${opts.code},"result":${resultJson},"timestamp":`;
    this.head = Buffer.from(envelope, 'utf8');
  }

  private gzipped() {
    this.gz ??= deflateRaw(this.head, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }).then((deflated) => ({
      deflated,
      crc: zlib.crc32(this.head),
    }));
    this.gz.catch(() => {
      this.gz = undefined;
    });
    return this.gz;
  }

  /** the whole gzip body for this tail (exported for tests) */
  async gzipWith(tail: Buffer): Promise<Buffer> {
    const { deflated, crc } = await this.gzipped();
    const block = Buffer.alloc(5);
    // BFINAL=1, BTYPE=00 (stored); the sync flush left the stream on a byte boundary
    block[0] = 0x01;
    block.writeUInt16LE(tail.length, 1);
    block.writeUInt16LE(~tail.length & 0xffff, 3);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(zlib.crc32(tail, crc) >>> 0, 0);
    trailer.writeUInt32LE((this.head.length + tail.length) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, deflated, block, tail, trailer]);
  }

  async send(req: FastifyRequest, reply: FastifyReply) {
    const tail = Buffer.from(`${Date.now()}}`, 'latin1');
    reply.type('application/json; charset=utf-8');
    if (this.head.length + tail.length >= COMPRESS_MIN_BYTES && acceptsGzip(req)) {
      const body = await this.gzipWith(tail);
      return reply.header('Content-Encoding', 'gzip').header('Vary', 'Accept-Encoding').send(body);
    }
    return reply.send(Buffer.concat([this.head, tail]));
  }
}
