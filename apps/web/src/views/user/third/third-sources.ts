import { http } from '../../../api/http';

/** The third-party sign-in providers the login page knows (JeecgBoot's `source` path values). */
export type ThirdSource = 'github' | 'wechat_enterprise' | 'dingtalk' | 'wechat_open';

export const THIRD_SOURCES: readonly { key: ThirdSource; title: string; aliases: readonly string[] }[] = [
  { key: 'github', title: 'GitHub', aliases: ['github'] },
  {
    key: 'wechat_enterprise',
    title: '企业微信',
    aliases: ['wechat_enterprise', 'wechatenterprise', 'qywx', 'wechat_work'],
  },
  { key: 'dingtalk', title: '钉钉', aliases: ['dingtalk', 'dingding'] },
  { key: 'wechat_open', title: '微信', aliases: ['wechat_open', 'wechatopen', 'wechat'] },
];

const norm = (s: string) => s.trim().toLowerCase().replace(/[-\s]/g, '_');

function sourceOf(name: string): ThirdSource | null {
  const n = norm(name);
  const flat = n.replace(/_/g, '');
  return THIRD_SOURCES.find((s) => s.aliases.some((a) => a === n || a.replace(/_/g, '') === flat))?.key ?? null;
}

/**
 * The providers `GET /sys/thirdApp/getEnabledType` reports as configured, in the login page's order. Its result is a map
 * of provider → enabled (`{ wechatEnterprise: true, dingtalk: false }`, JeecgBoot's shape; `true`, `1`, `'1'` count) or
 * a list of enabled names; anything else enables nothing.
 */
export function enabledSources(result: unknown): ThirdSource[] {
  const on = new Set<ThirdSource>();
  const add = (name: unknown) => {
    const key = typeof name === 'string' ? sourceOf(name) : null;
    if (key) on.add(key);
  };
  if (Array.isArray(result)) {
    for (const item of result) {
      if (typeof item === 'string') add(item);
      else if (item && typeof item === 'object') {
        const o = item as { type?: unknown; thirdType?: unknown; enabled?: unknown };
        if (o.enabled === undefined || o.enabled === true || o.enabled === 1 || o.enabled === '1')
          add(o.type ?? o.thirdType);
      }
    }
  } else if (result && typeof result === 'object') {
    for (const [name, value] of Object.entries(result)) {
      if (value === true || value === 1 || value === '1') add(name);
    }
  }
  return THIRD_SOURCES.filter((s) => on.has(s.key)).map((s) => s.key);
}

/** The configured providers; none when the server cannot say (the buttons then stay hidden). */
export async function fetchEnabledSources(): Promise<ThirdSource[]> {
  try {
    const res = await http.get('/sys/thirdApp/getEnabledType', undefined, { silent: true });
    return res.success ? enabledSources(res.result) : [];
  } catch {
    return [];
  }
}

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/**
 * What to tell the user when a provider's sign-in page cannot be opened: the server's own message when it is a
 * readable (Chinese) sentence, otherwise a plain one naming the provider — never the raw answer.
 */
export function renderFailureText(title: string, body: unknown): string {
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message.trim()
      : '';
  if (message && HAS_CHINESE.test(message) && message.length <= 100) return message;
  return `${title}登录暂不可用，请联系管理员检查第三方登录配置`;
}
