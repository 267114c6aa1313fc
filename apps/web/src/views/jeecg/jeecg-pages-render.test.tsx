import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderPage } from '../../test/mock-api';
import JeecgOrderMainList from './JeecgOrderMainList';
import { OrderModal } from './order-modal';
import TableExpandeSub from './TableExpandeSub';

vi.setConfig({ testTimeout: 30_000 });

const ORDER = {
  id: 'o1',
  orderCode: 'A001',
  ctype: '2',
  orderDate: '2026-01-02 03:04:05',
  orderMoney: 10,
  content: '北京至上海',
};
const CUSTOMERS = [{ id: 'c1', name: '张三', sex: '1', idcard: null, idcardPic: null, telphone: '13800000001' }];
const TICKETS = [{ id: 't1', ticketCode: 'CA1', tickectDate: '2026-02-03' }];

const api = mockApi({
  signedIn: { auth: ['order:add', 'order:edit'] },
  route: ({ path }) => {
    if (path.endsWith('/jeecgOrderMain/list')) return json({ records: [ORDER], total: 1 });
    if (path.endsWith('/queryById')) return json(ORDER);
    if (path.endsWith('/queryOrderCustomerListByMainId')) return json(CUSTOMERS);
    if (path.endsWith('/queryOrderTicketListByMainId')) return json(TICKETS);
    if (path.includes('getDictItems')) return json([{ value: '1', text: '男' }]);
    if (path.endsWith('/edit')) return json(null, { message: '编辑成功！' });
    return undefined;
  },
});
const { fb, callsTo } = api;
/** pages live inside the app's router */
const render = (ui: ReactElement) => renderPage(ui, { router: true });

describe('一对多示例', () => {
  it('lists orders with their type text and offers 新增 / 编辑 to a user holding order:add / order:edit', async () => {
    render(<JeecgOrderMainList />);
    const table = await screen.findByTestId('jeecg-order-table');
    await within(table).findByText('A001');
    expect(within(table).getByText('国际订单')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(within(table).getByText('编辑')).toBeTruthy();
  });

  it('edit loads the order and both sub lists, and 确定 sends them back in one PUT', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(<OrderModal state={{ mode: 'edit', record: ORDER }} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect(callsTo('/queryOrderTicketListByMainId')).toHaveLength(1));
    expect(callsTo('/queryById')[0]?.url.searchParams.get('id')).toBe('o1');
    expect(callsTo('/queryOrderCustomerListByMainId')[0]?.url.searchParams.get('id')).toBe('o1');
    const code = (await screen.findByDisplayValue('A001')) as HTMLInputElement;
    expect(code.value).toBe('A001');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(callsTo('/jeecgOrderMain/edit')).toHaveLength(1));
    const put = callsTo('/jeecgOrderMain/edit')[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({
      id: 'o1',
      orderCode: 'A001',
      ctype: '2',
      jeecgOrderCustomerList: [{ id: 'c1', name: '张三', sex: '1', telphone: '13800000001' }],
      jeecgOrderTicketList: [{ id: 't1', ticketCode: 'CA1', tickectDate: '2026-02-03' }],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fb.message.success).toHaveBeenCalledWith('编辑成功！');
  });
});

describe('内嵌Table', () => {
  it('loads a row’s customers and tickets only when it is expanded', async () => {
    render(<TableExpandeSub />);
    const table = await screen.findByTestId('jeecg-order-expand-table');
    await within(table).findByText('A001');
    expect(callsTo('/queryOrderCustomerListByMainId')).toHaveLength(0);
    fireEvent.click(table.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    await within(table).findByText('张三');
    expect(callsTo('/queryOrderCustomerListByMainId')[0]?.url.searchParams.get('id')).toBe('o1');
    expect(callsTo('/queryOrderTicketListByMainId')).toHaveLength(1);
    expect(within(table).queryByText('新增')).toBeNull();
  });
});
