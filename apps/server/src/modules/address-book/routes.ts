import { okCode0 } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageDataRules } from '../../platform/data-rules.ts';
import { listPage, parsePaging } from '../../platform/list-query.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse, str } from '../../platform/validation.ts';
import { contactEntity, contactWhere, decorateContacts, usersByOrgCode } from './service.ts';

/** Org codes are letters and digits (A01A05); anything else is refused before it reaches SQL. */
const orgCode = z
  .string()
  .trim()
  .max(64, '长度不能超过 64 个字符')
  .regex(/^[A-Za-z0-9]*$/, '只能包含字母和数字');

const ListQuery = z
  .object({
    orgCode: orgCode.optional(),
    realname: str(100).optional(),
    workNo: str(100).optional(),
  })
  .loose();

const ByOrgCodeQuery = ListQuery.extend({
  orgCode: orgCode.min(1, '部门编码不能为空'),
});

const PAGE = { menu: 'system/AddressList' } as const;

const blankToUndefined = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

export default async function addressBookRoutes(app: FastifyInstance): Promise<void> {
  /**
   * GET /sys/user/queryByOrgCodeForAddressList ?orgCode&realname&workNo&pageNo&pageSize&column&order: the users of a
   * department and its sub-departments (all users without orgCode), one row per user with every department name.
   */
  app.get('/sys/user/queryByOrgCodeForAddressList', { config: { access: PAGE } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const tenancy = tenantOf(req);
    const where = contactWhere(
      {
        orgCode: blankToUndefined(q.orgCode),
        realname: blankToUndefined(q.realname),
        workNo: blankToUndefined(q.workNo),
      },
      tenancy,
    );
    // the query engine reads paging and sorting only (the entity has no free filters)
    const { orgCode: _o, realname: _r, workNo: _w, ...rest } = req.query as Record<string, unknown>;
    const dataRules = await pageDataRules(app.ctx, req.auth!.user, 'system/AddressList');
    const page = await listPage(app.ctx, contactEntity, rest, { where, dataRules, tenant: tenancy });
    await decorateContacts(app.ctx.db, page.records, tenancy);
    return okCode0(page);
  });

  /**
   * GET /sys/user/queryByOrgCode ?orgCode (required)&realname&workNo&pageNo&pageSize: one row per (user, department)
   * for the departments under the org code (JeecgBoot SysUserSysDepartModel).
   */
  app.get('/sys/user/queryByOrgCode', { config: { access: PAGE } }, async (req) => {
    const q = parse(ByOrgCodeQuery, req.query);
    const paging = parsePaging(req.query as Record<string, unknown>);
    const { records, total } = await usersByOrgCode(
      app.ctx.db,
      { orgCode: q.orgCode, realname: blankToUndefined(q.realname), workNo: blankToUndefined(q.workNo) },
      paging,
      tenantOf(req),
    );
    return okCode0({
      records,
      total,
      size: paging.pageSize,
      current: paging.pageNo,
      orders: [],
      optimizeCountSql: true,
      searchCount: true,
      countId: null,
      maxLimit: null,
      pages: Math.ceil(total / paging.pageSize),
    });
  });
}
