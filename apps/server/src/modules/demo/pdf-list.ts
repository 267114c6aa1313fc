import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ossFile } from '../../db/schema/index.ts';
import { formatDateTime } from '../../platform/serialize.ts';

/** the page that reads the list (menu grant) */
export const PDF_VIEW_PAGE = 'jeecg/JeecgPdfView';
/** at most this many PDFs are listed (newest first) */
export const PDF_LIST_MAX = 100;

/**
 * `GET /mock/api/pdfList` of PDF预览 (contract-2 §5: JeecgBoot 3.2.0 has no server endpoint; its client expects a bare
 * array of `{title, …}`). Here it is answered from real uploads: the PDFs the signed-in user stored (through any
 * upload: `/sys/common/upload` or 文件存储, both recorded in oss_file), newest first. Each item: `title` (the original
 * file name), `url` (the stored path the client opens through `/sys/common/static`), `id`, `fileSize`, `createTime`.
 * Another user's uploads are not listed.
 */
export function registerPdfList(app: FastifyInstance): void {
  app.get('/mock/api/pdfList', { config: { access: { menu: PDF_VIEW_PAGE } } }, async (req) => {
    const username = req.auth?.user.username;
    if (!username) return [];
    const rows = await app.ctx.db
      .select({
        id: ossFile.id,
        title: ossFile.fileName,
        url: ossFile.url,
        fileSize: ossFile.fileSize,
        createTime: ossFile.createTime,
      })
      .from(ossFile)
      .where(and(eq(ossFile.fileType, 'pdf'), eq(ossFile.createBy, username)))
      .orderBy(desc(ossFile.createTime), desc(ossFile.id))
      .limit(PDF_LIST_MAX);
    return rows.map((r) => ({ ...r, createTime: r.createTime ? formatDateTime(r.createTime) : null }));
  });
}
