import type { DictOption } from '@answer/contract';
import { EMPTY_DICT_CODE, fetchDictItems } from '../../api/dict';
import { useDictStore } from '../../stores/dict';

/** Pure / non-React logic of the dictionary widgets (spec 02 §3 "Dictionary item", §5, §7). */

export { EMPTY_DICT_CODE };

export interface DictItem {
  value: string;
  text: string;
  disabled?: boolean;
}

/** Items as the widgets use them: value as a string, text from text/label/title. */
export function normalizeItems(items: readonly Partial<DictOption & { disabled?: boolean }>[] | null | undefined) {
  const out: DictItem[] = [];
  for (const it of items ?? []) {
    if (!it || it.value === undefined || it.value === null) continue;
    const value = String(it.value);
    out.push({ value, text: String(it.text ?? it.label ?? it.title ?? value), disabled: it.disabled || undefined });
  }
  return out;
}

/** a stored value (string, number, comma list or array) as its parts */
export function splitValue(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(splitValue);
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** parts as the comma string widgets emit (undefined when none) */
export function joinValue(parts: readonly unknown[] | null | undefined): string | undefined {
  const list = (parts ?? []).map((p) => String(p)).filter((p) => p !== '');
  return list.length ? list.join(',') : undefined;
}

/** text of a (comma multi-)value: each part by its item text, unknown parts as they are, joined with ',' */
export function dictText(items: readonly DictItem[], value: unknown): string {
  const parts = splitValue(value);
  if (!parts.length) return '';
  const byValue = new Map(items.map((i) => [i.value, i.text]));
  return parts.map((p) => byValue.get(p) ?? p).join(',');
}

const MEMO_MS = 5 * 60_000;
const memo = new Map<string, { at: number; promise: Promise<DictItem[]> }>();

/** forget dictionaries fetched from the server (tests; after a dictionary was edited) */
export function clearDictMemo(code?: string): void {
  if (code) memo.delete(code);
  else memo.clear();
}

/** cached items of a code (local dictionary cache), or null */
export function cachedItems(code: string): DictItem[] | null {
  const hit = useDictStore.getState().get(code);
  return hit ? normalizeItems(hit) : null;
}

/**
 * Items of a dictionary: the local cache first (spec 02 §7), then GET /sys/dict/getDictItems/{code}; concurrent
 * lookups of one code share one request (a table of DictTags asks once). Empty code rejects with 字典Code不能为空!.
 */
export function loadDictItems(code: string): Promise<DictItem[]> {
  if (!code) return Promise.reject(new Error(EMPTY_DICT_CODE));
  const cached = cachedItems(code);
  if (cached) return Promise.resolve(cached);
  const hit = memo.get(code);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.promise;
  const promise = fetchDictItems(code).then(normalizeItems);
  memo.set(code, { at: Date.now(), promise });
  promise.catch(() => memo.delete(code));
  return promise;
}
