import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/mock-api';
import { clearFormItemCache, OnlineFormModal } from './OnlineForm';

// the editable table and antd's form in jsdom are slow: generous waits
vi.setConfig({ testTimeout: 90_000 });
const slow = { timeout: 10_000 };

const FORM_ITEM = {
  head: { tableType: 2, tableTxt: '订单主表' },
  formTemplate: '1',
  schema: {
    table: 'test_order_main',
    required: ['order_code'],
    properties: {
      order_code: {
        title: '订单编码',
        view: 'text',
        order: 0,
        pattern: '^ON-\\d{3}$',
        errorInfo: '编码须为ON-加三位数字',
      },
      ctype: {
        title: '订单类型',
        view: 'list',
        order: 1,
        enum: [
          { value: '1', text: '国内订单' },
          { value: '2', text: '国际订单' },
        ],
      },
      locked: { title: '锁定', view: 'text', order: 2, ui: { widgetattrs: { disabled: true } } },
      secret: { title: '隐藏', view: 'hidden', order: 3 },
      test_order_product: {
        view: 'tab',
        relationType: 0,
        describe: '订单商品',
        order: 4,
        key: 'test_order_product',
        columns: [{ key: 'product_name', title: '商品名称', type: 'input', width: '200px' }],
      },
      test_order_customer: {
        view: 'tab',
        relationType: 1,
        describe: '订单客户',
        order: 5,
        key: 'test_order_customer',
        required: [],
        properties: { customer_name: { title: '客户名', view: 'text', order: 0 } },
      },
    },
  },
};

const RECORD = {
  id: 'm1',
  order_code: 'ON-001',
  ctype: '2',
  locked: 'L',
  secret: 'S',
  test_order_product: [{ id: 'p1', product_name: '答题卡' }],
  test_order_customer: [{ id: 'c1', customer_name: '张三' }],
};

const api = mockApi({
  signedIn: true,
  route: ({ path, method }) => {
    if (path.includes('/getFormItem/')) return json(FORM_ITEM);
    if (path.endsWith('/form/h1/m1') && method === 'GET') return json(RECORD);
    if (path.endsWith('/form/h1') && method === 'POST') return json('newid', { message: '添加成功！' });
    if (path.endsWith('/form/h1') && method === 'PUT') return json(null, { message: '修改成功！' });
    return undefined;
  },
});
const { calls, fb } = api;
beforeEach(() => {
  clearFormItemCache();
});

const saves = () => calls.filter((c) => c.url.pathname.endsWith('/form/h1') && c.method !== 'GET');
const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('OnlineFormModal', () => {
  it('add: required and pattern messages of the schema; one request with main, one-to-one row and empty subs as ""', async () => {
    const onSaved = vi.fn();
    render(<OnlineFormModal headId="h1" state={{ mode: 'add' }} onClose={() => undefined} onSaved={onSaved} />);
    const code = await screen.findByLabelText('订单编码', {}, slow);
    expect(screen.queryByLabelText('隐藏')).toBeNull();
    expect((screen.getByLabelText('锁定') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(okButton());
    expect(await screen.findByText('请输入订单编码!', {}, slow)).toBeTruthy();
    fireEvent.change(code, { target: { value: 'X1' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('编码须为ON-加三位数字', {}, slow)).toBeTruthy();
    expect(saves()).toHaveLength(0);

    fireEvent.change(code, { target: { value: 'ON-123' } });
    fireEvent.click(screen.getByRole('tab', { name: '订单客户' }));
    fireEvent.change(await screen.findByLabelText('客户名', {}, slow), { target: { value: '李四' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(saves()).toHaveLength(1), slow);
    expect(saves()[0]?.method).toBe('POST');
    expect(saves()[0]?.body).toEqual({
      order_code: 'ON-123',
      test_order_product: '',
      test_order_customer: [{ customer_name: '李四' }],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(fb.message.success).toHaveBeenCalledWith('添加成功！');
  });

  it('edit: the record and its subs load; the save keeps id, hidden fields and the sub rows', async () => {
    render(
      <OnlineFormModal
        headId="h1"
        state={{ mode: 'edit', record: { id: 'm1' } }}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    const code = (await screen.findByLabelText('订单编码', {}, slow)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('ON-001'), slow);
    expect(await screen.findByText('答题卡', {}, slow)).toBeTruthy();
    fireEvent.click(okButton());
    await waitFor(() => expect(saves()).toHaveLength(1), slow);
    const body = saves()[0]?.body as Record<string, unknown>;
    expect(saves()[0]?.method).toBe('PUT');
    expect(body).toMatchObject({ id: 'm1', order_code: 'ON-001', ctype: '2', secret: 'S' });
    expect(body.test_order_product).toEqual([expect.objectContaining({ id: 'p1', product_name: '答题卡' })]);
    expect(body.test_order_customer).toEqual([expect.objectContaining({ id: 'c1', customer_name: '张三' })]);
  });

  it('detail: every field read-only, no save button', async () => {
    render(
      <OnlineFormModal
        headId="h1"
        state={{ mode: 'detail', record: { id: 'm1' } }}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    const code = (await screen.findByLabelText('订单编码', {}, slow)) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('ON-001'), slow);
    expect(code.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull();
  });
});
