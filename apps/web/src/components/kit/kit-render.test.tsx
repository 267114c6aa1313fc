import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { json, mockApi } from '../../test/mock-api';
import { CrudPage } from './CrudPage';
import { SchemaForm } from './SchemaForm';
import { definePage, type FormFieldSchema, type Row } from './types';
import { lazyWidget, registerWidget, renderWidget, WIDGETS, widgetDef } from './widgets';

vi.setConfig({ testTimeout: 30_000 });
const rows = [
  {
    id: 'p1',
    code: 'ceo',
    name: '总经理',
    postRank: '1',
    postRank_dictText: '正职',
    createTime: '2024-01-01 10:00:00',
  },
  {
    id: 'p2',
    code: 'cto',
    name: '技术总监',
    postRank: '2',
    postRank_dictText: '副职',
    createTime: '2024-01-02 10:00:00',
  },
];

const api = mockApi({
  signedIn: true,
  route: ({ path }) => {
    if (path.endsWith('/list')) return json({ records: rows, total: 2 });
    if (path.includes('getDictItems')) return json([{ value: '1', text: '正职' }]);
    if (path.endsWith('/add')) return json(null, { message: '添加成功！' });
    return undefined;
  },
});
const { calls, fb } = api;

describe('schema → widget registry', () => {
  it('maps names to components; unknown names are a declaration error', () => {
    expect(widgetDef('input').component).toBe(WIDGETS.input.component);
    expect(() => widgetDef('no-such-widget')).toThrow(/unknown widget/);
  });

  it('renders the widget with a placeholder from the label (请输入 / 请选择)', () => {
    render(
      <Form>
        <Form.Item name="a">{renderWidget({ widget: 'input', label: '名称' })}</Form.Item>
        <Form.Item name="b">{renderWidget({ widget: 'textarea', label: '备注' })}</Form.Item>
      </Form>,
    );
    expect(screen.getByPlaceholderText('请输入名称').tagName).toBe('INPUT');
    expect(screen.getByPlaceholderText('请输入备注').tagName).toBe('TEXTAREA');
  });

  it('a new widget joins with one line', () => {
    registerWidget('stars', { component: ({ value }: { value?: string }) => <b data-testid="stars">{value}</b> });
    render(
      <Form initialValues={{ s: '★★' }}>
        <Form.Item name="s">{renderWidget({ widget: 'stars' })}</Form.Item>
      </Form>,
    );
    expect(screen.getByTestId('stars').textContent).toBe('★★');
  });

  it('a form with a widget loaded on first use shows one spinner, then every field with the values set meanwhile', async () => {
    let arrive!: (m: { default: (p: { value?: string; id?: string }) => ReactElement }) => void;
    const slow = lazyWidget(() => new Promise<Parameters<typeof arrive>[0]>((r) => (arrive = r)));
    registerWidget('slow-stars', { component: slow });
    let form!: ReturnType<typeof Form.useForm>[0];
    function H() {
      [form] = Form.useForm();
      return (
        <SchemaForm
          form={form}
          fields={[
            { field: 'name', label: '名称' },
            { field: 'stars', label: '星级', widget: 'slow-stars' },
          ]}
          ctx={{ record: null, mode: 'add', fixed: {} }}
        />
      );
    }
    render(<H />);
    expect(screen.getByTestId('kit-form-loading')).toBeTruthy();
    expect(screen.queryByLabelText('名称')).toBeNull();
    act(() => form.setFieldsValue({ name: '甲', stars: '★★★' }));
    await act(async () => arrive({ default: ({ value, id }) => <b id={id}>{value}</b> }));
    expect(((await screen.findByLabelText('名称')) as HTMLInputElement).value).toBe('甲');
    expect(screen.getByText('★★★')).toBeTruthy();
    expect(screen.queryByTestId('kit-form-loading')).toBeNull();
    // once loaded, a new form draws at once
    cleanup();
    render(<H />);
    expect(screen.getByLabelText('名称')).toBeTruthy();
    expect(slow.isLoaded()).toBe(true);
  });

  it('switch stores its declared on / off values; in a query form it is a 是 / 否 select', () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function F() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ s: 0 }}>
          <Form.Item name="s">{renderWidget({ widget: 'switch', props: { options: [1, 0] } })}</Form.Item>
          <Form.Item name="q">{renderWidget({ widget: 'switch', label: '启用', query: true })}</Form.Item>
        </Form>
      );
    }
    render(<F />);
    const sw = screen.getByRole('switch');
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(form.getFieldValue('s')).toBe(1);
    expect(screen.getByText('请选择启用')).toBeTruthy();
  });
});

describe('SchemaForm', () => {
  const fields: FormFieldSchema<Row>[] = [
    {
      field: 'kind',
      label: '类型',
      widget: 'radio',
      props: {
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
    },
    { field: 'name', label: '名称', required: true },
    { field: 'url', label: '地址', rules: ['url'], show: (v) => v.kind === 'b' },
    { field: 'code', label: '编码', readOnly: (_v, c) => c.mode === 'edit' },
  ];
  function Harness({ mode }: { mode: 'add' | 'edit' }) {
    const [form] = Form.useForm();
    return (
      <>
        <SchemaForm form={form} fields={fields} ctx={{ record: null, mode, fixed: {} }} name="t" />
        <Button onClick={() => void form.validateFields().catch(() => undefined)}>check</Button>
      </>
    );
  }

  it('required message, visibility and read-only conditions', async () => {
    const { unmount } = render(<Harness mode="add" />);
    expect(screen.queryByLabelText('地址')).toBeNull();
    fireEvent.click(screen.getByText('check'));
    expect(await screen.findByText('请输入名称!')).toBeTruthy();
    fireEvent.click(screen.getByText('B'));
    const url = await screen.findByLabelText('地址');
    fireEvent.change(url, { target: { value: 'nope' } });
    expect(await screen.findByText('请输入正确的网址')).toBeTruthy();
    expect((screen.getByLabelText('编码') as HTMLInputElement).disabled).toBe(false);
    unmount();
    render(<Harness mode="edit" />);
    expect((screen.getByLabelText('编码') as HTMLInputElement).disabled).toBe(true);
  });
});

const page = definePage<(typeof rows)[number]>({
  name: 'position',
  auth: 'position',
  urls: {
    list: '/sys/position/list',
    add: '/sys/position/add',
    edit: '/sys/position/edit',
    delete: '/sys/position/delete',
    deleteBatch: '/sys/position/deleteBatch',
    exportXls: '/sys/position/exportXls',
  },
  columns: [
    { field: 'code', title: '职务编码', sorter: true },
    { field: 'name', title: '职务名称' },
    { field: 'postRank', title: '职级', type: 'dict', dictCode: 'position_rank' },
  ],
  query: [
    { field: 'name', label: '职务名称', rule: 'like' },
    { field: 'code', label: '职务编码', rule: 'like' },
  ],
  form: [
    { field: 'code', label: '职务编码', required: true },
    { field: 'name', label: '职务名称', required: true },
  ],
});

describe('CrudPage', () => {
  const listCalls = () => calls.filter((c) => c.url.pathname.endsWith('/list'));

  it('renders the declared columns, dictionary texts and the wrapped query', async () => {
    useSession.setState({ auth: [{ action: 'position:add,position:edit,position:delete', type: '1', describe: '' }] });
    render(<CrudPage schema={page} />);
    const table = await screen.findByTestId('position-table');
    await within(table).findByText('技术总监');
    expect(within(table).getByText('副职')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入职务名称'), { target: { value: ' 总 ' } });
    fireEvent.click(screen.getByText(/^查\s*询$/).closest('button') as HTMLButtonElement);
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    const q = listCalls()[1].url.searchParams;
    expect(q.get('name')).toBe('*总*');
    expect(q.get('code')).toBeNull();
    expect(q.get('pageNo')).toBe('1');
  });

  it('hides what the permissions deny: no 新增 / 导出 / row links without codes', async () => {
    render(<CrudPage schema={page} />);
    await screen.findByText('技术总监');
    expect(screen.queryByText(/^新\s*增$/)).toBeNull();
    expect(screen.queryByText(/^导\s*出$/)).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('新增 opens the editor; the form posts the declared fields and reloads', async () => {
    useSession.setState({ auth: [{ action: 'position:add', type: '1', describe: '' }] });
    render(<CrudPage schema={page} />);
    await screen.findByText('技术总监');
    fireEvent.click(screen.getByText(/^新\s*增$/).closest('button') as HTMLButtonElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('职务编码'), { target: { value: ' cfo ' } });
    fireEvent.change(within(dialog).getByLabelText('职务名称'), { target: { value: '财务总监' } });
    await act(async () => {
      fireEvent.click(
        within(dialog)
          .getByText(/^确\s*定$/)
          .closest('button') as HTMLButtonElement,
      );
    });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/add'))).toBe(true));
    const add = calls.find((c) => c.url.pathname.endsWith('/add'));
    expect(add?.method).toBe('POST');
    expect(add?.body).toEqual({ code: 'cfo', name: '财务总监' });
    await waitFor(() => expect(fb.message.success).toHaveBeenCalledWith('添加成功！'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});

describe('SchemaForm numbers', () => {
  it('a required number field accepts a number (antd checks it as a value, not a string)', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function H() {
      [form] = Form.useForm();
      return (
        <SchemaForm
          form={form}
          fields={[
            {
              field: 'id',
              label: '编号',
              widget: 'number',
              required: true,
              rules: [{ type: 'integer', min: 1, message: '须为正整数' }],
            },
          ]}
          ctx={{ record: null, mode: 'add', fixed: {} }}
        />
      );
    }
    render(<H />);
    const input = await screen.findByLabelText('编号'); // widgets may load on first use
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '12' } });
    fireEvent.blur(input);
    await act(async () => {
      await expect(form.validateFields()).resolves.toEqual({ id: 12 });
    });
  });
});
