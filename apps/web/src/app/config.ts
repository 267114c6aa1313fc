import { API_BASE } from '../api/http';

/** Product name: the document title on the home path, and the suffix of every other page title. */
export const PRODUCT_NAME = '答题系统后台';
/** Line under the login title: the product is the console of an online answer-sheet (quiz) system. */
export const PRODUCT_DESCRIPTION = '在线答题卡系统 · 管理控制台';

/**
 * Values a menu URL may reference as `{{ window._CONFIG['key'] }}` (JeecgBoot's `window._CONFIG`).
 * Only these keys resolve; menu data is never evaluated.
 */
export function runtimeConfig(origin: string = globalThis.location?.origin ?? ''): Record<string, string> {
  const domianURL = /^https?:\/\//i.test(API_BASE) ? API_BASE : `${origin}${API_BASE}`;
  const config: Record<string, string> = {
    domianURL,
    staticDomainURL: `${domianURL}/sys/common/static`,
    pdfDomainURL: `${domianURL}/sys/common/pdf/pdfPreviewIframe`,
  };
  const preview = import.meta.env.VITE_ONLINE_PREVIEW_URL as string | undefined;
  if (preview) config.onlinePreviewDomainURL = preview;
  return config;
}

/** Work-chat in-app browsers (WeCom, DingTalk) sign in through the OAuth2 app login. */
export function isOAuth2AppEnv(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /wxwork|dingtalk/i.test(userAgent);
}
