import { Activity, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useOutlet } from 'react-router';
import type { Tab } from '../stores/tabs';

export interface KeepAliveOutletProps {
  /** full path of the current location */
  currentKey: string;
  /** whether the current page is kept alive when its tab goes to the background (`isKeptAlive` of its route) */
  keepAlive: boolean;
  /** open tabs; pages of closed tabs are dropped */
  tabs: readonly Tab[];
  /** multipage mode; false renders only the current page */
  enabled: boolean;
}

interface Page {
  element: ReactNode;
  keepAlive: boolean;
}

/**
 * Background pages kept mounted at most (the most recently shown ones): an operator keeps the console open all day
 * with up to 20 tabs, and a kept-alive page holds its DOM, its loaded rows and its dialogs. A page beyond the bound
 * is unmounted like a page that is not kept alive: its tab stays and it mounts fresh when chosen (ADR 077).
 */
export const KEPT_ALIVE_MAX = 8;

/**
 * Which background pages stay mounted: those of open tabs whose route is kept alive (multipage mode only), the
 * `max` most recently shown of them (`lastShown`: a rising number per key). The current page is always there.
 */
export function retainedKeys(
  pages: ReadonlyMap<string, Pick<Page, 'keepAlive'>>,
  currentKey: string,
  openKeys: ReadonlySet<string>,
  enabled: boolean,
  lastShown: ReadonlyMap<string, number> = new Map(),
  max = KEPT_ALIVE_MAX,
): Set<string> {
  const keep = new Set<string>([currentKey]);
  if (!enabled) return keep;
  const candidates: string[] = [];
  for (const [key, page] of pages) {
    if (key !== currentKey && page.keepAlive && openKeys.has(key)) candidates.push(key);
  }
  candidates.sort((a, b) => (lastShown.get(b) ?? 0) - (lastShown.get(a) ?? 0));
  for (const key of candidates.slice(0, max)) keep.add(key);
  return keep;
}

/**
 * Renders the current page and keeps the background pages of kept-alive routes (spec 01 §2.3: meta keepAlive and
 * componentName) mounted inside React's <Activity>: they keep their state (typed input, loaded lists) and come
 * back at the window scroll position they were left at. Any other page is unmounted when its tab goes to the
 * background and mounts fresh (at the top) when the tab is chosen again; the tab itself stays. 刷新 (a bumped tab
 * version) remounts the page.
 */
export function KeepAliveOutlet({ currentKey, keepAlive, tabs, enabled }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const cache = useRef(new Map<string, Page>());
  const scroll = useRef(new Map<string, number>());
  const keyRef = useRef(currentKey);
  const target = useRef(0);
  const shown = useRef({ clock: 0, at: new Map<string, number>() });

  // the latest element of the current route; background pages keep the element they had when last shown
  cache.current.set(currentKey, { element: outlet, keepAlive });
  if (shown.current.at.get(currentKey) !== shown.current.clock) shown.current.at.set(currentKey, ++shown.current.clock);
  const keep = retainedKeys(cache.current, currentKey, new Set(tabs.map((t) => t.key)), enabled, shown.current.at);
  for (const key of [...cache.current.keys()]) {
    if (!keep.has(key)) {
      cache.current.delete(key);
      scroll.current.delete(key);
      shown.current.at.delete(key);
    }
  }

  // remember where each page was scrolled, so a kept-alive page can come back there
  useEffect(() => {
    const onScroll = () => scroll.current.set(keyRef.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // before paint, and once more after the router's own scroll-to-top (a passive effect of an earlier sibling)
  useLayoutEffect(() => {
    if (keyRef.current === currentKey) return;
    keyRef.current = currentKey;
    target.current = scroll.current.get(currentKey) ?? 0;
    window.scrollTo(0, target.current);
  }, [currentKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applies the target chosen for this key
  useEffect(() => {
    if (window.scrollY !== target.current) window.scrollTo(0, target.current);
  }, [currentKey]);

  const versions = new Map(tabs.map((t) => [t.key, t.version]));
  return (
    <>
      {[...cache.current.entries()].map(([key, page]) => (
        <Activity key={`${key}#${versions.get(key) ?? 0}`} mode={key === currentKey ? 'visible' : 'hidden'}>
          <div className="answer-page" data-page-key={key}>
            {page.element}
          </div>
        </Activity>
      ))}
    </>
  );
}
