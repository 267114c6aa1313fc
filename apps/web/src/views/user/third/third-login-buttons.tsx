import { DingdingOutlined, GithubOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import type { TooltipProps } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { runtimeConfig } from '../../../app/config';
import { useFeedback } from '../../../utils/feedback';
import { whenIdle } from '../../../utils/idle';
import { useThirdLogin } from './use-third-login';

/**
 * The tooltips are a hover nicety: their code loads once the page is on screen and the browser is idle (a
 * suspending component would hold back the page's first render instead); until then the buttons show without.
 */
function useDeferredTooltip(): ComponentType<TooltipProps> | null {
  const [tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      import('antd/es/tooltip').then(
        (m) => live && setTooltip(() => m.default),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return tooltip;
}

const SOURCES: { key: string; title: string; icon: ReactNode }[] = [
  { key: 'github', title: 'github', icon: <GithubOutlined /> },
  { key: 'wechat_enterprise', title: '企业微信', icon: <WechatWorkOutlined /> },
  { key: 'dingtalk', title: '钉钉', icon: <DingdingOutlined /> },
  { key: 'wechat_open', title: '微信', icon: <WechatOutlined /> },
];

/**
 * 其他登录方式: opens the server's third-party login in a pop-up and waits for the token it posts back.
 * Messages are accepted only from this site or the API's origin.
 */
export function ThirdLoginButtons() {
  const { message } = useFeedback();
  const doLogin = useThirdLogin();
  const Tooltip = useDeferredTooltip();
  const listener = useRef<((e: MessageEvent) => void) | null>(null);

  useEffect(
    () => () => {
      if (listener.current) window.removeEventListener('message', listener.current);
    },
    [],
  );

  const open = (source: string) => {
    const { domianURL } = runtimeConfig();
    const apiOrigin = new URL(domianURL, window.location.href).origin;
    window.open(
      `${domianURL}/sys/thirdLogin/render/${source}`,
      `login ${source}`,
      'height=500, width=500, top=0, left=0, toolbar=no, menubar=no, scrollbars=no, resizable=no, location=no, status=no',
    );
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

  return (
    <div className="user-login-other">
      <span>其他登录方式</span>
      {SOURCES.map((s) => {
        const button = (
          <button key={s.key} type="button" className="item-icon" aria-label={s.title} onClick={() => open(s.key)}>
            {s.icon}
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
