import { useCallback } from 'react';
import { thirdLogin } from '../../../api/auth';
import { useSession } from '../../../stores/session';
import { useFeedback } from '../../../utils/feedback';
import { isLoginOk, loginFailureText, loginSelection } from '../login-flow';
import { useLoginSuccess } from '../use-login-success';

/**
 * Sign in with a token issued by a third-party login (GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}).
 * Resolves true on success; on failure shows 登录失败 (unless `onFail` handles it) and resolves false.
 */
export function useThirdLogin(onFail?: (text: string) => void) {
  const { notification } = useFeedback();
  const success = useLoginSuccess();
  return useCallback(
    async (token: string, thirdType: string): Promise<boolean> => {
      try {
        const res = await thirdLogin(token, thirdType);
        if (!isLoginOk(res)) throw res;
        useSession.getState().applyLogin(res.result);
        useSession.getState().setTenantId(loginSelection(res.result).tenantId);
        success();
        return true;
      } catch (err) {
        const text = loginFailureText(err);
        if (onFail) onFail(text);
        else notification.error({ message: '登录失败', description: text, duration: 4 });
        return false;
      }
    },
    [notification, success, onFail],
  );
}
