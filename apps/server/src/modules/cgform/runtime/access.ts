import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Access, AppContext } from '../../../context.ts';
import { queryRows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { grantedIdsSql, Permissions } from '../../../platform/permissions.ts';
import { type FormModel, loadForm } from '../model.ts';

/**
 * Who may use a generated screen (ADR 032). JeecgBoot has a menu per form whose url carries the head id
 * (`/online/cgformList/<id>`, …TreeList, …ErpList, …TabList, …InnerTableList); a user may use form X when one of their
 * granted menus carries X, or when they hold the designer's menu (功能测试 from Online表单开发). A sub table's data is
 * reachable through its main form's menu. Everything else answers the platform's 403.
 */

/** the designer page: its holders may test every form and manage online auth rules */
export const DESIGNER_MENU = 'modules/online/cgform/OnlCgformHeadList';
export const DESIGNER_ACCESS = { menu: DESIGNER_MENU } satisfies Access;

const MENU_URL = /^\/online\/cgform(?:List|TreeList|ErpList|TabList|InnerTableList)\/([A-Za-z0-9_-]{1,36})(?:[/?#]|$)/;

/** head ids carried by the urls of a user's granted menus (cached with the user's grants; dropped on any grant change) */
export function menuFormIds(app: { ctx: AppContext }, userId: string): Promise<ReadonlySet<string>> {
  return app.ctx.perms.memo(userId, 'cgform-menu-heads', async () => {
    const rows = await queryRows<{ url: string | null }>(
      app.ctx.db,
      sql`select p.url from sys_permission p
           where p.del_flag = 0 and p.menu_type <> 2 and p.url like '/online/cgform%'
             and p.id in (${grantedIdsSql(userId)})`,
    );
    const ids = new Set<string>();
    for (const r of rows) {
      const m = MENU_URL.exec(r.url ?? '');
      if (m) ids.add(m[1]);
    }
    return ids;
  });
}

export async function isDesigner(app: { ctx: AppContext }, userId: string): Promise<boolean> {
  return Permissions.allows(await app.ctx.perms.of(userId), DESIGNER_ACCESS);
}

/** The form's definition when the request's user may use it; otherwise 403 (unknown ids: the not-found error). */
export async function formForRequest(
  app: { ctx: AppContext },
  req: FastifyRequest,
  headId: string,
): Promise<FormModel> {
  const userId = req.auth!.user.id;
  const model = await loadForm(app, headId);
  if (await isDesigner(app, userId)) return model;
  const ids = await menuFormIds(app, userId);
  if (ids.has(model.head.id) || model.mainHeadIds.some((id) => ids.has(id))) return model;
  throw new AppError('FORBIDDEN');
}
