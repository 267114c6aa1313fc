// Options of dictionary-backed columns: column.options, else the dictionary cache / loader (JDictSelectTag's).
import { useEffect, useMemo, useState } from 'react';
import { cachedItems, type DictItem, loadDictItems } from '../../JDictSelectTag/dict-logic';
import { optionText } from '../cells/basic/logic';
import type { CellDef, JVxeColumn, JVxeOption } from '../types';

const toOptions = (items: readonly DictItem[]): JVxeOption[] =>
  items.map((i) => ({ value: i.value, text: i.text, disabled: i.disabled }));

/** columns with their options resolved (dictCode → the dictionary's items, loaded once per code) */
export function useResolvedColumns(
  columns: readonly JVxeColumn[],
  cellOf: (type: string) => CellDef | undefined,
): JVxeColumn[] {
  const codes = useMemo(() => {
    const set = new Set<string>();
    for (const c of columns) if (c.dictCode && !c.options && cellOf(c.type)?.usesOptions) set.add(c.dictCode);
    return [...set];
  }, [columns, cellOf]);
  const [loaded, setLoaded] = useState<Record<string, JVxeOption[]>>({});

  useEffect(() => {
    let alive = true;
    for (const code of codes) {
      if (loaded[code]) continue;
      loadDictItems(code).then(
        (items) => alive && setLoaded((prev) => ({ ...prev, [code]: toOptions(items) })),
        () => alive && setLoaded((prev) => ({ ...prev, [code]: [] })),
      );
    }
    return () => {
      alive = false;
    };
  }, [codes, loaded]);

  return useMemo(
    () =>
      columns.map((c) => {
        if (!c.dictCode || c.options || !cellOf(c.type)?.usesOptions) return c;
        const hit = loaded[c.dictCode];
        const cached = hit ?? (cachedItems(c.dictCode) ? toOptions(cachedItems(c.dictCode) ?? []) : undefined);
        return cached ? { ...c, options: cached } : c;
      }),
    [columns, loaded, cellOf],
  );
}

const textMaps = new WeakMap<readonly JVxeOption[], Map<string, string>>();

/** value → text of an option list (cached per list) */
export function optionTexts(options: readonly JVxeOption[] | undefined): Map<string, string> | undefined {
  if (!options) return undefined;
  let m = textMaps.get(options);
  if (!m) {
    m = new Map(options.map((o) => [String(o.value), optionText(o)]));
    textMaps.set(options, m);
  }
  return m;
}
