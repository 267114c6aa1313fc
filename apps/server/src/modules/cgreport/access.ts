import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { grantedIdsSql, Permissions } from '../../platform/permissions.ts';
import { menuFormIds } from '../cgform/runtime/access.ts';

/**
 * Who may run an online report (issue 28 security 3), as forms (cgform/runtime/access.ts): JeecgBoot gives each report
 * screen a menu whose url carries the report id (`/online/cgreport/<id>`). A user runs report X when a granted menu
 * carries X, when X is the popup (JPopup, `dict_table` = the report code) of a field of a form they may use, or when
 * they hold the designer (功能测试). The hidden `/online/cgreport/:code` route grants no report by itself.
 */

export const REPORT_DESIGNER_MENU = 'modules/online/cgreport/OnlCgreportHeadList';
const MENU_URL = /^\/online\/cgreport\/([A-Za-z0-9_-]{1,36})(?:[/?#]|$)/;

/** report ids carried by the urls of a user's granted menus (cached with the user's grants) */
export function menuReportIds(app: { ctx: AppContext }, userId: string): Promise<ReadonlySet<string>> {
  return app.ctx.perms.memo(userId, 'cgreport-menu-ids', async () => {
    const rows = await queryRows<{ url: string | null }>(
      app.ctx.db,
      sql`select p.url from sys_permission p
           where p.del_flag = 0 and p.menu_type <> 2 and p.url like '/online/cgreport/%'
             and p.id in (${grantedIdsSql(userId)})`,
    );
    const ids = new Set<string>();
    for (const r of rows) {
      const m = MENU_URL.exec(r.url ?? '');
      if (m && m[1] !== ':code') ids.add(m[1]);
    }
    return ids;
  });
}

/** throws the platform's 403 unless the request's user may run the report `head` */
export async function assertReportAllowed(
  app: { ctx: AppContext },
  req: FastifyRequest,
  head: { id: string; code: string },
): Promise<void> {
  const userId = req.auth!.user.id;
  if (Permissions.allows(await app.ctx.perms.of(userId), { menu: REPORT_DESIGNER_MENU })) return;
  if ((await menuReportIds(app, userId)).has(head.id)) return;
  const forms = [...(await menuFormIds(app, userId))];
  if (forms.length > 0) {
    const [hit] = await queryRows<{ x: number }>(
      app.ctx.db,
      sql`select 1 as x from onl_cgform_field f
           where f.field_show_type = 'popup' and f.dict_table = ${head.code}
             and f.cgform_head_id in (${sql.join(
               forms.map((id) => sql`${id}`),
               sql`, `,
             )}) limit 1`,
    );
    if (hit) return;
  }
  throw new AppError('FORBIDDEN');
}
