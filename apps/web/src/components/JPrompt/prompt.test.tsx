import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import { JPrompt } from './index';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const ok = () => screen.getByRole('button', { name: /确\s*定|OK/ });

describe('<JPrompt>', () => {
  it('checks the caller rules before confirming, then gives the text', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(
      <JPrompt
        open
        title="重命名"
        rules={[
          { required: true, message: '请输入名称' },
          { max: 5, message: '最大长度5位字符' },
        ]}
        onOk={onOk}
        onCancel={onCancel}
      />,
    );
    await act(async () => fireEvent.click(ok()));
    await waitFor(() => expect(screen.getByText('请输入名称')).toBeTruthy());
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('输入内容'), { target: { value: '太长的名称啊' } });
    await act(async () => fireEvent.click(ok()));
    await waitFor(() => expect(screen.getByText('最大长度5位字符')).toBeTruthy());
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('输入内容'), { target: { value: '新名称' } });
    await act(async () => fireEvent.click(ok()));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith('新名称'));
    expect(onCancel).toHaveBeenCalled();
  });

  it('stays open when onOk answers false', async () => {
    const onCancel = vi.fn();
    render(<JPrompt open defaultValue="x" onOk={() => false} onCancel={onCancel} />);
    await act(async () => fireEvent.click(ok()));
    expect(onCancel).not.toHaveBeenCalled();
    expect((screen.getByLabelText('输入内容') as HTMLInputElement).value).toBe('x');
  });
});
