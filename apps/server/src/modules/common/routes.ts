import fs from 'node:fs';
import { okCode0 } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { bizError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http-hooks.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { recordUpload } from '../oss/routes.ts';
import {
  BIZ_PATTERN,
  checkFileType,
  contentDisposition,
  extensionOf,
  FILE_TYPES,
  readUploadedFile,
  resolveUnderRoot,
  storedName,
  writeUnderRoot,
} from './files.ts';
import { registerPdfPreview } from './pdf-preview.ts';

/**
 * Common files (contract §4.12, security rule 6).
 * POST /sys/common/upload: multipart `file`, `biz` (sub folder, default temp), `isup` ignored → message `<biz>/<name>`.
 * GET /sys/common/static/**: a file under the upload root (public, as in JeecgBoot), as an attachment unless an image.
 */
export default async function commonRoutes(app: FastifyInstance): Promise<void> {
  registerPdfPreview(app);
  app.post('/sys/common/upload', { config: { access: 'authenticated' } }, async (req) => {
    const { fileName, content, fields } = await readUploadedFile(req, 'file');
    const biz = (fields.biz ?? '').trim() || 'temp';
    if (!BIZ_PATTERN.test(biz)) throw bizError('参数 biz 有误：只能包含小写字母、数字、下划线和横线，最长 32 个字符');
    const ext = checkFileType(fileName, content);
    try {
      const rel = await writeUnderRoot(app.ctx.config.uploadDir, biz, storedName(ext), content);
      // every stored upload is listed on 文件存储 (modules/oss)
      const username = req.auth?.user.username ?? null;
      await recordUpload(app.ctx, {
        fileName,
        key: rel,
        ext,
        size: content.length,
        biz,
        username,
        tenancy: tenantOf(req),
      });
      return okCode0(null, rel);
    } catch (err) {
      req.log.error({ err }, 'upload: write failed');
      throw bizError('上传失败！');
    }
  });

  app.get('/sys/common/static/*', { config: { access: 'public' } }, async (req, reply) => {
    const rel = (req.params as { '*': string })['*'] ?? '';
    const file = await resolveUnderRoot(app.ctx.config.uploadDir, rel);
    if (!file) return sendError(reply, 'NOT_FOUND');
    const ext = extensionOf(file);
    const type = Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext] : undefined;
    const name = file.split(/[\\/]/).pop() ?? 'file';
    const stat = await fs.promises.stat(file);
    reply
      .header('Content-Type', type?.contentType ?? 'application/octet-stream')
      .header('Content-Length', String(stat.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', contentDisposition(type?.kind === 'image' ? 'inline' : 'attachment', name));
    return reply.send(fs.createReadStream(file));
  });
}
