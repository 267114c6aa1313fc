import { DingdingOutlined, GithubOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import type { TooltipProps } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR_MESSAGE } from '../../../api/http';
import { runtimeConfig } from '../../../app/config';
import { useFeedback } from '../../../utils/feedback';
import { whenIdle } from '../../../utils/idle';
import { fetchEnabledSources, renderFailureText, THIRD_SOURCES, type ThirdSource } from './third-sources';
import { useThirdLogin } from './use-third-login';

/** a value fetched once the page is on screen and the browser is idle (`initial` until then; a failure keeps it) */
function useWhenIdle<T>(fetch: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per mount
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      fetch().then(
        (v) => live && setValue(() => v),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return value;
}

/**
 * The tooltips are a hover nicety: their code loads once the browser is idle (a suspending component would hold back
 * the page's first render instead); until then the buttons show without.
 */
const useDeferredTooltip = () =>
  useWhenIdle<ComponentType<TooltipProps> | null>(() => import('antd/es/tooltip').then((m) => m.default), null);

const ICONS: Record<ThirdSource, ReactNode> = {
  github: <GithubOutlined />,
  wechat_enterprise: <WechatWorkOutlined />,
  dingtalk: <DingdingOutlined />,
  wechat_open: <WechatOutlined />,
};

const POPUP_FEATURES =
  'height=500, width=500, top=0, left=0, toolbar=no, menubar=no, scrollbars=no, resizable=no, location=no, status=no';

/** the providers the server has configured (`/sys/thirdApp/getEnabledType`), asked once the page is on screen */
const useEnabledSources = () => useWhenIdle<ThirdSource[]>(fetchEnabledSources, []);

/**
 * Whether the server's sign-in page for a provider can be opened: it answers with a redirect to the provider (or a
 * page); an error answer (provider not configured, route missing) is turned into a Chinese sentence.
 */
async function checkRender(url: string, title: string): Promise<string | null> {
  try {
    const res = await fetch(url, { redirect: 'manual', credentials: 'same-origin', cache: 'no-store' });
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return null;
    const type = res.headers.get('content-type') ?? '';
    if (res.ok && type.includes('text/html')) return null;
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: not shown either
    }
    if (res.ok && body && typeof body === 'object' && (body as { success?: unknown }).success !== false) return null;
    return renderFailureText(title, body);
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}

/**
 * 其他登录方式: only the providers the server has configured get a button. A click opens a pop-up at once (so
 * pop-up blockers let it through), checks that the server's sign-in page for the provider answers, then sends the
 * pop-up there and waits for the token it posts back; when the page cannot be opened the pop-up closes and a Chinese
 * message says why (never the raw answer). Messages are accepted only from this site or the API's origin.
 */
export function ThirdLoginButtons() {
  const { message } = useFeedback();
  const doLogin = useThirdLogin();
  const Tooltip = useDeferredTooltip();
  const enabled = useEnabledSources();
  const listener = useRef<((e: MessageEvent) => void) | null>(null);

  useEffect(
    () => () => {
      if (listener.current) window.removeEventListener('message', listener.current);
    },
    [],
  );

  const open = async (source: ThirdSource, title: string) => {
    const { domianURL } = runtimeConfig();
    const apiOrigin = new URL(domianURL, window.location.href).origin;
    const url = `${domianURL}/sys/thirdLogin/render/${source}`;
    const popup = window.open('', `login ${source}`, POPUP_FEATURES);
    const failure = await checkRender(url, title);
    if (failure) {
      popup?.close();
      message.warning(failure);
      return;
    }
    if (popup) popup.location.href = url;
    else window.open(url, `login ${source}`, POPUP_FEATURES);
    if (listener.current) window.removeEventListener('message', listener.current);
    let done = false;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin && event.origin !== apiOrigin) return;
      const data: unknown = event.data;
      if (typeof data === 'string') {
        if (data === '登录失败') message.warning(data);
        else if (data.includes('绑定手机号')) message.warning('该第三方账号尚未绑定手机号，请先使用账号密码登录后绑定');
        else if (!done) {
          done = true;
          void doLogin(data, source);
        }
      } else if (data && typeof data === 'object' && (data as { isObj?: unknown }).isObj === true) {
        message.warning('已有同名账号存在，请使用账号密码登录后绑定第三方账号');
      }
    };
    listener.current = onMessage;
    window.addEventListener('message', onMessage);
  };

  if (!enabled.length) return null;
  return (
    <div className="user-login-other">
      <span>其他登录方式</span>
      {THIRD_SOURCES.filter((s) => enabled.includes(s.key)).map((s) => {
        const button = (
          <button
            key={s.key}
            type="button"
            className="item-icon"
            aria-label={s.title}
            onClick={() => void open(s.key, s.title)}
          >
            {ICONS[s.key]}
          </button>
        );
        return Tooltip ? (
          <Tooltip key={s.key} title={s.title}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </div>
  );
}
