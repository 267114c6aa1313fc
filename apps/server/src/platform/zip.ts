/**
 * The central directory of a zip (.xlsx, .docx), read without unpacking anything — one bounded reader for the Excel
 * and the Word import. Guards against zip bombs: a directory of more than `entries` entries or declaring more than
 * `unpackedBytes` unpacked is refused before anything is inflated.
 */
export const ZIP_LIMITS = {
  /** entries of one file */
  entries: 5000,
  /** a 10 MB upload may not unpack into more than this (sizes as the directory declares them) */
  unpackedBytes: 64 * 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  /** compression method: 0 stored, 8 deflated */
  method: number;
  compressedSize: number;
  /** unpacked size as declared (may be a lie: inflate bounded by it) */
  size: number;
  /** offset of the entry's local header */
  localOffset: number;
}

/**
 * The entries of the zip's central directory, or null when it is no zip this reads: no end record within the last
 * 64 KiB + 22 bytes, zip64 (0xffff entries, a 0xffffffff offset; a 0xffffffff size exceeds any bound below), more
 * entries than `limits.entries`, a directory beyond the buffer or a broken record, more than `limits.unpackedBytes`.
 */
export function zipDirectory(
  b: Buffer,
  limits: { entries: number; unpackedBytes: number } = ZIP_LIMITS,
): ZipEntry[] | null {
  // end of central directory: signature 0x06054b50
  const from = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= from; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = b.readUInt16LE(eocd + 10);
  const cdSize = b.readUInt32LE(eocd + 12);
  const cdOffset = b.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || count > limits.entries) return null;
  if (cdOffset + cdSize > b.length) return null;
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  let unpacked = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return null;
    const size = b.readUInt32LE(p + 24);
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    unpacked += size;
    if (unpacked > limits.unpackedBytes) return null;
    entries.push({
      name: b.toString('utf8', p + 46, p + 46 + nameLen),
      method: b.readUInt16LE(p + 10),
      compressedSize: b.readUInt32LE(p + 20),
      size,
      localOffset: b.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** the entry's stored (still compressed) bytes, or null when its local header or data lie outside the buffer */
export function zipEntryBytes(b: Buffer, e: ZipEntry): Buffer | null {
  const local = e.localOffset;
  if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return null;
  const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
  if (start + e.compressedSize > b.length) return null;
  return b.subarray(start, start + e.compressedSize);
}
