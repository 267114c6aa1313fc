import { ok, okCode0 } from '@answer/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ossFile } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http-hooks.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { stampTenantId, type Tenancy, tenantOf, tenantWhere, withoutTenant } from '../../platform/tenant-scope.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { checkFileType, contentDisposition, FILE_TYPES, readUploadedFile, storedName } from '../common/files.ts';
import { assertWritableDir, type FileStorage, LocalFileStorage } from './storage.ts';

/**
 * 文件存储 /sys/oss/file (round 2 §3.1) on the storage interface (./storage.ts, local directory by default). Every
 * stored upload has an oss_file row: the page's own upload and /sys/common/upload (modules/common) alike, so the list
 * shows every file. Download and preview are ours (JeecgBoot linked the bucket URL or kkFileView): download is an
 * attachment under the original name, preview answers inline for images only (ADR 011).
 */

export const OSS_PAGE = 'modules/oss/OSSFileList';
export const OSS_MESSAGES = {
  uploaded: '上传成功！',
  uploadFailed: '上传失败',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
} as const;
/** the folder of uploads made on the 文件存储 page */
export const OSS_FOLDER = 'oss';

const storages = new WeakMap<object, FileStorage>();

/** the file store of an app (local directory unless another was configured) */
export function storageOf(ctx: AppContext): FileStorage {
  let s = storages.get(ctx);
  if (!s) {
    s = new LocalFileStorage(ctx.config.uploadDir);
    storages.set(ctx, s);
  }
  return s;
}

export interface StoredUpload {
  fileName: string;
  key: string;
  ext: string;
  size: number;
  biz: string;
  username: string | null;
  /** the uploader's tenancy: the file belongs to its tenant (ADR 053) */
  tenancy: Tenancy;
}

/** Records a stored upload in oss_file; returns the row. */
export async function recordUpload(ctx: AppContext, u: StoredUpload) {
  const now = new Date();
  const [row] = await ctx.db
    .insert(ossFile)
    .values({
      id: newId(),
      fileName: u.fileName.split(/[\\/]/).pop()?.slice(0, 255) || u.key,
      url: u.key,
      storage: storageOf(ctx).kind,
      storageKey: u.key,
      fileType: u.ext,
      fileSize: u.size,
      biz: u.biz,
      createBy: u.username,
      createTime: now,
      tenantId: stampTenantId(u.tenancy),
    })
    .returning();
  return row;
}

const files = defineListEntity({
  table: ossFile,
  sortable: ['createTime', 'fileName', 'fileSize', 'fileType', 'createBy'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['fileName', 'url', 'fileType', 'createBy', 'createTime'],
});

const IdQuery = z.object({ id: requiredStr('id', 36) }).loose();

export default async function ossRoutes(app: FastifyInstance): Promise<void> {
  // the server does not start with an upload root it cannot write (a missing or read-only shared mount)
  await assertWritableDir(app.ctx.config.uploadDir);
  const storage = storageOf(app.ctx);

  /** a file of the caller's tenant (another tenant's id reads as not found) */
  const byId = async (req: import('fastify').FastifyRequest, id: string) => {
    const [row] = await app.ctx.db
      .select()
      .from(ossFile)
      .where(and(eq(ossFile.id, id), tenantWhere(ossFile, tenantOf(req))));
    return row ? withoutTenant(row) : undefined;
  };

  app.get('/sys/oss/file/list', { config: { access: { menu: OSS_PAGE } } }, async (req) =>
    okCode0(await listPage(app.ctx, files, req.query, { tenant: tenantOf(req) })),
  );

  app.get('/sys/oss/file/queryById', { config: { access: { menu: OSS_PAGE } } }, async (req) => {
    const row = await byId(req, parse(IdQuery, req.query).id);
    if (!row) throw bizError(OSS_MESSAGES.notFound);
    return ok(row);
  });

  app.post('/sys/oss/file/upload', { config: { access: { perm: 'oss:upload' } } }, async (req) => {
    const { fileName, content } = await readUploadedFile(req, 'file');
    const ext = checkFileType(fileName, content);
    let key: string | undefined;
    try {
      key = await storage.put(OSS_FOLDER, storedName(ext), content);
      const row = await recordUpload(app.ctx, {
        fileName,
        key,
        ext,
        size: content.length,
        biz: OSS_FOLDER,
        username: req.auth?.user.username ?? null,
        tenancy: tenantOf(req),
      });
      return ok(withoutTenant(row), OSS_MESSAGES.uploaded);
    } catch (err) {
      req.log.error({ err }, 'oss upload failed');
      if (key) await storage.remove(key).catch(() => {});
      throw bizError(OSS_MESSAGES.uploadFailed);
    }
  });

  app.delete('/sys/oss/file/delete', { config: { access: { perm: 'oss:delete' } } }, async (req) => {
    const row = await byId(req, parse(IdQuery, req.query).id);
    if (!row) throw bizError(OSS_MESSAGES.notFound);
    await app.ctx.db.delete(ossFile).where(eq(ossFile.id, row.id));
    // the row goes first (as in JeecgBoot); a file that cannot be removed is logged, the answer stays a success
    await storage.remove(row.storageKey).catch((err) => req.log.warn({ err }, 'oss delete: object not removed'));
    return ok(null, OSS_MESSAGES.deleted);
  });

  const send =
    (inline: boolean) => async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const row = await byId(req, parse(IdQuery, req.query).id);
      if (!row) throw bizError(OSS_MESSAGES.notFound);
      const obj = await storage.open(row.storageKey);
      if (!obj) return sendError(reply, 'NOT_FOUND');
      const ext = row.fileType ?? '';
      const type = Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
      const asInline = inline && type?.kind === 'image';
      reply
        .header('Content-Type', type?.contentType ?? 'application/octet-stream')
        .header('Content-Length', String(obj.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', contentDisposition(asInline ? 'inline' : 'attachment', row.fileName ?? 'file'));
      return reply.send(obj.stream);
    };
  /** ours: the file under its original name */
  app.get('/sys/oss/file/download', { config: { access: { menu: OSS_PAGE } } }, send(false));
  /** ours: images inline, anything else as download */
  app.get('/sys/oss/file/preview', { config: { access: { menu: OSS_PAGE } } }, send(true));
}
