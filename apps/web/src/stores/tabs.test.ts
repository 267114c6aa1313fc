import { HOME_PATH } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import {
  initialTabsState,
  MSG_HOME_TAB,
  MSG_LAST_TAB,
  reduceTabs,
  TABS_CAP,
  type TabsAction,
  type TabsState,
} from './tabs';

/** Builds a state from tab keys; `active` defaults to the last key. */
function stateOf(keys: string[], active = keys[keys.length - 1]): TabsState {
  return {
    tabs: keys.map((key, i) => ({ key, title: key === HOME_PATH ? '首页' : key.slice(1), version: 0, used: i + 1 })),
    activeKey: active,
    clock: keys.length,
  };
}

function run(state: TabsState, ...actions: TabsAction[]) {
  let s = state;
  let warning: string | undefined;
  for (const a of actions) {
    const out = reduceTabs(s, a);
    s = out.state;
    warning = out.warning;
  }
  return { keys: s.tabs.map((t) => t.key), active: s.activeKey, warning, state: s };
}

const H = HOME_PATH;

describe('tab reducer', () => {
  it('never opens a tab for the redirecting site root', () => {
    const s0 = initialTabsState();
    expect(reduceTabs(s0, { type: 'open', key: '/', title: '首页' }).state).toBe(s0);
    expect(reduceTabs(s0, { type: 'open', key: '/?x=1', title: '首页' }).state).toBe(s0);
  });

  it('starts with only the fixed 首页 tab', () => {
    const s = initialTabsState();
    expect(s.tabs).toEqual([{ key: H, title: '首页', version: 0, used: 0 }]);
    expect(s.activeKey).toBe(H);
  });

  const cases: Array<{
    name: string;
    from: TabsState;
    actions: TabsAction[];
    keys: string[];
    active: string;
    warning?: string;
  }> = [
    {
      name: 'open appends a new tab and activates it',
      from: stateOf([H]),
      actions: [{ type: 'open', key: '/a', title: 'A' }],
      keys: [H, '/a'],
      active: '/a',
    },
    {
      name: 'open of an existing key only activates it',
      from: stateOf([H, '/a', '/b']),
      actions: [{ type: 'open', key: '/a', title: 'A' }],
      keys: [H, '/a', '/b'],
      active: '/a',
    },
    {
      name: 'tabs are keyed by full path (search included)',
      from: stateOf([H, '/a?x=1']),
      actions: [{ type: 'open', key: '/a?x=2', title: 'A' }],
      keys: [H, '/a?x=1', '/a?x=2'],
      active: '/a?x=2',
    },
    {
      name: 'closing the active tab activates its right neighbour',
      from: stateOf([H, '/a', '/b', '/c'], '/b'),
      actions: [{ type: 'close', key: '/b' }],
      keys: [H, '/a', '/c'],
      active: '/c',
    },
    {
      name: 'closing the active last tab activates its left neighbour',
      from: stateOf([H, '/a', '/b'], '/b'),
      actions: [{ type: 'close', key: '/b' }],
      keys: [H, '/a'],
      active: '/a',
    },
    {
      name: 'closing an inactive tab keeps the active one',
      from: stateOf([H, '/a', '/b'], '/b'),
      actions: [{ type: 'close', key: '/a' }],
      keys: [H, '/b'],
      active: '/b',
    },
    {
      name: 'home is never closed',
      from: stateOf([H, '/a'], H),
      actions: [{ type: 'close', key: H }],
      keys: [H, '/a'],
      active: H,
      warning: MSG_HOME_TAB,
    },
    {
      name: 'home alone: the home rule answers first',
      from: stateOf([H]),
      actions: [{ type: 'close', key: H }],
      keys: [H],
      active: H,
      warning: MSG_HOME_TAB,
    },
    {
      name: 'the last remaining tab cannot be closed',
      from: { tabs: [{ key: '/a', title: 'A', version: 0, used: 1 }], activeKey: '/a', clock: 1 },
      actions: [{ type: 'close', key: '/a' }],
      keys: ['/a'],
      active: '/a',
      warning: MSG_LAST_TAB,
    },
    {
      name: 'close left keeps home, the tab and everything right of it',
      from: stateOf([H, '/a', '/b', '/c', '/d'], '/a'),
      actions: [{ type: 'closeLeft', key: '/c' }],
      keys: [H, '/c', '/d'],
      active: '/c',
    },
    {
      name: 'close right keeps home, everything left and the tab',
      from: stateOf([H, '/a', '/b', '/c', '/d'], '/b'),
      actions: [{ type: 'closeRight', key: '/b' }],
      keys: [H, '/a', '/b'],
      active: '/b',
    },
    {
      name: 'close right from another tab keeps the active one when it survives',
      from: stateOf([H, '/a', '/b', '/c'], '/a'),
      actions: [{ type: 'closeRight', key: '/b' }],
      keys: [H, '/a', '/b'],
      active: '/a',
    },
    {
      name: 'close others keeps home and the tab, and activates it',
      from: stateOf([H, '/a', '/b', '/c'], '/c'),
      actions: [{ type: 'closeOthers', key: '/b' }],
      keys: [H, '/b'],
      active: '/b',
    },
    {
      name: 'close others on home leaves only home',
      from: stateOf([H, '/a', '/b']),
      actions: [{ type: 'closeOthers', key: H }],
      keys: [H],
      active: H,
    },
    {
      name: 'closing an unknown key changes nothing',
      from: stateOf([H, '/a']),
      actions: [{ type: 'close', key: '/zzz' }],
      keys: [H, '/a'],
      active: '/a',
    },
  ];

  it.each(cases)('$name', ({ from, actions, keys, active, warning }) => {
    const out = run(from, ...actions);
    expect(out.keys).toEqual(keys);
    expect(out.active).toBe(active);
    expect(out.warning).toBe(warning);
  });

  it('refresh bumps only that tab’s version', () => {
    const out = run(stateOf([H, '/a', '/b']), { type: 'refresh', key: '/a' }, { type: 'refresh', key: '/a' });
    expect(out.state.tabs.map((t) => t.version)).toEqual([0, 2, 0]);
    expect(out.active).toBe('/b');
  });

  it('caps the list at 20 tabs, evicting the least recently used', () => {
    let s = initialTabsState();
    for (let i = 1; i <= TABS_CAP - 1; i++) s = reduceTabs(s, { type: 'open', key: `/p${i}`, title: `P${i}` }).state;
    expect(s.tabs).toHaveLength(TABS_CAP);
    // re-use /p1 so /p2 becomes the least recently used
    s = reduceTabs(s, { type: 'open', key: '/p1', title: 'P1' }).state;
    s = reduceTabs(s, { type: 'open', key: '/new', title: 'New' }).state;
    const keys = s.tabs.map((t) => t.key);
    expect(keys).toHaveLength(TABS_CAP);
    expect(keys[0]).toBe(H);
    expect(keys).toContain('/p1');
    expect(keys).not.toContain('/p2');
    expect(keys).toContain('/new');
    expect(s.activeKey).toBe('/new');
  });

  it('never evicts home even when it is the least recently used', () => {
    let s = initialTabsState();
    for (let i = 1; i <= TABS_CAP + 5; i++) s = reduceTabs(s, { type: 'open', key: `/p${i}`, title: `P${i}` }).state;
    expect(s.tabs).toHaveLength(TABS_CAP);
    expect(s.tabs[0].key).toBe(H);
    expect(s.tabs.at(-1)?.key).toBe(`/p${TABS_CAP + 5}`);
  });

  describe('restore', () => {
    it('restores a saved list and active key', () => {
      const saved = {
        tabs: [
          { key: H, title: '首页', used: 1 },
          { key: '/a', title: 'A', used: 3 },
        ],
        activeKey: '/a',
      };
      const out = run(initialTabsState(), { type: 'restore', saved });
      expect(out.keys).toEqual([H, '/a']);
      expect(out.active).toBe('/a');
      expect(out.state.clock).toBe(3);
    });

    it('puts home first even when it was missing or misplaced, and drops duplicates', () => {
      const saved = {
        tabs: [
          { key: '/a', title: 'A' },
          { key: '/a', title: 'A again' },
          { key: '/b', title: 'B' },
        ],
        activeKey: '/b',
      };
      expect(run(initialTabsState(), { type: 'restore', saved }).keys).toEqual([H, '/a', '/b']);
    });

    it.each([
      ['null', null],
      ['a string', 'garbage'],
      ['no tabs array', { activeKey: '/a' }],
    ])('falls back to the initial state for %s', (_name, saved) => {
      const out = run(initialTabsState(), { type: 'restore', saved });
      expect(out.keys).toEqual([H]);
      expect(out.active).toBe(H);
    });

    it('skips malformed entries and falls back to home when the active key is unknown', () => {
      const saved = { tabs: [{ key: 'no-slash', title: 'x' }, { key: '/ok', title: 'OK' }, 42], activeKey: '/gone' };
      const out = run(initialTabsState(), { type: 'restore', saved });
      expect(out.keys).toEqual([H, '/ok']);
      expect(out.active).toBe(H);
    });

    it('applies the cap to an oversized saved list', () => {
      const tabs = Array.from({ length: 30 }, (_, i) => ({ key: `/p${i}`, title: `P${i}`, used: i }));
      const out = run(initialTabsState(), { type: 'restore', saved: { tabs, activeKey: '/p0' } });
      expect(out.keys).toHaveLength(TABS_CAP);
      expect(out.keys).toContain('/p0'); // active survives although least recently used
      expect(out.keys).toContain('/p29');
      expect(out.keys).not.toContain('/p1');
    });
  });
});

describe('tabs store', () => {
  it('persists to sessionStorage and forgets the list of another user', async () => {
    const { useTabs, TABS_STORAGE_KEY, TABS_OWNER_KEY } = await import('./tabs');
    sessionStorage.clear();
    useTabs.getState().reset();
    useTabs.getState().bindOwner('admin');
    expect(useTabs.getState().dispatch({ type: 'open', key: '/a', title: 'A' })).toBeUndefined();
    expect(
      JSON.parse(sessionStorage.getItem(TABS_STORAGE_KEY) ?? '{}').tabs.map((t: { key: string }) => t.key),
    ).toEqual([H, '/a']);
    expect(useTabs.getState().dispatch({ type: 'close', key: H })).toBe(MSG_HOME_TAB);
    // same user again: kept
    useTabs.getState().bindOwner('admin');
    expect(useTabs.getState().tabs).toHaveLength(2);
    // another user in the same browser tab: reset to 首页 only
    useTabs.getState().bindOwner('jeecg');
    expect(useTabs.getState().tabs.map((t) => t.key)).toEqual([H]);
    expect(sessionStorage.getItem(TABS_OWNER_KEY)).toBe('jeecg');
  });
});
