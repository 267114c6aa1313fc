import type { Result } from '@answer/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { useSmsCode } from '.';

const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
};
const answer = (success: boolean, message = ''): Result<null> => ({
  success,
  message,
  code: 200,
  result: null,
  timestamp: 0,
});

describe('useSmsCode (获取验证码)', () => {
  beforeEach(() => {
    bindFeedback(fb as unknown as Feedback);
    vi.clearAllMocks();
  });

  it('sends nothing while the phone field is invalid', async () => {
    const send = vi.fn(async () => answer(true));
    const { result } = renderHook(() => useSmsCode(send, vi.fn()));
    await act(() => result.current.request(() => Promise.reject(new Error('invalid'))));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.text).toBe('获取验证码');
  });

  it('counts down after sending and reports a refusal', async () => {
    const send = vi.fn(async () => answer(false, '手机号未注册'));
    const onRefused = vi.fn();
    const { result } = renderHook(() => useSmsCode(send, onRefused, 3));
    await act(() => result.current.request(async () => '13800000000'));
    expect(send).toHaveBeenCalledWith('13800000000');
    expect(fb.message.loading).toHaveBeenCalledWith('验证码发送中..', 3);
    expect(onRefused).toHaveBeenCalledWith('手机号未注册');
    expect(result.current.running).toBe(true);
    expect(result.current.text).toBe('60 s');
  });

  it('re-enables the button at once when the call fails', async () => {
    const { result } = renderHook(() => useSmsCode(() => Promise.reject(new Error('network')), vi.fn()));
    await act(() => result.current.request(async () => '13800000000'));
    expect(result.current.running).toBe(false);
    expect(result.current.text).toBe('获取验证码');
  });
});
