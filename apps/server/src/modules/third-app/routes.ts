import { fail, ok } from '@answer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ThirdAppSettings } from '../../config.ts';

/**
 * Third-party apps (企业微信 / 钉钉; contract: JeecgBoot ThirdAppController and ThirdLoginController).
 *
 * - GET /sys/thirdApp/getEnabledType → `{ wechatEnterprise: boolean, dingtalk: boolean }` (JeecgBoot's map, code 200):
 *   which apps are configured and enabled (config.ts THIRD_APP_*: the master switch plus the app's client id and
 *   secret). The user page reads it on every open to decide which 同步 buttons to show.
 * - Third-party sign-in entry points (`/sys/thirdLogin/render/{source}`, `/oauth2/{source}/login`, `/{source}/callback`,
 *   `/getLoginUser/{token}/{thirdType}`): this server signs in with its own accounts only, so every provider answers a
 *   clear Chinese refusal — "not configured" when it is not, "not connected" when credentials exist but no OAuth
 *   exchange is built. A browser navigation (Accept: text/html) gets a small HTML page instead of raw JSON.
 */

interface Provider {
  title: string;
  settings?: (app: FastifyInstance) => ThirdAppSettings;
}

const PROVIDERS: Record<string, Provider> = {
  wechat_enterprise: { title: '企业微信', settings: (app) => app.ctx.config.thirdApps.wechatEnterprise },
  dingtalk: { title: '钉钉', settings: (app) => app.ctx.config.thirdApps.dingtalk },
  github: { title: 'GitHub' },
  wechat_open: { title: '微信' },
};

/** the refusal for a provider name as given in the path (unknown names included, never echoed raw) */
export function thirdLoginRefusal(app: FastifyInstance, source: string): string {
  const key = source.trim().toLowerCase();
  const provider = Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key] : undefined;
  if (!provider) return '不支持该第三方登录方式，请使用账号密码登录';
  if (!provider.settings?.(app).enabled) return `未配置${provider.title}登录，请联系管理员`;
  return `${provider.title}登录暂未接入本系统，请使用账号密码登录`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function wantsPage(req: FastifyRequest): boolean {
  const accept = String(req.headers.accept ?? '');
  return accept.includes('text/html') && !accept.includes('application/json');
}

function refuse(req: FastifyRequest, reply: FastifyReply, message: string) {
  if (wantsPage(req)) {
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>第三方登录</title></head>` +
          `<body style="font-family:sans-serif;padding:48px;text-align:center"><h2>无法使用第三方登录</h2>` +
          `<p>${escapeHtml(message)}</p><p>请关闭此窗口，返回登录页使用账号密码登录。</p></body></html>`,
      );
  }
  return reply.send(fail(message));
}

export default async function thirdAppRoutes(app: FastifyInstance): Promise<void> {
  // public: the sign-in page asks it before anyone is signed in (which provider buttons to show); two booleans only
  app.get('/sys/thirdApp/getEnabledType', { config: { access: 'public' } }, async () => {
    const { wechatEnterprise, dingtalk } = app.ctx.config.thirdApps;
    return ok({ wechatEnterprise: wechatEnterprise.enabled, dingtalk: dingtalk.enabled });
  });

  const rateLimit = { bucket: 'auth:thirdLogin', max: app.ctx.config.authRateLimitPerMinute, windowMs: 60_000 };
  const entry = (url: string, param: string) =>
    app.get(url, { config: { access: 'public', rateLimit } }, async (req, reply) =>
      refuse(req, reply, thirdLoginRefusal(app, String((req.params as Record<string, string>)[param] ?? ''))),
    );
  entry('/sys/thirdLogin/render/:source', 'source');
  entry('/sys/thirdLogin/oauth2/:source/login', 'source');
  entry('/sys/thirdLogin/:source/callback', 'source');
  entry('/sys/thirdLogin/getLoginUser/:token/:thirdType', 'thirdType');
}
