import { Activity, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useOutlet } from 'react-router';
import type { Tab } from '../stores/tabs';

export interface KeepAliveOutletProps {
  /** full path of the current location */
  currentKey: string;
  /** open tabs; pages of closed tabs are dropped */
  tabs: readonly Tab[];
  /** keep pages of other tabs alive (multipage); false renders only the current page */
  enabled: boolean;
}

/**
 * Keeps the page of every open tab mounted inside React's <Activity>: hidden tabs keep their state (typed input,
 * loaded lists) and their window scroll position is restored when they come back. 刷新 (a bumped tab version)
 * remounts the page.
 */
export function KeepAliveOutlet({ currentKey, tabs, enabled }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const cache = useRef(new Map<string, ReactNode>());
  const scroll = useRef(new Map<string, number>());
  const keyRef = useRef(currentKey);
  const target = useRef(0);

  // the latest element of the current route; other entries keep the element they had when last shown
  cache.current.set(currentKey, outlet);
  const open = new Set(tabs.map((t) => t.key));
  for (const key of cache.current.keys()) {
    if (key !== currentKey && (!enabled || !open.has(key))) {
      cache.current.delete(key);
      scroll.current.delete(key);
    }
  }

  // remember where each page was scrolled, so it can come back there
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
      {[...cache.current.entries()].map(([key, element]) => (
        <Activity key={`${key}#${versions.get(key) ?? 0}`} mode={key === currentKey ? 'visible' : 'hidden'}>
          <div className="answer-page" data-page-key={key}>
            {element}
          </div>
        </Activity>
      ))}
    </>
  );
}
