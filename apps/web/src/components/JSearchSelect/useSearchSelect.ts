import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDict, loadDictItem } from '../../api/dict';
import { feedback } from '../../utils/feedback';
import { normalizeItems, useDictItems } from '../JDictSelectTag';
import {
  isTableDict,
  mergeOptions,
  notFoundText,
  SEARCH_PAGE_SIZE,
  type SearchOption,
  searchDelay,
} from './search-logic';

export interface UseSearchSelectOptions {
  dict: string;
  /** server search only as the user types (800 ms debounce); else the first page is loaded at once (300 ms) */
  async?: boolean;
  value?: string | null;
  pageSize?: number;
}

export interface SearchSelectState {
  options: SearchOption[];
  loading: boolean;
  /** plain dictionaries filter locally; table dictionaries search on the server */
  serverSearch: boolean;
  onSearch(keyword: string): void;
  notFound: string | null;
}

/**
 * Headless JSearchSelect: table dictionaries search `/sys/dict/loadDict/{dict}?keyword&pageSize` (debounced, last
 * answer wins) and the current value's text comes from `/sys/dict/loadDictItem/{dict}?key=…`; plain codes use the
 * dictionary items. Failures show the server message as a warning.
 */
export function useSearchSelect({ dict, async, value, pageSize = SEARCH_PAGE_SIZE }: UseSearchSelectOptions) {
  const serverSearch = isTableDict(dict);
  const plain = useDictItems(serverSearch ? null : dict);
  const [found, setFound] = useState<SearchOption[]>([]);
  const [selected, setSelected] = useState<SearchOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const search = useCallback(
    async (kw: string) => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const res = await loadDict(dict, kw, pageSize);
        if (mine !== seq.current) return;
        if (res.success) setFound(normalizeItems(res.result));
        else {
          setFound([]);
          feedback.message.warning(res.message);
        }
      } catch {
        if (mine === seq.current) setFound([]);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [dict, pageSize],
  );

  // the first page of a synchronous table dictionary
  useEffect(() => {
    if (!serverSearch || async) return;
    void search('');
  }, [serverSearch, async, search]);

  // text of the current value when it is not among the options (a stored value, or async mode)
  const known = found.some((o) => o.value === value) || selected.some((o) => o.value === value);
  useEffect(() => {
    if (!serverSearch || !value || known) return;
    let alive = true;
    loadDictItem(dict, value).then(
      (res) => {
        if (!alive || !res.success) return;
        const labels = Array.isArray(res.result) ? res.result : [];
        setSelected([{ value, text: String(labels[0] ?? value) }]);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [serverSearch, dict, value, known]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onSearch = useCallback(
    (kw: string) => {
      setKeyword(kw);
      if (!serverSearch) return;
      if (timer.current) clearTimeout(timer.current);
      if (async && !kw.trim()) {
        seq.current++;
        setFound([]);
        setLoading(false);
        return;
      }
      timer.current = setTimeout(() => void search(kw), searchDelay(async));
    },
    [serverSearch, async, search],
  );

  const options = serverSearch ? mergeOptions(found, selected) : plain.items;
  const isLoading = serverSearch ? loading : plain.loading;
  return {
    options,
    loading: isLoading,
    serverSearch,
    onSearch,
    notFound: notFoundText({ loading: isLoading, keyword, async: serverSearch && async }),
  } satisfies SearchSelectState;
}
