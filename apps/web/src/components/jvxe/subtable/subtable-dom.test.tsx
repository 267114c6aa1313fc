import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubTablePopover, useSubTablePopover } from './SubTablePopover';

afterEach(cleanup);

/** a list whose rows appear only after `renderAfter` attempts (a virtual list rendering the row late) */
function Page({ renderAfter, onError }: { renderAfter: number; onError: (m: string) => void }) {
  const [tries, setTries] = useState(0);
  const sub = useSubTablePopover({
    onError,
    retry: { delayMs: 20 },
    scrollToRow: () => setTries((t) => t + 1),
  });
  const rows = [
    { id: 'a', name: '订单A' },
    { id: 'b', name: '订单B' },
  ];
  const shown = tries >= renderAfter;
  return (
    <div>
      {rows.map((r) => (
        <button key={r.id} type="button" onClick={() => sub.toggle(r, r.id)}>
          打开{r.name}
        </button>
      ))}
      {shown ? (
        <table>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-row-id={r.id}>
                <td>{r.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <SubTablePopover state={sub.state} onClose={sub.close}>
        {(row) => <div>子表内容 {String(row.name)}</div>}
      </SubTablePopover>
    </div>
  );
}

describe('sub-table popover 子表', () => {
  it('opens under the row with title and close button; the same row again closes it; another row moves it', async () => {
    const onError = vi.fn();
    render(<Page renderAfter={0} onError={onError} />);
    fireEvent.click(screen.getByText('打开订单A'));
    await screen.findByText('子表内容 订单A');
    expect(screen.getByRole('dialog', { name: '子表' })).toBeTruthy();
    expect(screen.getByText('子表')).toBeTruthy();
    fireEvent.click(screen.getByText('打开订单B'));
    await screen.findByText('子表内容 订单B');
    fireEvent.click(screen.getByText('打开订单B'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByText('打开订单A'));
    await screen.findByText('子表内容 订单A');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('a row rendered only after retries still opens (3 retries allowed)', async () => {
    const onError = vi.fn();
    render(<Page renderAfter={3} onError={onError} />);
    fireEvent.click(screen.getByText('打开订单A'));
    await screen.findByText('子表内容 订单A');
    expect(onError).not.toHaveBeenCalled();
  });

  it('a row still missing after more than 3 retries: 打开子表失败, nothing opens', async () => {
    const onError = vi.fn();
    render(<Page renderAfter={4} onError={onError} />);
    fireEvent.click(screen.getByText('打开订单A'));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('打开子表失败'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Esc closes it', async () => {
    render(<Page renderAfter={0} onError={() => undefined} />);
    fireEvent.click(screen.getByText('打开订单A'));
    await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
