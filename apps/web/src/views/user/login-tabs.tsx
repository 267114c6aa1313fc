import { theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

export interface LoginTabsProps<K extends string> {
  activeKey: K;
  onChange: (key: K) => void;
  items: readonly LoginTab<K>[];
}

/**
 * The two tabs of the login form, drawn like antd's centered large <Tabs> (same sizes, colours and sliding ink
 * bar; styles in user-pages.css). antd's Tabs brings its overflow menu and dropdown (~20 kB gzip), which the
 * login page's first load cannot afford. Panes that have been shown stay mounted (hidden), as in antd, so typed
 * values survive a switch. Keyboard: ←/→, Home/End move between tabs (roving tabindex).
 */
export function LoginTabs<K extends string>({ activeKey, onChange, items }: LoginTabsProps<K>) {
  const { token } = theme.useToken();
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [ink, setInk] = useState<{ left: number; width: number } | null>(null);
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set([activeKey]));
  if (!shown.has(activeKey)) setShown(new Set([...shown, activeKey]));

  // the ink bar follows the active tab's box (and any change of its width, e.g. when a web font arrives)
  useLayoutEffect(() => {
    const list = listRef.current;
    const measure = () => {
      const tab = list?.querySelector<HTMLElement>(`[data-tab-key="${activeKey}"]`);
      if (tab) setInk({ left: tab.offsetLeft + tab.offsetWidth / 2, width: tab.offsetWidth });
    };
    measure();
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.key === activeKey);
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = items[(moves[event.key] + items.length) % items.length];
    onChange(next.key);
    listRef.current?.querySelector<HTMLElement>(`[data-tab-key="${next.key}"] [role="tab"]`)?.focus();
  };

  const colours = {
    '--login-tab-selected': token.colorPrimary,
    '--login-tab-hover': token.colorPrimaryHover,
    '--login-tab-active': token.colorPrimaryActive,
    '--login-tab-focus': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <div className="login-tabs" style={colours}>
      <div className="login-tabs-nav" role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        <div className="login-tabs-list" ref={listRef}>
          {items.map((t) => {
            const active = t.key === activeKey;
            return (
              <div key={t.key} data-tab-key={t.key} className={active ? 'login-tabs-tab is-active' : 'login-tabs-tab'}>
                <div
                  role="tab"
                  id={`${id}-tab-${t.key}`}
                  aria-selected={active}
                  aria-controls={`${id}-panel-${t.key}`}
                  tabIndex={active ? 0 : -1}
                  className="login-tabs-btn"
                  onClick={() => onChange(t.key)}
                >
                  {t.label}
                </div>
              </div>
            );
          })}
          {ink ? <div className="login-tabs-ink" style={{ left: ink.left, width: ink.width }} /> : null}
        </div>
      </div>
      {items.map((t) =>
        shown.has(t.key) ? (
          <div
            key={t.key}
            role="tabpanel"
            id={`${id}-panel-${t.key}`}
            aria-labelledby={`${id}-tab-${t.key}`}
            hidden={t.key !== activeKey}
            tabIndex={t.key === activeKey ? 0 : -1}
          >
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
