import type { Result } from '@answer/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { useDataRules } from './DataRuleDrawer';

const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
};
bindFeedback(fb as unknown as Feedback);

const ok = <T,>(result: T, message = ''): Result<T> => ({ success: true, message, code: 200, result, timestamp: 0 });
const refused = (message: string): Result<never> =>
  ({ success: false, message, code: 500, result: null, timestamp: 0 }) as unknown as Result<never>;
const RULES = [
  { id: 'r1', ruleName: '本人' },
  { id: 'r2', ruleName: '本部门' },
];

describe('useDataRules (数据规则 drawers)', () => {
  it('loads the rules and the applied ones, and nothing while the key is null', async () => {
    const load = vi.fn(async () => ok({ datarule: RULES, drChecked: 'r2,' }));
    const { result, rerender } = renderHook(({ k }: { k: string | null }) => useDataRules(k, load), {
      initialProps: { k: null as string | null },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ k: 'p1' });
    await waitFor(() => expect(result.current.rules).toHaveLength(2));
    expect(result.current.checked).toEqual(['r2']);
    expect(result.current.notice).toBeNull();
  });

  it("shows the server's refusal (or 未找到权限配置信息), and a failed load only with a fail notice", async () => {
    const a = renderHook(() => useDataRules('p', async () => refused('请先保存菜单权限')));
    await waitFor(() => expect(a.result.current.notice).toBe('请先保存菜单权限'));
    const b = renderHook(() => useDataRules('p', async () => refused('')));
    await waitFor(() => expect(b.result.current.notice).toBe('未找到权限配置信息'));
    const failing = async (): Promise<Result<{ datarule: typeof RULES }>> => {
      throw new Error('network');
    };
    const c = renderHook(() => useDataRules('p', failing, '加载数据规则失败'));
    await waitFor(() => expect(c.result.current.notice).toBe('加载数据规则失败'));
    const d = renderHook(() => useDataRules('p', failing));
    await waitFor(() => expect(d.result.current.loading).toBe(false));
    expect(d.result.current.notice).toBeNull();
  });

  it("saves with the server's message, and reports a refusal as a warning", async () => {
    const { result } = renderHook(() => useDataRules('p', async () => ok({ datarule: RULES })));
    let saved = false;
    await act(async () => {
      saved = await result.current.save(async () => ok(null, '保存成功！'));
    });
    expect(saved).toBe(true);
    expect(fb.message.success).toHaveBeenCalledWith('保存成功！');
    await act(async () => {
      saved = await result.current.save(async () => refused('无权限'));
    });
    expect(saved).toBe(false);
    expect(fb.message.warning).toHaveBeenCalledWith('无权限');
  });
});
