import { ok } from '@answer/contract';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { sysDepart, sysDepartRole } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhereVia } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { trimComma } from './permission-tree.ts';
import { IdQuery, IdsQuery } from './schema.ts';

/**
 * Department roles of the request's tenancy: a department role belongs to its department's tenant and is reached only
 * through it (ADR 017) — another tenant's role or department answers as an unknown id.
 */
export const departRolesOfTenant = (req: FastifyRequest) =>
  tenantWhereVia(sysDepartRole.departId, sysDepart, tenantOf(req));

/**
 * `${B}/delete?id=` and `${B}/deleteBatch?ids=` over one remover answering how many rows it removed: an unknown id
 * answers 未找到对应数据, an empty batch 参数不识别！.
 */
export function deleteRoutes(
  app: FastifyInstance,
  B: string,
  access: RouteShorthandOptions,
  remove: (req: FastifyRequest, ids: string[]) => Promise<number>,
): void {
  app.delete(`${B}/delete`, access, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await remove(req, [id]))) throw bizError('未找到对应数据');
    return ok(null, '删除成功!');
  });

  app.delete(`${B}/deleteBatch`, access, async (req) => {
    const { ids } = parse(IdsQuery, req.query);
    if (!ids.length) throw bizError('参数不识别！');
    await remove(req, ids);
    return ok(null, '批量删除成功!');
  });
}

/** `${B}/edit`, answered to PUT and POST alike (the JeecgBoot UI sends either). */
export function editRoute(
  app: FastifyInstance,
  B: string,
  access: RouteShorthandOptions,
  handler: (req: FastifyRequest) => Promise<unknown>,
): void {
  app.route({ method: ['PUT', 'POST'], url: `${B}/edit`, ...access, handler });
}

/** The datarule answer of a grant: the permission's rules, and the grant's checked rule ids when it has any. */
export function dataRuleAnswer(rules: readonly Record<string, unknown>[], checkedIds: string | null | undefined) {
  const result: Record<string, unknown> = { datarule: rules.map((r) => rowJson(r)) };
  const checked = trimComma(checkedIds);
  if (checked) result.drChecked = checked;
  return ok(result);
}
