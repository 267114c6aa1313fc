/**
 * Button-level permissions (spec 01 §6, spec 02 §6) as one pure decision:
 *
 * | the code is …                                                    | result     |
 * |------------------------------------------------------------------|------------|
 * | in the form's permission entries, or in the user's `auth` list   | 'allow'    |
 * | in `allAuth` with status "0" (the entry is switched off)         | 'deny'     |
 * | in `allAuth`, active, type "2" (disable strategy), not granted   | 'disabled' |
 * | in `allAuth`, active, type "1" (show/hide strategy), not granted | 'deny'     |
 * | unknown                                                          | 'deny'     |
 *
 * Entry actions may be comma lists ("user:add,user:edit" grants both). A queried action may also be a comma
 * list; it gets the most permissive result of its parts. An empty action means "no restriction".
 * Hiding is cosmetic: the server checks every call itself.
 */

export type Decision = 'allow' | 'disabled' | 'deny';

export interface PermissionEntry {
  action: string;
  /** "1" show/hide strategy, "2" disable strategy */
  type?: string;
  /** "1" active, "0" inactive (allAuth only) */
  status?: string;
  describe?: string;
}

export interface CanContext {
  auth: readonly PermissionEntry[];
  allAuth: readonly PermissionEntry[];
  /** permission entries attached to the current form (workflow node), checked first */
  formPermissions?: readonly PermissionEntry[] | null;
}

const RANK: Record<Decision, number> = { deny: 0, disabled: 1, allow: 2 };

export function splitActions(action: string | null | undefined): string[] {
  if (!action) return [];
  return action
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function holds(entries: readonly PermissionEntry[] | null | undefined, code: string): boolean {
  return Boolean(entries?.some((e) => splitActions(e.action).includes(code)));
}

function decideOne(code: string, ctx: CanContext): Decision {
  if (holds(ctx.formPermissions, code) || holds(ctx.auth, code)) return 'allow';
  const entry = ctx.allAuth.find((e) => splitActions(e.action).includes(code));
  if (!entry) return 'deny';
  if (String(entry.status) === '0') return 'deny';
  return String(entry.type) === '2' ? 'disabled' : 'deny';
}

export function can(action: string | null | undefined, ctx: CanContext): Decision {
  const codes = splitActions(action);
  if (codes.length === 0) return 'allow';
  let best: Decision = 'deny';
  for (const code of codes) {
    const d = decideOne(code, ctx);
    if (RANK[d] > RANK[best]) best = d;
    if (best === 'allow') break;
  }
  return best;
}

/**
 * Codes under `prefix` (prefix removed) whose elements are hidden for this user: active type "1" entries of
 * `allAuth` not granted in `auth`. Used for column and toolbar filtering ("user:form:phone" → "phone").
 */
export function hiddenCodes(prefix: string, ctx: CanContext): Set<string> {
  const hidden = new Set<string>();
  for (const entry of ctx.allAuth) {
    if (String(entry.type) === '2' || String(entry.status) === '0') continue;
    for (const code of splitActions(entry.action)) {
      if (code.startsWith(prefix) && !holds(ctx.auth, code) && !holds(ctx.formPermissions, code)) {
        hidden.add(code.slice(prefix.length));
      }
    }
  }
  return hidden;
}

/** columns whose `dataIndex` is hidden under `prefix` are left out */
export function colAuthFilter<C extends { dataIndex?: unknown }>(columns: C[], prefix: string, ctx: CanContext): C[] {
  const hidden = hiddenCodes(prefix, ctx);
  return columns.filter((c) => typeof c.dataIndex !== 'string' || !hidden.has(c.dataIndex));
}
