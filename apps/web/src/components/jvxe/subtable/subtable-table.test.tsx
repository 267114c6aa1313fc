// The 子表 popover opened from a row click of the real JVxeTable (rows found by data-row-id).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JVxeTable } from '../index';
import type { JVxeColumn, JVxeTableApi } from '../types';
import { SubTablePopover, useSubTablePopover } from './SubTablePopover';

afterEach(cleanup);

const COLUMNS: JVxeColumn[] = [{ key: 'orderCode', title: '订单号', type: 'normal' }];

function Page({ onError }: { onError: (m: string) => void }) {
  const root = useRef<HTMLDivElement>(null);
  const api = createRef<JVxeTableApi>();
  const sub = useSubTablePopover({ root, onError, retry: { delayMs: 5 } });
  return (
    <div ref={root}>
      <JVxeTable
        ref={api}
        columns={COLUMNS}
        dataSource={[
          { id: 'o1', orderCode: 'A001' },
          { id: 'o2', orderCode: 'A002' },
        ]}
        onRowClick={(row, rowId) => void sub.toggle(row, rowId)}
      />
      <SubTablePopover state={sub.state} onClose={sub.close}>
        {(row) => (
          <JVxeTable
            columns={[{ key: 'name', title: '客户', type: 'input' }]}
            dataSource={[{ id: `${String(row.id)}-c`, name: `${String(row.orderCode)}的客户` }]}
          />
        )}
      </SubTablePopover>
    </div>
  );
}

describe('子表 popover on JVxeTable rows', () => {
  it('a row click opens the sub-table under it; clicking the row again closes it', async () => {
    const onError = vi.fn();
    const { container } = render(<Page onError={onError} />);
    const cell = (id: string) =>
      container.querySelector(`.jvxe-row[data-row-id="${id}"] .jvxe-cell[data-key="orderCode"]`) as HTMLElement;
    fireEvent.click(cell('o2'));
    await screen.findByRole('dialog', { name: '子表' });
    expect(screen.getByText('A002的客户')).toBeTruthy();
    fireEvent.click(cell('o2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onError).not.toHaveBeenCalled();
  });
});
