import type { Result } from '@answer/contract';
import { useFeedback } from '../../utils/feedback';
import { smsButtonText, useCountdown } from './use-countdown';

export { smsButtonText, useCountdown } from './use-countdown';

/**
 * 获取验证码 of a form (login, registration, password recovery; JeecgBoot's CountButton): `request(phone)` takes the
 * number from `phone()` (a rejection — the field is invalid — sends nothing), starts the 60 s countdown, shows
 * 验证码发送中.. for `loadingSeconds` (0: until sent) and reports a refusal through `onRefused`; a failed call re-enables
 * the button at once. `text` is the button's label, `running` disables it.
 */
export function useSmsCode(
  send: (mobile: string) => Promise<Result<unknown>>,
  onRefused: (message: string) => void,
  loadingSeconds = 0,
) {
  const { message } = useFeedback();
  const countdown = useCountdown(60);
  const request = async (phone: () => Promise<string>) => {
    let mobile: string;
    try {
      mobile = await phone();
    } catch {
      return;
    }
    countdown.start();
    const hide = message.loading('验证码发送中..', loadingSeconds);
    try {
      const res = await send(mobile);
      if (!res.success) onRefused(res.message);
    } catch {
      countdown.reset();
    } finally {
      setTimeout(hide, 500);
    }
  };
  return { running: countdown.running, text: smsButtonText(countdown.left), request };
}
