import { useEffect, useState } from 'react';

/**
 * Data that belongs to a key (the row a dialog shows, the two versions compared …): loaded when the key changes
 * (null / undefined: nothing to load), a stale answer dropped; a failed load was shown by the http client and
 * leaves `data` as it was.
 */
export function useKeyedLoad<T>(key: string | null | undefined, load: () => Promise<T>, initial: T) {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` belongs to `key` (a new key, a new load)
  useEffect(() => {
    if (key == null) return;
    let live = true;
    setLoading(true);
    load()
      .then((d) => live && setData(d))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);
  return { data, setData, loading };
}
