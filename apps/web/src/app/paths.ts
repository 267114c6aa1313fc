import { HOME_PATH, LOGIN_PATH, OAUTH2_LOGIN_PATH } from '@answer/contract';

/** Every path the app knows without menu data (spec 01 §2.1); business screens come from the menu. */
export const paths = {
  root: '/',
  user: '/user',
  login: LOGIN_PATH,
  register: '/user/register',
  registerResult: '/user/register-result',
  alteration: '/user/alteration',
  /** landing of a third-party login: ?token=…&thirdType=… */
  thirdLogin: '/user/third-login',
  oauth2App: '/oauth2-app',
  oauth2Login: OAUTH2_LOGIN_PATH,
  testHome: '/test/home',
  home: HOME_PATH,
  userAnnouncement: '/isps/userAnnouncement',
  accountCenter: '/account/center',
  accountSettingsBase: '/account/settings/base',
  notFound: '/404',
  /** the candidates' answering page, an entry of its own (exam.html) */
  exam: '/exam',
} as const;

/** The four routes that pass without a session (spec 01 §2.4). */
export const OPEN_ROUTES: readonly string[] = [paths.login, paths.register, paths.registerResult, paths.alteration];

/** Paths that need no session (spec 01 §2.1 table): the open routes plus redirects, OAuth2, test and 404 pages. */
export const SESSIONLESS_PATHS: ReadonlySet<string> = new Set([
  ...OPEN_ROUTES,
  paths.user,
  paths.thirdLogin,
  paths.oauth2App,
  paths.oauth2Login,
  paths.testHome,
  paths.notFound,
]);

/**
 * Authenticated screens reached from the header or notices that must exist even when the menu data lacks them;
 * a menu route with the same path wins.
 */
export const FALLBACK_ROUTES: readonly { path: string; component: string; title: string; componentName?: string }[] = [
  { path: HOME_PATH, component: 'dashboard/Analysis', title: '首页', componentName: 'Analysis' },
  { path: paths.userAnnouncement, component: 'system/UserAnnouncementList', title: '我的消息' },
  { path: paths.accountCenter, component: 'account/center/Index', title: '个人中心' },
  { path: paths.accountSettingsBase, component: 'account/settings/BaseSetting', title: '基本设置' },
];
