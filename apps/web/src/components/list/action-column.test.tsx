import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTION_CELL_CLASS, actionColumn, PHONE_ACTION_COLUMN_WIDTH, useActionColumn } from './action-column';
import { installMatchMedia } from './test-dom';

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

type R = { id: string; name: string };
const rows: R[] = [
  { id: '1', name: 'a' },
  { id: '2', name: 'b' },
];
const links = (r: R, i: number) =>
  i === 0 ? null : { actions: [{ key: 'edit', label: '编辑', onClick: () => undefined }], more: [{ label: r.name }] };

function table(phone: boolean) {
  return (
    <Table<R>
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: '名称', dataIndex: 'name' },
        actionColumn<R>(phone, { width: 200, links, empty: () => '初始版本' }),
      ]}
    />
  );
}

describe('actionColumn (issue 29: row actions of a table of its own within reach on a phone)', () => {
  it('on a phone: a narrow column fixed at the right edge, the actions in one ⋯ menu', () => {
    const col = actionColumn<R>(true, { width: 200, links });
    expect(col).toMatchObject({
      title: '操作',
      fixed: 'right',
      width: PHONE_ACTION_COLUMN_WIDTH,
      className: ACTION_CELL_CLASS,
    });
    render(table(true));
    expect(screen.getAllByLabelText('操作')).toHaveLength(1);
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.getByText('初始版本')).toBeTruthy();
  });

  it('on a wider screen: the page width, fixed only when asked, the links as before', () => {
    expect(actionColumn<R>(false, { width: 200, links })).toMatchObject({ width: 200, fixed: undefined });
    expect(actionColumn<R>(false, { links, fixed: true }).fixed).toBe('right');
    render(table(false));
    expect(screen.getByText('编辑')).toBeTruthy();
    expect(screen.getByText('更多')).toBeTruthy();
    expect(screen.queryByLabelText('操作')).toBeNull();
  });

  it('useActionColumn gives a table without a horizontal scroll one on a phone only', () => {
    const wide = renderHook(() => useActionColumn());
    expect(wide.result.current.phone).toBe(false);
    expect(wide.result.current.scroll({ y: 400 })).toEqual({ y: 400 });
    expect(wide.result.current.scroll()).toBeUndefined();

    const real = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...real(query),
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as typeof window.matchMedia;
    try {
      const phone = renderHook(() => useActionColumn());
      expect(phone.result.current.phone).toBe(true);
      expect(phone.result.current.scroll({ y: 400 })).toEqual({ y: 400, x: 'max-content' });
      expect(phone.result.current.scroll({ x: 900 })).toEqual({ x: 900 });
      expect(phone.result.current.column<R>({ links }).width).toBe(PHONE_ACTION_COLUMN_WIDTH);
    } finally {
      window.matchMedia = real;
    }
  });
});
