import type { UserRow } from '../../context.ts';
import type { Tenancy } from '../../platform/tenant-scope.ts';

/** who acts on the question bank: the signed-in user and the tenant scope of the request */
export interface Actor {
  user: Pick<UserRow, 'id' | 'username' | 'orgCode'>;
  tenancy: Tenancy;
}

/** the audit columns of a copy the actor makes (questions and papers): created now by them, in their org */
export const copyAudit = (actor: Actor) => ({
  createBy: actor.user.username,
  createTime: new Date(),
  updateBy: null,
  updateTime: null,
  sysOrgCode: actor.user.orgCode ?? null,
});
