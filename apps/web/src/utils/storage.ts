/**
 * Local persistence with explicit keys and expiry, in the JeecgBoot `Vue.ls` shape
 * (`pro__` namespace, `{"value":…, "expire":…}`), so a value written by one tab is read the same way by another.
 */

export const STORAGE_KEYS = {
  ACCESS_TOKEN: 'pro__Access-Token',
  USER_NAME: 'pro__Login_Username',
  USER_INFO: 'pro__Login_Userinfo',
  TENANT_ID: 'pro__TENANT_ID',
  DICT_CACHE: 'pro__UI_CACHE_DB_DICT_DATA',
  /** keep-alive route list of the tab layout; cleared on logout with the session (spec 01 §4 "one more stored key") */
  CACHE_INCLUDED_ROUTES: 'pro__CACHE_INCLUDED_ROUTES',
} as const;

/** Button permission lists live for the browser session only (sessionStorage), as in JeecgBoot. */
export const SESSION_KEYS = {
  USER_AUTH: 'LOGIN_USER_BUTTON_AUTH',
  SYS_BUTTON_AUTH: 'SYS_BUTTON_AUTH',
} as const;

interface Stored<T> {
  value: T;
  expire: number | null;
}

function backend(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function read<T>(kind: 'local' | 'session', key: string, now: number): T | null {
  const store = backend(kind);
  const raw = store?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = JSON.parse(raw) as Stored<T>;
    if (parsed === null || typeof parsed !== 'object' || !('value' in parsed)) return null;
    if (parsed.expire !== null && parsed.expire !== undefined && parsed.expire <= now) {
      store?.removeItem(key);
      return null;
    }
    return parsed.value;
  } catch {
    return null;
  }
}

function write<T>(kind: 'local' | 'session', key: string, value: T, ttlMs: number | null, now: number): void {
  const stored: Stored<T> = { value, expire: ttlMs == null ? null : now + ttlMs };
  try {
    backend(kind)?.setItem(key, JSON.stringify(stored));
  } catch {
    // quota or private mode: the in-memory store still holds the value for this page
  }
}

export const ls = {
  get: <T>(key: string, now = Date.now()): T | null => read<T>('local', key, now),
  set: <T>(key: string, value: T, ttlMs: number | null = null, now = Date.now()): void =>
    write('local', key, value, ttlMs, now),
  remove: (key: string): void => backend('local')?.removeItem(key),
};

export const ss = {
  get: <T>(key: string, now = Date.now()): T | null => read<T>('session', key, now),
  set: <T>(key: string, value: T): void => write('session', key, value, null, Date.now()),
  remove: (key: string): void => backend('session')?.removeItem(key),
};
