/**
 * Hierarchical codes of contract §5.4 (JeecgBoot fill rules `org_num_role` for departments and
 * `category_code_rule` for categories): a code is a chain of segments, each one upper-case letter followed by two
 * digits (`A01`, `A01A03`, `A01A05A01`).
 *
 * - The first root is `A01`; the next sibling increments the number (`A01 → A02 … A99 → B01`).
 * - The first child of `P` is `P + 'A01'`; later children increment the last segment (`A01A01 → A01A02`).
 * - `Z99` has no next letter: JeecgBoot answers `Z99A01` (the code + `A01`). That value has the shape of the first
 *   child of `Z99`, so callers that write codes must treat the result as a candidate and skip codes already taken
 *   (see `allocateCode`) — the unique index on the code column stays the final guard.
 *
 * Pure functions only (no DB): shared by the department and category modules.
 */

export const CODE_SEGMENT_LENGTH = 3;
const SEGMENT = /^[A-Z][0-9]{2}$/;
const CODE = /^(?:[A-Z][0-9]{2})+$/;

/** True when `code` is a non-empty chain of letter+2-digit segments. */
export function isOrgCode(code: string | null | undefined): code is string {
  return typeof code === 'string' && CODE.test(code);
}

/** Next value of one segment: `A01 → A02`, `A99 → B01`; `Z99` has no successor (null). */
export function nextSegment(segment: string): string | null {
  if (!SEGMENT.test(segment)) throw new Error(`invalid code segment: ${segment}`);
  const letter = segment.charCodeAt(0);
  const num = Number(segment.slice(1));
  if (num < 99) return String.fromCharCode(letter) + String(num + 1).padStart(2, '0');
  if (letter < 'Z'.charCodeAt(0)) return `${String.fromCharCode(letter + 1)}01`;
  return null;
}

/** The code that follows `code` among its siblings (JeecgBoot getNextYouBianCode); `null`/'' → `A01`. */
export function nextCode(code: string | null | undefined): string {
  if (!code) return 'A01';
  if (!isOrgCode(code)) throw new Error(`invalid org code: ${code}`);
  const head = code.slice(0, -CODE_SEGMENT_LENGTH);
  const next = nextSegment(code.slice(-CODE_SEGMENT_LENGTH));
  // Z99 edge case of contract §5.4: no next letter, the code is extended instead (Z99 → Z99A01)
  return next === null ? `${code}A01` : head + next;
}

/**
 * Code for a new node, given the greatest code among its existing siblings (ordered by code descending; `null` when
 * it is the first child) and the parent's code (`null` for a root).
 */
export function nextSiblingCode(
  maxSiblingCode: string | null | undefined,
  parentCode: string | null | undefined,
): string {
  if (parentCode && !isOrgCode(parentCode)) throw new Error(`invalid parent code: ${parentCode}`);
  if (!maxSiblingCode) return parentCode ? `${parentCode}A01` : 'A01';
  return nextCode(maxSiblingCode);
}

/** Parent code of `code` (drops the last segment); roots → null. */
export function parentCodeOf(code: string): string | null {
  if (!isOrgCode(code)) throw new Error(`invalid org code: ${code}`);
  return code.length > CODE_SEGMENT_LENGTH ? code.slice(0, -CODE_SEGMENT_LENGTH) : null;
}

/** Number of segments (roots 1) — the department `org_type` for a well-formed tree. */
export function codeDepth(code: string): number {
  if (!isOrgCode(code)) throw new Error(`invalid org code: ${code}`);
  return code.length / CODE_SEGMENT_LENGTH;
}

/**
 * First free code from the sibling maximum on: `nextSiblingCode`, then `nextCode` while `isTaken` says the candidate
 * is used (a row elsewhere in the tree may hold it — the Z99 edge case, or hand-edited data). Gives up after `limit`
 * candidates.
 */
export async function allocateCode(
  maxSiblingCode: string | null | undefined,
  parentCode: string | null | undefined,
  isTaken: (candidate: string) => boolean | Promise<boolean>,
  limit = 100,
): Promise<string> {
  let candidate = nextSiblingCode(maxSiblingCode, parentCode);
  for (let i = 0; i < limit; i++) {
    if (!(await isTaken(candidate))) return candidate;
    candidate = nextCode(candidate);
  }
  throw new Error('no free code');
}
