import { useEffect, useState } from 'react';
import { useDictStore } from '../../stores/dict';
import { type DictItem, dictText, EMPTY_DICT_CODE, loadDictItems, normalizeItems } from './dict-logic';

export interface DictItemsState {
  items: DictItem[];
  loading: boolean;
  /** 字典Code不能为空! or the server message */
  error: string | null;
}

/** Items of a dictionary code for a widget: the local cache synchronously, else loaded once. */
export function useDictItems(code: string | null | undefined): DictItemsState {
  const cached = useDictStore((s) => (code ? s.items[code] : undefined));
  const [state, setState] = useState<{ code: string; items: DictItem[]; error: string | null } | null>(null);

  useEffect(() => {
    if (!code || Array.isArray(cached)) return;
    let alive = true;
    loadDictItems(code).then(
      (items) => alive && setState({ code, items, error: null }),
      (err: unknown) => alive && setState({ code, items: [], error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      alive = false;
    };
  }, [code, cached]);

  if (!code) return { items: [], loading: false, error: EMPTY_DICT_CODE };
  if (Array.isArray(cached)) return { items: normalizeItems(cached), loading: false, error: null };
  if (state?.code === code) return { items: state.items, loading: false, error: state.error };
  return { items: [], loading: true, error: null };
}

/** The text of a (comma multi-)value of a dictionary, e.g. `useDictText('sex', '1,2')` → `男,女`. */
export function useDictText(code: string | null | undefined, value: unknown): string {
  const { items } = useDictItems(code);
  return dictText(items, value);
}
