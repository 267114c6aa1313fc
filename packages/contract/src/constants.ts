/** Spec 01 §9 and contract limits shared by server and web. */
export const API_BASE = '/jeecg-boot';
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const OAUTH2_LOGIN_PATH = '/oauth2-app/login';
export const SESSION_CACHE_MS = 604_800_000; // 7 days
export const REQUEST_TIMEOUT_MS = 9000;
export const RELOAD_AFTER_401_MS = 1500;
export const SEARCH_DEBOUNCE_MS = 300;
export const NOTICE_POLL_MS = 6000;
export const WS_RECONNECT_MS = 5000;
export const MOBILE_MAX_WIDTH = 1087.99;
export const SMALL_MAX_WIDTH = 767.99;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const NOTICE_POPOVER_WIDTH = 300;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];
export const CAPTCHA_TTL_MS = 60_000;
/** sign-in pause (ADR 060): this many wrong passwords within 15 minutes pause an account's sign-in this long */
export const LOGIN_PAUSE_THRESHOLD = 5;
export const LOGIN_PAUSE_MINUTES = 5;
export const SMS_CODE_TTL_MS = 600_000;
export const SIGN_TIMESTAMP_MAX_AGE_S = 300;
/** the three dictionary-style header names */
export const HEADER_TOKEN = 'X-Access-Token';
export const HEADER_TENANT = 'tenant-id';
export const HEADER_SIGN = 'X-Sign';
export const HEADER_TIMESTAMP = 'X-TIMESTAMP';
