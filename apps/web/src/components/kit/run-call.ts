import type { Result } from '@answer/contract';
import { feedback } from '../../utils/feedback';

/**
 * A custom row or toolbar action that is one server call (发布, 撤销, 重新发送, 强退 …): the server's message as a
 * success or a warning (`okText` when a success has none), then `after` (usually the page's reload) whatever the
 * outcome. A thrown call was already shown by the http client. Resolves to whether the call succeeded.
 */
export async function runCall(
  call: () => Promise<Result<unknown>>,
  after?: () => unknown,
  okText = '操作成功',
): Promise<boolean> {
  let ok = false;
  try {
    const res = await call();
    ok = res.success;
    if (ok) feedback.message.success(res.message || okText);
    else feedback.message.warning(res.message);
  } catch {
    // shown by the http client
  }
  await after?.();
  return ok;
}
