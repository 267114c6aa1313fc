import { HOME_PATH, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@answer/contract';
import { MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { theme as antdTheme, Button, Drawer, Layout, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { HeaderNotice } from '../components/HeaderNotice';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import './basic-layout.css';
import { buildCrumbs } from './breadcrumb';
import type { DynamicNoticeModalProps } from './DynamicNoticeModal';
import { HeaderSearch } from './HeaderSearch';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { Logo } from './Logo';
import { MultiTab } from './MultiTab';
import { findMenuTrail, menuTitle } from './menu-utils';
import { PageHeader } from './PageHeader';
import { HELP_URL, PRODUCT_TITLE, PRODUCT_WELCOME } from './product';
import { currentTitle, handleOf, isKeptAlive } from './route-handle';
import { SettingDrawer } from './SettingDrawer';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { useDevice } from './useDevice';

const { Sider, Header, Content, Footer } = Layout;

const DynamicNoticeModal = lazy(() => import('./DynamicNoticeModal').then((m) => ({ default: m.DynamicNoticeModal })));

/**
 * The notice bell's component dialog, loaded the first time a notice opens one (its code — antd Result and the view
 * loader — stays out of the sign-in → home path); once loaded it stays mounted so it closes with its animation.
 */
function NoticeComponentDialog(props: DynamicNoticeModalProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (props.record) setWanted(true);
  }, [props.record]);
  if (!wanted && !props.record) return null;
  return (
    <Suspense fallback={null}>
      <DynamicNoticeModal {...props} />
    </Suspense>
  );
}

/** Hides a fixed header while the page scrolls down and brings it back on the way up (spec §2.5). */
function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        if (y > 120 && y > last + 4) setHidden(true);
        else if (y < last - 4 || y <= 120) setHidden(false);
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  return hidden;
}

/**
 * The authenticated shell (spec §2.5): side or top menu, header, tabs, breadcrumb and the pages (those of kept-alive
 * routes stay mounted in the background, see KeepAliveOutlet).
 * The appearance settings reach antd through the app's root ConfigProvider (`useThemeConfig`).
 */
export default function BasicLayout() {
  const settings = useSettings();
  const { isMobile, isSmall } = useDevice();
  const { token: themeToken } = antdTheme.useToken();
  const menu = useSession((s) => s.permissionList);
  const userInfo = useSession((s) => s.userInfo);
  const sessionToken = useSession((s) => s.token);
  const location = useLocation();
  const matches = useMatches();
  const tabs = useTabs((s) => s.tabs);
  const dispatchTab = useTabs((s) => s.dispatch);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const currentKey = location.pathname + location.search;
  const title = currentTitle(matches) ?? '';
  const deepest = handleOf(matches[matches.length - 1]);
  const hideTab = deepest?.menu?.meta?.hideTab === true;
  const multipage = settings.multipage;
  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const collapsed = settings.sidebarCollapsed;
  const navTheme = settings.darkMode ? 'dark' : settings.navTheme;
  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);

  // every visited page opens (or re-activates) its tab, keyed by full path
  useEffect(() => {
    if (!multipage || hideTab) return;
    dispatchTab({ type: 'open', key: currentKey, title: currentKey === HOME_PATH ? '首页' : title });
  }, [currentKey, title, multipage, hideTab, dispatchTab]);

  // F5 right after a click (issue 29): the URL has changed but the page's code, and so the effect above, may not have
  // run yet (the router waits for it in a transition); the tab is written as the page goes away, titled by the menu
  useEffect(() => {
    if (!multipage) return;
    const keep = () => {
      const key = window.location.pathname + window.location.search;
      if (useTabs.getState().tabs.some((t) => t.key === key)) return;
      const item = findMenuTrail(menu, window.location.pathname).at(-1);
      if (!item || item.meta?.hideTab === true) return;
      useTabs.getState().dispatch({ type: 'open', key, title: key === HOME_PATH ? '首页' : menuTitle(item) });
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [menu, multipage]);

  // the tab list of another user (same browser tab, after a re-login) is not restored
  const username = userInfo?.username;
  useEffect(() => {
    if (username) useTabs.getState().bindOwner(username);
  }, [username]);

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--answer-primary', themeToken.colorPrimary);
    root.setProperty('--answer-sider-width', `${siderWidth}px`);
  }, [themeToken.colorPrimary, siderWidth]);

  // mobile drawer closes after navigation
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  const crumbs = useMemo(
    () =>
      buildCrumbs(
        location.pathname,
        deepest,
        matches.map((m) => handleOf(m)?.title).filter((t): t is string => Boolean(t)),
      ),
    [location.pathname, matches, deepest],
  );

  const showSider = !isMobile && !topMenu;
  const headerDark = topMenu && navTheme === 'dark';

  const rightActions = (
    <div className="answer-header-right">
      <HeaderSearch menu={menu ?? []} isMobile={isMobile} />
      {isMobile ? null : (
        <Tooltip title="帮助文档">
          <Button
            type="text"
            className="answer-header-action"
            icon={<QuestionCircleOutlined />}
            aria-label="帮助文档"
            href={HELP_URL}
            target="_blank"
            rel="noopener noreferrer"
          />
        </Tooltip>
      )}
      <HeaderNotice userId={userInfo?.id} token={sessionToken} componentDialog={NoticeComponentDialog} />
      <UserMenu isMobile={isMobile} onOpenSettings={() => setSettingsOpen(true)} />
    </div>
  );

  const classes = [
    'answer-layout',
    `answer-layout-${topMenu ? 'topmenu' : 'sidemenu'}`,
    isMobile ? 'is-mobile' : 'is-desktop',
    isSmall ? 'is-small' : '',
    settings.fixedHeader ? 'has-fixed-header' : '',
    settings.fixSiderbar && showSider ? 'has-fixed-sider' : '',
    topMenu && settings.contentWidth === 'Fixed' ? 'is-content-fixed' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Layout className={classes} hasSider={showSider}>
      {showSider ? (
        <Sider
          className="answer-sider"
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          collapsible
          theme={navTheme}
          style={{ boxShadow: navTheme === 'light' ? '2px 0 8px rgba(29,35,41,.05)' : undefined }}
        >
          <div className={`answer-sider-logo answer-sider-logo-${navTheme}`}>
            <Logo collapsed={collapsed} theme={navTheme} />
          </div>
          <div className="answer-sider-menu">
            <SideMenu menu={menu ?? []} mode="inline" theme={navTheme} collapsed={collapsed} />
          </div>
        </Sider>
      ) : null}
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          className={`answer-menu-drawer answer-menu-drawer-${navTheme}`}
          styles={{ body: { padding: 0, background: navTheme === 'dark' ? '#001529' : themeToken.colorBgContainer } }}
        >
          <div className={`answer-sider-logo answer-sider-logo-${navTheme}`}>
            <Logo theme={navTheme} />
          </div>
          <SideMenu menu={menu ?? []} mode="inline" theme={navTheme} onSelect={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
      <Layout className="answer-main" style={{ minWidth: 0 }}>
        {/* header and tab bar stay together at the top (fixed header): tabs remain reachable while scrolled */}
        <div className={`answer-topbar${headerHidden ? ' is-header-hidden' : ''}`}>
          <Header
            className={`answer-header${headerDark ? ' is-dark' : ''}`}
            style={headerDark ? { background: '#001529' } : undefined}
          >
            {topMenu ? (
              <div className="answer-header-top">
                <div className="answer-header-logo">
                  <Logo theme={headerDark ? 'dark' : 'light'} />
                </div>
                <SideMenu menu={menu ?? []} mode="horizontal" theme={headerDark ? 'dark' : 'light'} />
              </div>
            ) : (
              <div className="answer-header-left">
                <Button
                  type="text"
                  className="answer-header-action answer-trigger"
                  aria-label={isMobile ? '打开菜单' : collapsed ? '展开菜单' : '收起菜单'}
                  icon={isMobile || collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() =>
                    isMobile ? setDrawerOpen(true) : settings.update({ sidebarCollapsed: !settings.sidebarCollapsed })
                  }
                />
                <span className="answer-header-title" data-testid="header-title">
                  {isMobile ? PRODUCT_TITLE : PRODUCT_WELCOME}
                </span>
              </div>
            )}
            {rightActions}
          </Header>
          {multipage ? <MultiTab /> : null}
        </div>
        <Content className="answer-content">
          <div className="answer-content-inner">
            {location.pathname === HOME_PATH ? null : <PageHeader crumbs={crumbs} title={title} />}
            <KeepAliveOutlet currentKey={currentKey} keepAlive={isKeptAlive(deepest)} tabs={tabs} enabled={multipage} />
          </div>
        </Content>
        <Footer className="answer-footer" />
      </Layout>
      <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} isMobile={isMobile} />
    </Layout>
  );
}
