import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { resolveUnderRoot, writeUnderRoot } from '../common/files.ts';

/**
 * Where uploaded files live (docs/decisions/029-data-sources.md, file storage part). The default and only built-in
 * store is a local directory (UPLOAD_DIR, default <DATA_DIR>/upload); another store (S3, MinIO …) implements this
 * interface. In a cluster every node must see the same objects: the local directory must then be one shared mount.
 */
export interface FileStorage {
  /** stored in oss_file.storage */
  readonly kind: string;
  /** stores a new object in `folder` under a server-made `name`; returns its key (also the client's `url`) */
  put(folder: string, name: string, content: Buffer): Promise<string>;
  /** the object, or null when it is gone */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** removes the object; a missing object is not an error */
  remove(key: string): Promise<void>;
}

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  constructor(private readonly root: string) {}

  put(folder: string, name: string, content: Buffer): Promise<string> {
    return writeUnderRoot(this.root, folder, name, content);
  }

  async open(key: string) {
    const file = await resolveUnderRoot(this.root, key);
    if (!file) return null;
    const st = await fs.promises.stat(file);
    return { stream: fs.createReadStream(file), size: st.size };
  }

  async remove(key: string): Promise<void> {
    const file = await resolveUnderRoot(this.root, key);
    if (file) await fs.promises.rm(file, { force: true });
  }
}

/**
 * Start-up check: the upload root exists (created if missing) and this process can create, write and delete a file
 * in it. Throws an Error whose message says what to fix; the server does not start without a writable root.
 */
export async function assertWritableDir(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.writeFile(probe, 'ok', { flag: 'wx' });
    await fs.promises.rm(probe, { force: true });
  } catch (err) {
    const code = (err as { code?: string }).code ?? String(err);
    throw new Error(
      `上传目录不可写：${dir}（${code}）。请检查 UPLOAD_DIR（默认 DATA_DIR/upload）是否存在且本进程可写；` +
        '集群部署时所有节点必须挂载同一个共享目录。',
    );
  }
}
