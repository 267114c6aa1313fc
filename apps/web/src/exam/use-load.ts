import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError, forgetCandidate } from './api';
import { useNavigate } from './router';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** one call's state; an expired sign-in goes to the page's sign-in */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const navigate = useNavigate();
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [n, setN] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof CallError && err.expired) {
          forgetCandidate();
          navigate(`/exam/login?redirect=${encodeURIComponent(window.location.pathname)}`, { replace: true });
          return;
        }
        setState({ data: null, error: err instanceof Error ? err.message : String(err), loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { ...state, reload };
}
