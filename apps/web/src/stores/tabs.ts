import { HOME_PATH } from '@answer/contract';
import { create } from 'zustand';

/**
 * Multipage tab list (spec 01 §2.5 tab layout, §4 tabs, §5 tab messages).
 * The rules live in a pure reducer (`reduceTabs`) so they can be tested with tables of cases; the zustand store only
 * applies it, persists the list and hands warnings back to the caller.
 */

export const TABS_STORAGE_KEY = 'answer.tabs.v1';
/** username the saved tabs belong to */
export const TABS_OWNER_KEY = 'answer.tabs.owner';
export const TABS_CAP = 20;
export const HOME_TAB_TITLE = '首页';
export const MSG_LAST_TAB = '这是最后一页，不能再关闭了啦';
export const MSG_HOME_TAB = '首页不能关闭!';

export interface Tab {
  /** full path: pathname + search */
  key: string;
  title: string;
  /** bumped by 刷新 to remount the page */
  version: number;
  /** logical clock of the last activation, for least-recently-used eviction */
  used: number;
}

export interface TabsState {
  tabs: Tab[];
  activeKey: string;
  clock: number;
}

export type TabsAction =
  | { type: 'open'; key: string; title: string }
  | { type: 'close'; key: string }
  | { type: 'closeLeft'; key: string }
  | { type: 'closeRight'; key: string }
  | { type: 'closeOthers'; key: string }
  | { type: 'refresh'; key: string }
  | { type: 'activate'; key: string }
  | { type: 'restore'; saved: unknown };

export interface TabsOutcome {
  state: TabsState;
  /** a message the UI shows as a warning (close refused) */
  warning?: string;
}

export function homeTab(used = 0): Tab {
  return { key: HOME_PATH, title: HOME_TAB_TITLE, version: 0, used };
}

export function initialTabsState(): TabsState {
  return { tabs: [homeTab()], activeKey: HOME_PATH, clock: 0 };
}

/** Home first, no duplicates, at most TABS_CAP tabs (least recently used closable ones evicted). */
function normalise(tabs: Tab[], activeKey: string): Tab[] {
  const seen = new Set<string>();
  const unique: Tab[] = [];
  for (const t of tabs) {
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    unique.push(t);
  }
  const homeIndex = unique.findIndex((t) => t.key === HOME_PATH);
  const home = homeIndex >= 0 ? { ...unique[homeIndex], title: HOME_TAB_TITLE } : homeTab();
  const rest = unique.filter((t) => t.key !== HOME_PATH);
  let list = [home, ...rest];
  while (list.length > TABS_CAP) {
    let victim: Tab | undefined;
    for (const t of list) {
      if (t.key === HOME_PATH || t.key === activeKey) continue;
      if (!victim || t.used < victim.used) victim = t;
    }
    if (!victim) break;
    const drop = victim.key;
    list = list.filter((t) => t.key !== drop);
  }
  return list;
}

function touch(state: TabsState, key: string): TabsState {
  const clock = state.clock + 1;
  return {
    tabs: state.tabs.map((t) => (t.key === key ? { ...t, used: clock } : t)),
    activeKey: key,
    clock,
  };
}

function isTab(v: unknown): v is Pick<Tab, 'key' | 'title'> & Partial<Tab> {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o.key === 'string' && o.key.startsWith('/') && typeof o.title === 'string';
}

export function reduceTabs(state: TabsState, action: TabsAction): TabsOutcome {
  switch (action.type) {
    case 'open': {
      // the site root only redirects to the home page: it never becomes a tab of its own
      if (action.key === '/' || action.key.startsWith('/?')) return { state };
      const exists = state.tabs.some((t) => t.key === action.key);
      const title = action.key === HOME_PATH ? HOME_TAB_TITLE : action.title;
      const tabs = exists
        ? state.tabs.map((t) => (t.key === action.key && title ? { ...t, title } : t))
        : [...state.tabs, { key: action.key, title: title || action.key, version: 0, used: 0 }];
      const touched = touch({ ...state, tabs }, action.key);
      return { state: { ...touched, tabs: normalise(touched.tabs, action.key) } };
    }
    case 'activate': {
      if (!state.tabs.some((t) => t.key === action.key)) return { state };
      return { state: touch(state, action.key) };
    }
    case 'close': {
      const index = state.tabs.findIndex((t) => t.key === action.key);
      if (index < 0) return { state };
      if (action.key === HOME_PATH) return { state, warning: MSG_HOME_TAB };
      if (state.tabs.length === 1) return { state, warning: MSG_LAST_TAB };
      const tabs = state.tabs.filter((t) => t.key !== action.key);
      if (state.activeKey !== action.key) return { state: { ...state, tabs } };
      // the tab that slides into the closed one's place, or the new last one
      const next = tabs[Math.min(index, tabs.length - 1)];
      return { state: touch({ ...state, tabs }, next.key) };
    }
    case 'closeLeft':
    case 'closeRight':
    case 'closeOthers': {
      const index = state.tabs.findIndex((t) => t.key === action.key);
      if (index < 0) return { state };
      const keep = (t: Tab, i: number) => {
        if (t.key === HOME_PATH || i === index) return true;
        if (action.type === 'closeLeft') return i > index;
        if (action.type === 'closeRight') return i < index;
        return false;
      };
      const tabs = state.tabs.filter(keep);
      const activeKept = tabs.some((t) => t.key === state.activeKey);
      const next = { ...state, tabs };
      return { state: activeKept ? next : touch(next, action.key) };
    }
    case 'refresh': {
      return {
        state: { ...state, tabs: state.tabs.map((t) => (t.key === action.key ? { ...t, version: t.version + 1 } : t)) },
      };
    }
    case 'restore': {
      const saved = action.saved as Partial<TabsState> | null | undefined;
      if (!saved || !Array.isArray(saved.tabs)) return { state: initialTabsState() };
      let clock = 0;
      const tabs = saved.tabs.filter(isTab).map((t) => {
        const used = typeof t.used === 'number' && Number.isFinite(t.used) ? t.used : 0;
        clock = Math.max(clock, used);
        return { key: t.key, title: t.title, version: 0, used };
      });
      const activeKey =
        typeof saved.activeKey === 'string' && tabs.some((t) => t.key === saved.activeKey)
          ? saved.activeKey
          : HOME_PATH;
      return { state: { tabs: normalise(tabs, activeKey), activeKey, clock } };
    }
  }
}

function readSaved(): unknown {
  try {
    const raw = globalThis.sessionStorage?.getItem(TABS_STORAGE_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeSaved(state: TabsState): void {
  try {
    // version is a per-mount counter; it has no meaning after a reload
    const tabs = state.tabs.map(({ key, title, used }) => ({ key, title, used }));
    globalThis.sessionStorage?.setItem(
      TABS_STORAGE_KEY,
      JSON.stringify({ tabs, activeKey: state.activeKey, clock: state.clock }),
    );
  } catch {
    // storage full or disabled: tabs simply do not survive a reload
  }
}

interface TabsStore extends TabsState {
  /** applies an action; returns the warning to show, if any */
  dispatch: (action: TabsAction) => string | undefined;
  reset: () => void;
  /** forgets a restored list that belongs to another user (re-login in the same browser tab) */
  bindOwner: (username: string) => void;
}

/**
 * Kept in sessionStorage: tabs survive F5 in the same browser tab but a new browser tab starts with only 首页.
 */
export const useTabs = create<TabsStore>((set, get) => ({
  ...reduceTabs(initialTabsState(), { type: 'restore', saved: readSaved() }).state,
  dispatch: (action) => {
    const { tabs, activeKey, clock } = get();
    const out = reduceTabs({ tabs, activeKey, clock }, action);
    if (out.state.tabs !== tabs || out.state.activeKey !== activeKey || out.state.clock !== clock) {
      set(out.state);
      writeSaved(out.state);
    }
    return out.warning;
  },
  reset: () => {
    const s = initialTabsState();
    set(s);
    writeSaved(s);
  },
  bindOwner: (username) => {
    try {
      const owner = globalThis.sessionStorage?.getItem(TABS_OWNER_KEY);
      if (owner !== username) {
        if (owner !== null) get().reset();
        globalThis.sessionStorage?.setItem(TABS_OWNER_KEY, username);
      }
    } catch {
      // no storage: nothing was restored either
    }
  },
}));
