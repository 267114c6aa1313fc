/**
 * Button- and field-level permissions (spec 01 §6, spec 02 §6) as one decision, with JeecgBoot's client semantics
 * (ant-design-vue-jeecg src/utils/hasPermission.js `filterNodePermission` / `filterGlobalPermission`, the v-has
 * directive, and src/utils/authFilter.js `disabledAuthFilter`). The spec's sentence on allAuth status 0 says both
 * "disabled-but-allowed" and "forbids"; JeecgBoot's code decides (docs/decisions/005-action-permissions.md).
 *
 * For one code, in this order:
 *
 * | # | the code is …                                                                    | result     | JeecgBoot           |
 * |---|----------------------------------------------------------------------------------|------------|---------------------|
 * | 1 | a type "2" entry of the form's permission list                                   | 'disabled' | nodeDisabledAuth    |
 * | 2 | a type "2" entry of allAuth with status "0" (rule switched off)                  | 'allow'    | globalDisabledAuth  |
 * | 3 | a type "2" entry of allAuth with status "1", held by the user (auth, type "2")   | 'allow'    | globalDisabledAuth  |
 * | 4 | a type "2" entry of allAuth with status "1", not held                            | 'disabled' | globalDisabledAuth  |
 * | 5 | an entry (type ≠ "2") of the form's permission list                              | 'allow'    | filterNodePermission|
 * | 6 | an entry (type ≠ "2") of allAuth with status "0" (rule switched off: not applied)| 'allow'    | v-has invalidFlag   |
 * | 7 | in the user's auth (type ≠ "2"; an entry may hold a comma list of codes)         | 'allow'    | v-has               |
 * | 8 | anything else (including no auth at all)                                         | 'deny'     | v-has removes it    |
 *
 * Codes are compared exactly, as JeecgBoot does, except the user's type ≠ "2" auth entries, whose actions JeecgBoot
 * splits at commas. A queried action may itself be a comma list: any of its codes suffices (the most permissive
 * result wins). An empty action means "no restriction". Hiding is cosmetic: the server checks every call itself.
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

const isDisableStrategy = (e: PermissionEntry) => String(e.type) === '2';

/** entries whose action is exactly `code` */
function exact(entries: readonly PermissionEntry[] | null | undefined, code: string): PermissionEntry[] {
  return (entries ?? []).filter((e) => (e.action ?? '').trim() === code);
}

function holds(entries: readonly PermissionEntry[] | null | undefined, code: string): boolean {
  return Boolean(entries?.some((e) => splitActions(e.action).includes(code)));
}

function decideOne(code: string, ctx: CanContext): Decision {
  // disable strategy (type "2"): shown, but disabled unless the rule is off or the user holds the code
  if (exact(ctx.formPermissions, code).some(isDisableStrategy)) return 'disabled';
  const disableRule = exact(ctx.allAuth, code).find(isDisableStrategy);
  if (disableRule) {
    if (String(disableRule.status) === '0') return 'allow';
    return exact(ctx.auth, code).some(isDisableStrategy) ? 'allow' : 'disabled';
  }
  // show/hide strategy (type ≠ "2")
  if (exact(ctx.formPermissions, code).some((e) => !isDisableStrategy(e))) return 'allow';
  if (exact(ctx.allAuth, code).some((e) => !isDisableStrategy(e) && String(e.status) === '0')) return 'allow';
  if (
    holds(
      ctx.auth.filter((e) => !isDisableStrategy(e)),
      code,
    )
  ) {
    return 'allow';
  }
  return 'deny';
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
