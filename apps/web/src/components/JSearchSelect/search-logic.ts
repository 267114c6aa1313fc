/** Pure logic of JSearchSelect (spec 02 §5, §7, §9). */

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const ASYNC_SEARCH_DEBOUNCE_MS = 800;
export const SEARCH_MESSAGES = {
  enterKeyword: '请输入搜索内容',
  noData: '没有查询到任何数据',
} as const;

/** `table,text,code[,condition]` is a table dictionary (server search); a bare code is a plain dictionary */
export function isTableDict(dict: string | null | undefined): boolean {
  return Boolean(dict?.includes(','));
}

export function searchDelay(async: boolean | undefined): number {
  return async ? ASYNC_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS;
}

/** what the dropdown shows without options: nothing while loading, 请输入搜索内容 before a keyword (async), else 没有查询到任何数据 */
export function notFoundText(opts: { loading: boolean; keyword: string; async?: boolean }): string | null {
  if (opts.loading) return null;
  if (opts.async && !opts.keyword.trim()) return SEARCH_MESSAGES.enterKeyword;
  return SEARCH_MESSAGES.noData;
}

export interface SearchOption {
  value: string;
  text: string;
}

/** options merged by value, first one wins (the loaded text of the current value stays available) */
export function mergeOptions(...lists: SearchOption[][]): SearchOption[] {
  const seen = new Set<string>();
  const out: SearchOption[] = [];
  for (const list of lists)
    for (const o of list) {
      if (seen.has(o.value)) continue;
      seen.add(o.value);
      out.push(o);
    }
  return out;
}
