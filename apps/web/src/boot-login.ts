/**
 * The sign-in form before the app's code has run (issue 29). The login page's React code (~500 kB of vendor code to
 * parse) becomes usable 1.5–4 s after the first paint on an ordinary office PC; this tiny entry, executed first,
 * draws a plain form in its place at once and asks for the captcha image at the same time. The user can type; when
 * the app mounts, `takeBootLogin()` hands what was typed, the focused field and the captcha (key + image, or the
 * request still on its way) to the real form, which replaces this one without losing a character.
 *
 * No imports on purpose: this file must stay a few hundred bytes and run before anything else.
 */
export interface BootLogin {
  values: Partial<Record<'username' | 'password' | 'inputCode', string>>;
  focused: 'username' | 'password' | 'inputCode' | null;
  captcha: { key: number; image: Promise<string | null> } | null;
}

declare global {
  interface Window {
    __bootLogin?: () => BootLogin | null;
  }
}

const API = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/jeecg-boot';
const FIELDS = ['username', 'password', 'inputCode'] as const;

function start() {
  const root = document.getElementById('root');
  if (!root || !/^\/user(\/login)?\/?$/.test(location.pathname)) return;
  // signed in already: the app sends the user on, no form to show
  try {
    if (localStorage.getItem('pro__Access-Token')) return;
  } catch {
    return;
  }
  const key = Date.now();
  const image = fetch(`${API}/sys/randomImage/${key}?_t=${Math.floor(key / 1000)}`)
    .then((r) => r.json())
    .then((j: { success?: boolean; result?: unknown }) =>
      j?.success && typeof j.result === 'string' && j.result.startsWith('data:image/') ? j.result : null,
    )
    .catch(() => null);

  const field = (name: string, placeholder: string, type = 'text', extra = '') =>
    `<input class="boot-input" name="${name}" type="${type}" placeholder="${placeholder}" aria-label="${placeholder.slice(3)}" ${extra}>`;
  root.innerHTML = `<div class="user-layout boot-login"><div class="user-layout-top"><div class="user-layout-header"><span class="boot-logo"></span><span class="user-layout-title">答题系统后台</span></div><div class="user-layout-desc">在线答题卡系统 · 管理控制台</div></div><main class="user-layout-main"><form class="boot-form" autocomplete="on"><div class="boot-tabs"><span class="on">账号密码登录</span><span>手机号登录</span></div>${field('username', '请输入帐户名', 'text', 'autocomplete="username"')}${field('password', '请输入密码', 'password', 'autocomplete="current-password"')}<div class="boot-captcha">${field('inputCode', '请输入验证码', 'text', 'autocomplete="off" maxlength="8"')}<span class="boot-captcha-image">加载中…</span></div><button class="boot-submit" type="submit" disabled>登 录</button></form></main></div>`;
  const form = root.querySelector('form');
  // kept as typed: React may replace the form (a loading state) before the login page mounts
  const state: BootLogin = { values: {}, focused: 'username', captcha: { key, image } };
  form?.addEventListener('submit', (e) => e.preventDefault());
  form?.addEventListener('input', (e) => {
    const t = e.target as HTMLInputElement;
    if (FIELDS.includes(t.name as never)) state.values[t.name as (typeof FIELDS)[number]] = t.value;
  });
  form?.addEventListener('focusin', (e) => {
    const name = (e.target as HTMLInputElement).name;
    state.focused = FIELDS.includes(name as never) ? (name as BootLogin['focused']) : null;
  });
  const slot = root.querySelector('.boot-captcha-image');
  void image.then((src) => {
    if (src && slot?.isConnected) slot.innerHTML = `<img src="${src}" alt="验证码">`;
  });
  (root.querySelector('input[name="username"]') as HTMLInputElement | null)?.focus();

  window.__bootLogin = () => {
    window.__bootLogin = undefined;
    return state;
  };
}

start();
