import type { Decision } from '../../permission/can';
import type { PageSchema, RowActionSchema } from './types';

/** the permission part of a page declaration */
export type AuthSpec = Pick<PageSchema<unknown>, 'auth' | 'authCodes'>;

/**
 * Permission-driven hiding and disabling of a page's buttons (spec 02 §6), decided by the one permission module
 * (apps/web/src/permission: `useCan`). 'deny' hides, 'disabled' shows a disabled control, 'allow' shows it.
 */

export type Decide = (action: string) => Decision;

export type PageOp = 'add' | 'edit' | 'delete' | 'deleteBatch' | 'import' | 'export';
const OPS: PageOp[] = ['add', 'edit', 'delete', 'deleteBatch', 'import', 'export'];

/** the permission code of a built-in operation: the explicit code, else `${auth}:${op}`, else '' (no check) */
export function opCode(schema: AuthSpec, op: PageOp): string {
  const explicit = schema.authCodes?.[op];
  if (explicit !== undefined) return explicit;
  return schema.auth ? `${schema.auth}:${op}` : '';
}

/** a decision for a code; an empty code is not restricted */
export function decideCode(decide: Decide, code: string | undefined): Decision {
  return code ? decide(code) : 'allow';
}

/** the decisions of the built-in operations of a page */
export function pageDecisions(schema: AuthSpec, decide: Decide): Record<PageOp, Decision> {
  const out = {} as Record<PageOp, Decision>;
  for (const op of OPS) out[op] = decideCode(decide, opCode(schema, op));
  return out;
}

const BUILTIN_OP: Record<string, PageOp | undefined> = { edit: 'edit', delete: 'delete', addChild: 'add' };

/**
 * The row actions a row shows, each with its decision: denied ones and those whose `show` is false for the row are
 * left out. Built-ins (edit, delete, addChild) fall back to the page's codes.
 */
export function visibleRowActions<T>(
  actions: readonly RowActionSchema<T>[],
  row: T,
  decide: Decide,
  schema: AuthSpec,
): { action: RowActionSchema<T>; decision: Decision }[] {
  const out: { action: RowActionSchema<T>; decision: Decision }[] = [];
  for (const action of actions) {
    if (action.show && !action.show(row)) continue;
    const op = action.run ? BUILTIN_OP[action.run] : undefined;
    const code = action.auth ?? (op ? opCode(schema, op) : '');
    const decision = decideCode(decide, code);
    if (decision === 'deny') continue;
    out.push({ action, decision });
  }
  return out;
}

/** toolbar (or batch) actions with their decisions, denied ones left out */
export function visibleToolbar<A extends { auth?: string }>(
  actions: readonly A[],
  decide: Decide,
): { action: A; decision: Decision }[] {
  return actions
    .map((action) => ({ action, decision: decideCode(decide, action.auth) }))
    .filter((a) => a.decision !== 'deny');
}
