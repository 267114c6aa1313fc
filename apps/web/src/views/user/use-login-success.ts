import { HOME_PATH } from '@answer/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../utils/feedback';
import { welcomeText } from '../../utils/greeting';
import { safeRedirect } from '../../utils/redirect';

/** After a login: go to the redirect query (a path of this app) or the home page, and greet by the hour. */
export function useLoginSuccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { notification } = useFeedback();
  return useCallback(() => {
    navigate(safeRedirect(params.get('redirect'), HOME_PATH), { replace: true });
    notification.success({ message: '欢迎', description: welcomeText() });
  }, [navigate, params, notification]);
}
