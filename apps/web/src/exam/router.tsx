import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

/**
 * The answering page's own few lines of routing (issue 26), in place of react-router: five paths under /exam, links,
 * redirects, the back button. react-router's data router was ≈ 97 kB of the page's 370 kB of JavaScript (≈ 29 kB
 * br): on a 3G phone with a slow CPU that is ~0.15 s of download and as much again to compile before the first
 * question. The names and shapes are react-router's (`Link to`, `useNavigate()(to, { replace })`, `useParams`,
 * `useSearchParams`, `Navigate`), so a page reads the same; only absolute paths, which is all this page uses.
 */

const CHANGED = 'exam:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

const currentHref = () => window.location.pathname + window.location.search;

export interface NavigateOptions {
  replace?: boolean;
}

/** goes to an absolute path of this page (a history entry of its own unless `replace`) */
export function navigate(to: string, { replace = false }: NavigateOptions = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else if (to !== currentHref()) window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGED));
}

export function useNavigate(): typeof navigate {
  return navigate;
}

/** the current path and query; a render on every navigation */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => {
    const i = href.indexOf('?');
    return i < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, i), search: href.slice(i) };
  }, [href]);
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** the matched path's parameters (`:examId` …), decoded */
export const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

/**
 * A link to a path of this page: a real `<a href>` (new tab, copy link, middle click work as usual); a plain click
 * navigates without loading the page again.
 */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} {...rest} onClick={follow} />;
}

/** goes to `to` once rendered */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}

/**
 * The first pattern that matches `pathname` (segments: literals or `:name`), with its decoded parameters; null when
 * none does (or a parameter is not valid percent-encoding).
 */
export function matchPath<T>(
  routes: readonly (readonly [pattern: string, value: T])[],
  pathname: string,
): { value: T; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const [pattern, value] of routes) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i].startsWith(':')) {
        try {
          params[want[i].slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          ok = false;
        }
        ok &&= parts[i] !== '';
      } else ok = want[i] === parts[i];
    }
    if (ok) return { value, params };
  }
  return null;
}
