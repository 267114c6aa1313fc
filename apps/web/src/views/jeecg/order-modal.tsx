import { Form, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  type JeecgOrderCustomer,
  type JeecgOrderMain,
  type JeecgOrderTicket,
  queryOrderCustomers,
  queryOrderMainById,
  queryOrderTickets,
  saveOrder,
} from '../../api/demo';
import { type JVxeRow, JVxeTable, type JVxeTableApi } from '../../components/jvxe';
import { type FormContext, KitModal, SchemaForm } from '../../components/kit';
import { feedback } from '../../utils/feedback';
import { describeError } from './editable-example.data';
import { CUSTOMER_COLUMNS, ORDER_FORM, orderBody, TICKET_COLUMNS } from './order.data';

export interface OrderEditorState {
  mode: 'add' | 'edit';
  record: JeecgOrderMain | null;
}

type TabKey = 'customer' | 'ticket';

const EMPTY: JVxeRow[] = [];

/** Escape pressed inside an editable table (cancel the cell edit) stays there: the dialog closes on Escape too */
function stopTableEscape(e: React.KeyboardEvent) {
  if (e.key === 'Escape' && (e.target as HTMLElement).closest?.('.jvxe-table')) e.stopPropagation();
}

/** the rows of a sub list answer, or none (a failed sub query leaves the table empty and says why) */
function rowsOf<T>(res: { success: boolean; message: string; result: T[] | null }): JVxeRow[] {
  if (!res.success) {
    feedback.message.warning(res.message);
    return [];
  }
  return (res.result ?? []) as unknown as JVxeRow[];
}

/**
 * The one-to-many editor of an order (JeecgBoot JeecgOrderModalForJEditableTable): the main form, then the tabs
 * 客户信息 / 机票信息 with the editable sub-tables. 确定 validates the form and both tables (a table with an invalid
 * cell is brought to the front, its cell shows the message, nothing is sent), then sends one add / edit request with
 * `jeecgOrderCustomerList` and `jeecgOrderTicketList` (rows without an id are new; rows left out are deleted).
 */
export function OrderModal({
  state,
  onClose,
  onSaved,
}: {
  state: OrderEditorState | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const customers = useRef<JVxeTableApi>(null);
  const tickets = useRef<JVxeTableApi>(null);
  const [tab, setTab] = useState<TabKey>('customer');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [customerRows, setCustomerRows] = useState<JVxeRow[]>(EMPTY);
  const [ticketRows, setTicketRows] = useState<JVxeRow[]>(EMPTY);
  const mode = state?.mode ?? 'add';
  const id = state?.record?.id;
  const ctx: FormContext<JeecgOrderMain> = { record: state?.record ?? null, mode, fixed: {} };

  useEffect(() => {
    if (!state) return;
    let alive = true;
    form.resetFields();
    setTab('customer');
    setCustomerRows([]);
    setTicketRows([]);
    const mainId = state.record?.id;
    if (!mainId) return;
    setLoading(true);
    Promise.all([queryOrderMainById(mainId), queryOrderCustomers(mainId), queryOrderTickets(mainId)])
      .then(([main, cs, ts]) => {
        if (!alive) return;
        const rec = main.success && main.result ? main.result : state.record;
        if (!main.success) feedback.message.warning(main.message);
        form.setFieldsValue({
          orderCode: rec?.orderCode ?? undefined,
          ctype: rec?.ctype ?? undefined,
          orderDate: rec?.orderDate ?? undefined,
          orderMoney: rec?.orderMoney ?? undefined,
          content: rec?.content ?? undefined,
        });
        setCustomerRows(rowsOf<JeecgOrderCustomer>(cs));
        setTicketRows(rowsOf<JeecgOrderTicket>(ts));
      })
      .catch(() => {
        // shown by the http client
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [state, form]);

  /** the rows of one table, validated; on an error its tab comes to the front and the promise rejects */
  const valuesOf = async (key: TabKey): Promise<JVxeRow[]> => {
    const api = (key === 'customer' ? customers : tickets).current;
    if (!api) return [];
    try {
      return await api.getValues({ validate: true });
    } catch (e) {
      setTab(key);
      feedback.message.warning(`${key === 'customer' ? '客户信息' : '机票信息'}${describeError(e)}`);
      throw e;
    }
  };

  const submit = async () => {
    let main: Record<string, unknown>;
    try {
      main = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...(await form.validateFields()) };
    } catch {
      return; // the form shows its messages
    }
    let cs: JVxeRow[];
    let ts: JVxeRow[];
    try {
      cs = await valuesOf('customer');
      ts = await valuesOf('ticket');
    } catch {
      return; // the invalid cell shows its message; nothing is sent
    }
    setSaving(true);
    try {
      const res = await saveOrder(orderBody(main, cs, ts, id) as never);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message);
      onSaved();
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <KitModal
      title={mode === 'edit' ? '编辑' : '新增'}
      open={!!state}
      width={1200}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
    >
      <Spin spinning={loading}>
        {/* Esc inside a sub-table cancels the cell edit and must not close the dialog; the form row's gutter must
            not make the dialog body scroll sideways when a right-hand field is focused */}
        <div data-testid="order-editor" style={{ overflowX: 'clip' }} onKeyDown={stopTableEscape}>
          <SchemaForm form={form} fields={ORDER_FORM} ctx={ctx} name="jeecg-order" labelSpan={3} />
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as TabKey)}
            items={[
              {
                key: 'customer',
                label: '客户信息',
                forceRender: true,
                children: (
                  <div data-testid="order-customers">
                    <JVxeTable
                      ref={customers}
                      columns={CUSTOMER_COLUMNS}
                      dataSource={customerRows}
                      rowNumber
                      rowSelection
                      toolbar
                      maxHeight={300}
                    />
                  </div>
                ),
              },
              {
                key: 'ticket',
                label: '机票信息',
                forceRender: true,
                children: (
                  <div data-testid="order-tickets">
                    <JVxeTable
                      ref={tickets}
                      columns={TICKET_COLUMNS}
                      dataSource={ticketRows}
                      rowNumber
                      rowSelection
                      toolbar
                      maxHeight={300}
                    />
                  </div>
                ),
              },
            ]}
          />
        </div>
      </Spin>
    </KitModal>
  );
}
