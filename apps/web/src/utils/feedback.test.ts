import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback, feedback, onFeedbackRequested } from './feedback';

function fakeApi() {
  const close = vi.fn();
  const destroy = vi.fn();
  const api = {
    message: { success: vi.fn(() => close), loading: vi.fn(() => close) },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn(() => ({ destroy, update: vi.fn() })) },
  };
  return { api, close, destroy };
}

afterEach(() => bindFeedback(null));

describe('feedback (antd holders loaded after the first paint)', () => {
  it('queues calls made before the host is bound, asks for the host once, and replays them in order', () => {
    const mount = vi.fn();
    const unregister = onFeedbackRequested(mount);
    feedback.notification.error({ message: '系统提示', description: '网络超时' });
    feedback.message.success('刷新缓存完成！');
    expect(mount).toHaveBeenCalledTimes(1);
    const { api } = fakeApi();
    bindFeedback(api as unknown as Feedback);
    expect(api.notification.error).toHaveBeenCalledWith({ message: '系统提示', description: '网络超时' });
    expect(api.message.success).toHaveBeenCalledWith('刷新缓存完成！');
    expect(api.notification.error.mock.invocationCallOrder[0]).toBeLessThan(
      api.message.success.mock.invocationCallOrder[0],
    );
    unregister();
  });

  it('a close handle taken before binding closes the real message once it exists', () => {
    const hide = feedback.message.loading('验证码发送中..', 0);
    hide();
    const { api, close } = fakeApi();
    bindFeedback(api as unknown as Feedback);
    expect(api.message.loading).toHaveBeenCalledWith('验证码发送中..', 0);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('a modal instance taken before binding forwards destroy', () => {
    const instance = feedback.modal.confirm({ title: '提示', content: '真的要注销登录吗 ?' });
    instance.destroy();
    const { api, destroy } = fakeApi();
    bindFeedback(api as unknown as Feedback);
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('calls go straight through once bound, with the real return value', () => {
    const { api, close } = fakeApi();
    bindFeedback(api as unknown as Feedback);
    expect(feedback.message.success('ok')).toBe(close);
  });

  it('is not mistaken for a promise', () => {
    expect((feedback.message as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
