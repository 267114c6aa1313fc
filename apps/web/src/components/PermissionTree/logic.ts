/** Pure helpers of the permission trees (role, department and department-role grants; unit-tested). */

export interface KeyNode {
  key: string;
  children?: readonly KeyNode[] | null;
}

/** every key, depth first */
export function allKeys(nodes: readonly KeyNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** keys of the nodes that have children (what 展开所有 opens) */
export function parentKeys(nodes: readonly KeyNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));
}

/**
 * The ids to save from the tree's check state. With 父子关联 (linked) antd reports half-checked ancestors separately;
 * they are saved too, because a page is only reachable through its granted parents.
 */
export function idsToSave(checked: readonly string[], halfChecked: readonly string[], linked: boolean): string[] {
  return [...new Set(linked ? [...checked, ...halfChecked] : checked)];
}

/**
 * In linked mode antd derives a parent's state from its children, so a parent saved as granted while only some of
 * its children are would show fully checked. Keep only leaves and the parents whose whole subtree is granted.
 */
export function linkedCheckedKeys(nodes: readonly KeyNode[], granted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (n: KeyNode): boolean => {
    const kids = n.children ?? [];
    if (kids.length === 0) {
      if (granted.has(n.key)) out.push(n.key);
      return granted.has(n.key);
    }
    const all = kids.map(walk).every(Boolean);
    return all && granted.has(n.key);
  };
  nodes.forEach(walk);
  return out;
}

/** nodes (and their ancestors) whose title contains the text; the keys to expand for a search */
export interface TitledNode {
  key: string;
  slotTitle?: string | null;
  children?: readonly TitledNode[] | null;
}

export function matchingKeys(nodes: readonly TitledNode[], text: string): string[] {
  const out = new Set<string>();
  const walk = (n: TitledNode, path: string[]) => {
    const title = n.slotTitle ?? '';
    if (text && title.includes(text)) for (const k of path) out.add(k);
    for (const c of n.children ?? []) walk(c, [...path, n.key]);
  };
  for (const n of nodes) walk(n, []);
  return [...out];
}
