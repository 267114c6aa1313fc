import { ICON_MAP } from '../Icon/icon-map';

/**
 * The icons a menu may use: the allowed set of components/Icon (JeecgBoot names), without the legacy `-o` aliases and
 * other names that draw the same component as an earlier one.
 */
export function pickableIcons(): string[] {
  const seen = new Set<unknown>();
  const out: string[] = [];
  for (const [name, cmp] of Object.entries(ICON_MAP)) {
    if (seen.has(cmp)) continue;
    seen.add(cmp);
    out.push(name);
  }
  return out;
}

/** names containing the text (case-insensitive); all for an empty text */
export function filterIcons(names: readonly string[], text: string): string[] {
  const t = text.trim().toLowerCase();
  return t ? names.filter((n) => n.includes(t)) : [...names];
}
