import { type DictOption, SESSION_CACHE_MS } from '@answer/contract';
import { create } from 'zustand';
import { ls, STORAGE_KEYS } from '../utils/storage';

/**
 * Dictionary cache (spec 01 §4): `sysAllDictItems` from login, or `queryAllDictItems` after a cache refresh,
 * kept locally for 7 days under one explicit key. Lookups read it before asking the server.
 */
export type DictMap = Record<string, DictOption[]>;

interface DictState {
  items: DictMap;
  /** replace the whole cache and persist it for 7 days */
  setAll(items: DictMap | null | undefined): void;
  /** items of one dictionary code from the cache, or null when the code is not cached */
  get(code: string): DictOption[] | null;
  clear(): void;
}

export const useDictStore = create<DictState>((set, get) => ({
  items: ls.get<DictMap>(STORAGE_KEYS.DICT_CACHE) ?? {},
  setAll(items) {
    const next = items ?? {};
    ls.set(STORAGE_KEYS.DICT_CACHE, next, SESSION_CACHE_MS);
    set({ items: next });
  },
  get(code) {
    const hit = get().items[code];
    return Array.isArray(hit) ? hit : null;
  },
  clear() {
    ls.remove(STORAGE_KEYS.DICT_CACHE);
    set({ items: {} });
  },
}));
