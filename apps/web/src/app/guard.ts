import { HOME_PATH, LOGIN_PATH, OAUTH2_LOGIN_PATH } from '@answer/contract';
import { safeRedirect, withRedirect } from '../utils/redirect';
import { PRODUCT_NAME } from './config';
import { SESSIONLESS_PATHS } from './paths';

/** Route guard of spec 01 §2.4 as a pure decision, evaluated once per navigation by the root route. */

export interface GuardInput {
  pathname: string;
  /** query string with its "?" (or empty) */
  search: string;
  hasToken: boolean;
  menuLoaded: boolean;
  /** OAuth2 app (work-chat) environment: the single-sign-on login route replaces /user/login */
  oauth2Env: boolean;
}

export type GuardDecision =
  | { action: 'pass' }
  | { action: 'redirect'; to: string }
  /** fetch the menu, add its routes, then continue to `next` (on failure: logout, then `onFail`) */
  | { action: 'load-menu'; next: string; onFail: string };

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function redirectParam(search: string): string | null {
  return new URLSearchParams(search).get('redirect');
}

export function decideGuard({ pathname, search, hasToken, menuLoaded, oauth2Env }: GuardInput): GuardDecision {
  const path = trimSlash(pathname);
  const fullPath = pathname + search;
  if (hasToken) {
    if (path === LOGIN_PATH || path === OAUTH2_LOGIN_PATH) return { action: 'redirect', to: HOME_PATH };
    if (!menuLoaded) {
      return {
        action: 'load-menu',
        next: safeRedirect(redirectParam(search), fullPath),
        onFail: withRedirect(LOGIN_PATH, fullPath),
      };
    }
    return { action: 'pass' };
  }
  if (SESSIONLESS_PATHS.has(path)) {
    if (path === LOGIN_PATH && oauth2Env) return { action: 'redirect', to: OAUTH2_LOGIN_PATH + search };
    return { action: 'pass' };
  }
  return { action: 'redirect', to: withRedirect(oauth2Env ? OAUTH2_LOGIN_PATH : LOGIN_PATH, fullPath) };
}

/** Page title (spec 01 §1): "<page> - <product>", only the product on the home path. */
export function pageTitle(pathname: string, title: string | null | undefined): string {
  if (trimSlash(pathname) === HOME_PATH || !title) return PRODUCT_NAME;
  return `${title} - ${PRODUCT_NAME}`;
}
