import type { MenuItem } from '@answer/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../components/Icon';
import {
  accordionOpenKeys,
  findMenuTrail,
  menuTarget,
  menuTitle,
  selectedMenuKey,
  submenuParents,
  visibleMenu,
} from './menu-utils';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(items: MenuItem[]): AntItem[] {
  return items.map((item) => {
    const icon = item.meta?.icon ? <Icon key="icon" type={item.meta.icon} /> : undefined;
    const label = menuTitle(item);
    if (item.children?.length) {
      return { key: item.path, icon, label, children: toAntItems(item.children) };
    }
    return { key: item.path, icon, label: <span title={label}>{label}</span> };
  });
}

function indexByPath(items: readonly MenuItem[], into = new Map<string, MenuItem>()) {
  for (const i of items) {
    into.set(i.path, i);
    if (i.children?.length) indexByPath(i.children, into);
  }
  return into;
}

/** Opens a menu entry: internal ones by router path, external ones in a new window. */
export function useOpenMenuItem() {
  const navigate = useNavigate();
  return (item: MenuItem) => {
    const target = menuTarget(item);
    if (target.kind === 'internal') navigate(target.path);
    // an unresolvable or refused link ('') opens nothing
    else if (target.url) window.open(target.url, '_blank', 'noopener,noreferrer');
  };
}

export interface SideMenuProps {
  menu: readonly MenuItem[];
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** called after an entry was chosen (the mobile drawer closes itself with it) */
  onSelect?: () => void;
}

/** The menu built from the permission list (spec §2.3, §2.5). */
export function SideMenu({ menu, mode, theme, collapsed = false, onSelect }: SideMenuProps) {
  const location = useLocation();
  const open = useOpenMenuItem();
  const visible = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toAntItems(visible), [visible]);
  const byPath = useMemo(() => indexByPath(visible), [visible]);
  const parents = useMemo(() => submenuParents(visible), [visible]);
  const selected = selectedMenuKey(visible, location.pathname);
  const trailKeys = useMemo(
    () =>
      findMenuTrail(visible, location.pathname)
        .slice(0, -1)
        .map((i) => i.path),
    [visible, location.pathname],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);

  // follow navigation: open the branch of the current page, and only that one (one open section at a time)
  useEffect(() => {
    setOpenKeys(trailKeys);
  }, [trailKeys]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = byPath.get(String(key));
    if (!item) return;
    open(item);
    onSelect?.();
  };

  const inlineProps: Partial<MenuProps> =
    mode === 'inline' && !collapsed
      ? { openKeys, onOpenChange: (keys) => setOpenKeys((prev) => accordionOpenKeys(prev, keys as string[], parents)) }
      : {};

  return (
    <Menu
      className="answer-menu"
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      {...inlineProps}
    />
  );
}
