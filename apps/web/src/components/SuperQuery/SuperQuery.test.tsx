// The builder's value widgets for table-dictionary, search-select and popup fields (spec 02 §3 Condition, §9): each
// renders the console's own widget, the picked value goes into superQueryParams, and a saved query restores into the
// same widget. fetch answers the way /sys/dict/*, /online/cgreport/api/* and /sys/superQuery/list answer.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import type { SavedSuperQuery } from '../../api/super-query';
import { useDictStore } from '../../stores/dict';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { clearDictMemo } from '../JDictSelectTag';
import { clearPopupCache } from '../JPopup';
import type { PageSchema, Row } from '../kit/types';
import { installMatchMedia } from '../list/test-dom';
import { encodeSuperQueryParams } from './logic';
import SuperQuery from './SuperQuery';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });

const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });
const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn() },
  notification: { error: vi.fn() },
  modal: { error: vi.fn(), confirm: vi.fn() },
};
const DICT = 'sys_user,realname,username';
const USERS = [
  { value: 'admin', text: '管理员' },
  { value: 'jeecg', text: '张三' },
];
let calls: URL[];
let saved: SavedSuperQuery[];

const schema = {
  name: 'sq-widgets',
  urls: {},
  columns: [],
  superQuery: [
    { field: 'owner', label: '负责人', dictCode: DICT },
    { field: 'buyer', label: '采购人', type: 'sel_search', dictCode: DICT },
    {
      field: 'pop',
      label: '用户弹框',
      type: 'popup',
      popup: { code: 'report_user', orgFields: 'username', destFields: 'pop' },
    },
  ],
} as unknown as PageSchema<Row>;

beforeEach(() => {
  calls = [];
  saved = [];
  for (const f of [fb.message.warning, fb.message.error]) f.mockClear();
  resetHttpState();
  clearDictMemo();
  clearPopupCache();
  useDictStore.getState().clear();
  localStorage.clear();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      const p = decodeURI(u.pathname);
      let body: unknown = { success: false, code: 500, message: `unexpected ${p}`, result: null };
      if (p.endsWith('/sys/superQuery/list')) body = ok(saved);
      if (p.endsWith(`/sys/dict/getDictItems/${DICT}`)) body = ok(USERS);
      if (p.endsWith(`/sys/dict/loadDict/${DICT}`)) {
        const kw = u.searchParams.get('keyword') ?? '';
        body = ok(USERS.filter((o) => o.text.includes(kw) || o.value.includes(kw)));
      }
      if (p.endsWith(`/sys/dict/loadDictItem/${DICT}`)) {
        const keys = (u.searchParams.get('key') ?? '').split(',');
        body = ok(keys.map((k) => USERS.find((o) => o.value === k)?.text ?? k));
      }
      if (p.endsWith('/getRpColumns/report_user'))
        body = ok({
          cgRpConfigId: 'h1',
          cgRpConfigName: '用户选择',
          columns: [
            { title: '账号', dataIndex: 'username' },
            { title: '姓名', dataIndex: 'realname' },
          ],
          dictOptions: {},
        });
      if (p.endsWith('/getQueryInfo/h1')) body = ok([]);
      if (p.endsWith('/getData/h1'))
        body = ok({ records: USERS.map((o) => ({ username: o.value, realname: o.text })), total: 2 });
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const builder = () => document.querySelector('[data-testid="super-query-panel"]') as HTMLElement;
const valueCell = (i = 0) => builder().querySelectorAll<HTMLElement>('[data-testid="super-query-value"]')[i];

/** opens an antd select by its combobox and clicks the option with that text */
async function pick(combobox: HTMLElement, text: string) {
  fireEvent.mouseDown(combobox);
  const opt = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === text && o.closest('.ant-select-dropdown-hidden') === null,
    );
    if (!hit) throw new Error(`no option ${text}`);
    return hit;
  });
  fireEvent.click(opt);
}

async function open(onSearch = vi.fn()) {
  render(<SuperQuery schema={schema} onSearch={onSearch} />);
  fireEvent.click(screen.getByTestId('super-query-button'));
  await waitFor(() => expect(builder()).toBeTruthy());
  return onSearch;
}

const search = () =>
  fireEvent.click(
    within(document.querySelector('.ant-modal') as HTMLElement).getByRole('button', { name: /^查\s*询$/ }),
  );

describe('高级查询 value widgets', () => {
  it('a table-dictionary field: a select of its dictionary items (getDictItems table,text,code) → superQueryParams', async () => {
    const onSearch = await open();
    await pick(screen.getByLabelText('字段1'), '负责人');
    expect(valueCell().querySelector('input:not([role="combobox"])')).toBeNull();
    await pick(within(valueCell()).getByRole('combobox'), '张三');
    expect(calls.some((u) => decodeURI(u.pathname).endsWith(`/getDictItems/${DICT}`))).toBe(true);
    search();
    const q = onSearch.mock.calls.at(-1)?.[0];
    expect(q).toEqual({
      params: [
        {
          field: 'owner',
          rule: 'eq',
          val: 'jeecg',
          type: 'dict',
          dictTable: 'sys_user',
          dictText: 'realname',
          dictCode: 'username',
        },
      ],
      matchType: 'and',
    });
    expect(JSON.parse(decodeURI(encodeSuperQueryParams(q.params)))[0].val).toBe('jeecg');

    // 在...中: several of the items, comma joined
    onSearch.mockClear();
    fireEvent.click(screen.getByTestId('super-query-button'));
    await pick(screen.getByLabelText('规则1'), '在...中');
    await pick(within(valueCell()).getByRole('combobox'), '管理员');
    search();
    expect(onSearch.mock.calls.at(-1)?.[0].params[0]).toMatchObject({ rule: 'in', val: 'jeecg,admin' });
  });

  it('a search-select field: a searchable remote select (loadDict with the keyword) → superQueryParams', async () => {
    const onSearch = await open();
    await pick(screen.getByLabelText('字段1'), '采购人');
    const box = within(valueCell()).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '张' } });
    await waitFor(
      () =>
        expect(
          calls.some(
            (u) => decodeURI(u.pathname).endsWith(`/loadDict/${DICT}`) && u.searchParams.get('keyword') === '张',
          ),
        ).toBe(true),
      { timeout: 3000 },
    );
    await pick(box, '张三');
    search();
    expect(onSearch.mock.calls.at(-1)?.[0].params).toEqual([
      {
        field: 'buyer',
        rule: 'eq',
        val: 'jeecg',
        type: 'sel_search',
        dictTable: 'sys_user',
        dictText: 'realname',
        dictCode: 'username',
      },
    ]);
  });

  it('a popup field: the report picker; the picked row’s column goes into superQueryParams', async () => {
    const onSearch = await open();
    await pick(screen.getByLabelText('字段1'), '用户弹框');
    const text = await waitFor(() => {
      const el = valueCell().querySelector<HTMLInputElement>('input[readonly]');
      if (!el) throw new Error('no picker yet');
      return el;
    });
    fireEvent.click(text);
    await screen.findByText('用户选择');
    fireEvent.click(await screen.findByText('张三'));
    const picker = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find((m) =>
      m.textContent?.includes('用户选择'),
    );
    fireEvent.click(within(picker as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(valueCell().querySelector<HTMLInputElement>('input[readonly]')?.value).toBe('jeecg'));
    search();
    expect(onSearch.mock.calls.at(-1)?.[0].params).toEqual([{ field: 'pop', rule: 'eq', val: 'jeecg', type: 'popup' }]);
  });

  it('a page’s fuller field list (loadFields, e.g. an online form’s popup config) is asked once the builder opens', async () => {
    const plain = { ...schema, superQuery: [{ field: 'pop', label: '用户弹框' }] } as unknown as PageSchema<Row>;
    const loadFields = vi.fn(async () => [
      {
        field: 'pop',
        label: '用户弹框',
        type: 'popup' as const,
        popup: { code: 'report_user', orgFields: 'username', destFields: 'pop' },
      },
    ]);
    render(<SuperQuery schema={plain} onSearch={vi.fn()} loadFields={loadFields} />);
    expect(loadFields).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('super-query-button'));
    await waitFor(() => expect(loadFields).toHaveBeenCalledTimes(1));
    await pick(screen.getByLabelText('字段1'), '用户弹框');
    await waitFor(() => expect(valueCell().querySelector('input[readonly]')).toBeTruthy());
  });

  it('a saved query restores each condition into its widget', async () => {
    saved = [
      {
        id: 's1',
        title: '三种字段',
        matchType: 'or',
        records: [
          {
            field: 'owner',
            rule: 'eq',
            val: 'admin',
            type: 'dict',
            dictTable: 'sys_user',
            dictText: 'realname',
            dictCode: 'username',
          },
          {
            field: 'buyer',
            rule: 'eq',
            val: 'jeecg',
            type: 'sel_search',
            dictTable: 'sys_user',
            dictText: 'realname',
            dictCode: 'username',
          },
          { field: 'pop', rule: 'in', val: 'admin,jeecg', type: 'popup' },
        ],
      },
    ];
    const onSearch = await open();
    fireEvent.click(await screen.findByRole('button', { name: '三种字段' }));
    expect(onSearch.mock.calls.at(-1)?.[0]).toEqual({ params: saved[0].records, matchType: 'or' });
    fireEvent.click(screen.getByTestId('super-query-button'));
    // the dictionary select and the search select show the items' texts, the popup its picked values
    await waitFor(() => expect(valueCell(0).textContent).toContain('管理员'));
    await waitFor(() => expect(valueCell(1).textContent).toContain('张三'));
    await waitFor(() =>
      expect(valueCell(2).querySelector<HTMLInputElement>('input[readonly]')?.value).toBe('admin,jeecg'),
    );
  });
});
