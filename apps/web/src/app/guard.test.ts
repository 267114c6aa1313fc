import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput, pageTitle } from './guard';

const base: GuardInput = { pathname: '/', search: '', hasToken: false, menuLoaded: false, oauth2Env: false };
const decide = (p: Partial<GuardInput>) => decideGuard({ ...base, ...p });

describe('decideGuard (spec 01 §2.4)', () => {
  describe('without a token', () => {
    it.each(['/user/login', '/user/register', '/user/register-result', '/user/alteration'])(
      'open route %s passes',
      (pathname) => {
        expect(decide({ pathname })).toEqual({ action: 'pass' });
      },
    );

    it.each(['/user', '/oauth2-app', '/oauth2-app/login', '/test/home', '/404', '/user/third-login'])(
      'session-less page %s passes',
      (pathname) => {
        expect(decide({ pathname })).toEqual({ action: 'pass' });
      },
    );

    it.each([
      ['/', '', '/user/login?redirect=%2F'],
      ['/dashboard/analysis', '', '/user/login?redirect=%2Fdashboard%2Fanalysis'],
      ['/isystem/user', '?id=1&x=y', '/user/login?redirect=%2Fisystem%2Fuser%3Fid%3D1%26x%3Dy'],
      ['/no/such/page', '', '/user/login?redirect=%2Fno%2Fsuch%2Fpage'],
    ])('%s%s → login with the full requested path', (pathname, search, to) => {
      expect(decide({ pathname, search })).toEqual({ action: 'redirect', to });
    });

    it('in the OAuth2 app environment the login route becomes the single-sign-on route', () => {
      expect(decide({ pathname: '/user/login', oauth2Env: true })).toEqual({
        action: 'redirect',
        to: '/oauth2-app/login',
      });
      expect(decide({ pathname: '/isystem/user', oauth2Env: true })).toEqual({
        action: 'redirect',
        to: '/oauth2-app/login?redirect=%2Fisystem%2Fuser',
      });
      expect(decide({ pathname: '/user/register', oauth2Env: true })).toEqual({ action: 'pass' });
    });

    it('a trailing slash does not open a protected page', () => {
      expect(decide({ pathname: '/user/login/' })).toEqual({ action: 'pass' });
      expect(decide({ pathname: '/isystem/user/' })).toMatchObject({ action: 'redirect' });
    });
  });

  describe('with a token', () => {
    it.each(['/user/login', '/oauth2-app/login', '/user/login/'])('%s → the landing page', (pathname) => {
      expect(decide({ pathname, hasToken: true, menuLoaded: true })).toEqual({
        action: 'redirect',
        to: '/dashboard/analysis',
      });
      expect(decide({ pathname, hasToken: true })).toEqual({ action: 'redirect', to: '/dashboard/analysis' });
    });

    it('menu not loaded: fetch it, then continue to the requested path; on failure login with redirect', () => {
      expect(decide({ pathname: '/isystem/user', search: '?a=1', hasToken: true })).toEqual({
        action: 'load-menu',
        next: '/isystem/user?a=1',
        onFail: '/user/login?redirect=%2Fisystem%2Fuser%3Fa%3D1',
      });
    });

    it('menu not loaded: a redirect query (an internal path) is where it continues', () => {
      expect(
        decide({ pathname: '/dashboard/analysis', search: '?redirect=%2Fisystem%2Frole', hasToken: true }),
      ).toMatchObject({
        action: 'load-menu',
        next: '/isystem/role',
      });
      expect(
        decide({ pathname: '/dashboard/analysis', search: '?redirect=https%3A%2F%2Fevil', hasToken: true }),
      ).toMatchObject({
        action: 'load-menu',
        next: '/dashboard/analysis?redirect=https%3A%2F%2Fevil',
      });
    });

    it('menu loaded: everything passes (unknown paths go to /404 through the router)', () => {
      for (const pathname of ['/dashboard/analysis', '/user/register', '/no/such', '/404']) {
        expect(decide({ pathname, hasToken: true, menuLoaded: true })).toEqual({ action: 'pass' });
      }
    });
  });
});

describe('pageTitle', () => {
  it.each([
    ['/dashboard/analysis', '首页', '答题系统后台'],
    ['/dashboard/analysis/', '首页', '答题系统后台'],
    ['/isystem/user', '用户管理', '用户管理 - 答题系统后台'],
    ['/user/login', '登录', '登录 - 答题系统后台'],
    ['/x', undefined, '答题系统后台'],
  ])('%s (%s) → %s', (path, title, out) => {
    expect(pageTitle(path, title)).toBe(out);
  });
});
