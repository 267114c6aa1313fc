/** Pure helpers of the lazy tree selects (JTreeSelect, JCategorySelect). */

export const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

/** A node of antd TreeSelect (`treeData`). */
export interface LazyNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: LazyNode[];
}

/** '' / undefined = no condition; otherwise it must be a JSON object string */
export function isValidCondition(condition: string | null | undefined): boolean {
  if (condition === undefined || condition === null || condition.trim() === '') return true;
  try {
    const v = JSON.parse(condition) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** server node (`{key, title, leaf}` of loadTreeData / loadTreeRoot) → TreeSelect node; value = key */
export function toLazyNode(n: { key: string; title: string | null; leaf?: boolean | number | null }): LazyNode {
  const leaf = n.leaf === true || n.leaf === 1;
  return { key: n.key, value: n.key, title: n.title ?? n.key, isLeaf: leaf };
}

/** a copy of `tree` with `children` set under the node `key` (a node without children becomes a leaf) */
export function withChildren(tree: LazyNode[], key: string, children: LazyNode[]): LazyNode[] {
  return tree.map((n) => {
    if (n.key === key) return { ...n, children, isLeaf: children.length === 0 };
    if (n.children?.length) return { ...n, children: withChildren(n.children, key, children) };
    return n;
  });
}

/** every node's title by key */
export function titlesOf(tree: LazyNode[], out: Map<string, string> = new Map()): Map<string, string> {
  for (const n of tree) {
    out.set(n.key, n.title);
    if (n.children) titlesOf(n.children, out);
  }
  return out;
}

/** comma string → list (blanks dropped) */
export function splitIds(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
