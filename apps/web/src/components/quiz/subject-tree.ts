import { useEffect, useState } from 'react';
import { type QuizSubject, subjectTree } from '../../api/quiz';

/**
 * The subject tree (题目分类) shared by every picker of a page visit: loaded once, reloaded after the 题目分类 page
 * changed it (`subjectsChanged()`), so the filters and pickers of 题库 and 试卷 see a new subject at once.
 */

let cache: Promise<QuizSubject[]> | null = null;
const listeners = new Set<() => void>();

export function loadSubjects(): Promise<QuizSubject[]> {
  if (!cache) {
    cache = subjectTree({ silent: true })
      .then((res) => (res.success && Array.isArray(res.result) ? res.result : []))
      .catch(() => {
        cache = null;
        return [];
      });
  }
  return cache;
}

/** after an add / edit / move / delete of a subject */
export function subjectsChanged(): void {
  cache = null;
  for (const l of listeners) l();
}

export function useSubjectTree(): { tree: QuizSubject[]; loading: boolean } {
  const [state, setState] = useState<{ tree: QuizSubject[]; loading: boolean }>({ tree: [], loading: true });
  useEffect(() => {
    let live = true;
    const load = () => {
      setState((s) => ({ ...s, loading: true }));
      void loadSubjects().then((tree) => live && setState({ tree, loading: false }));
    };
    load();
    listeners.add(load);
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, []);
  return state;
}

/** id → subject, and the path name of each (数学 / 代数) */
export function subjectIndex(tree: readonly QuizSubject[]): Map<string, { node: QuizSubject; path: string }> {
  const out = new Map<string, { node: QuizSubject; path: string }>();
  const walk = (nodes: readonly QuizSubject[], prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix} / ${n.name}` : n.name;
      out.set(n.id, { node: n, path });
      if (n.children?.length) walk(n.children, path);
    }
  };
  walk(tree, '');
  return out;
}

/** the ids of a node and all below it (a subject can not move under itself or its descendants) */
export function subtreeIds(node: QuizSubject): string[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

export interface SubjectTreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: SubjectTreeOption[];
}

/** TreeSelect data of the tree; the `exclude` ids (a subject being moved and its sub-tree) are disabled */
export function subjectOptions(
  tree: readonly QuizSubject[],
  exclude: ReadonlySet<string> = new Set(),
): SubjectTreeOption[] {
  return tree.map((n) => ({
    value: n.id,
    title: n.name,
    disabled: exclude.has(n.id) || undefined,
    children: n.children?.length ? subjectOptions(n.children, exclude) : undefined,
  }));
}
