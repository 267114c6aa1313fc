import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Data-source passwords at rest: AES-256-GCM (docs/decisions/029-data-sources.md). The key comes from
 * DATA_SOURCE_KEY (64 hex characters or base64 of 32 bytes); without it a key is generated once into
 * <DATA_DIR>/data-source.key (mode 0600) and a warning is logged — fine for one node, wrong for a cluster (every node
 * must have the same key). Stored form: `v1:` + base64(12-byte IV | 16-byte tag | ciphertext); the data source's code
 * is the associated data, so a ciphertext copied to another row does not decrypt.
 */

export const KEY_FILE = 'data-source.key';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('data-source key must be 32 bytes');
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
  }

  /** the password, or null when the value was sealed with another key / for another row / is not ours */
  open(sealed: string, aad: string): string | null {
    if (!sealed.startsWith('v1:')) return null;
    try {
      const raw = Buffer.from(sealed.slice(3), 'base64');
      if (raw.length < 28) return null;
      const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      d.setAAD(Buffer.from(aad, 'utf8'));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** Parses DATA_SOURCE_KEY; throws a message naming the variable when it is malformed. */
export function parseKey(value: string): Buffer {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(v)) {
    const b = Buffer.from(v, 'base64');
    if (b.length === 32) return b;
  }
  throw new Error(
    '配置错误: DATA_SOURCE_KEY 必须是 64 位十六进制字符或 32 字节的 base64（如 openssl rand -hex 32 的输出）',
  );
}

/**
 * The key of this node: DATA_SOURCE_KEY, else the generated key file in the data directory (created when missing).
 * `warn` is told when the generated key is used.
 */
export function loadKey(env: string | undefined, dataDir: string, warn: (msg: string) => void): Buffer {
  if (env?.trim()) return parseKey(env);
  const file = path.join(dataDir, KEY_FILE);
  let hex: string | undefined;
  try {
    hex = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
  }
  if (!hex) {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('hex');
    // written aside, then linked into place: the key file appears whole or not at all (processes starting together)
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(tmp, file);
      hex = fresh;
    } catch (err) {
      // another process of this node created it first
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      hex = fs.readFileSync(file, 'utf8').trim();
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  warn(
    `DATA_SOURCE_KEY 未配置：数据源密码使用数据目录中生成的密钥 ${file} 加密。集群部署或更换数据目录前请把该密钥设为 DATA_SOURCE_KEY（所有节点相同）。`,
  );
  return parseKey(hex);
}
