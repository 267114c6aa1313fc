import { act, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { JVxeTable } from './JVxeTable';
import type { JVxeColumn, JVxeRow, JVxeTableApi } from './types';

const COLUMNS: JVxeColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'num', title: '数量', type: 'inputNumber', statistics: ['sum'] },
  { key: 'ro', title: '只读', type: 'normal' },
];

const DATA = [
  { id: '1', name: '甲', num: 1, ro: 'r1' },
  { id: '2', name: '乙', num: 2, ro: 'r2' },
];

function setup(extra: Partial<React.ComponentProps<typeof JVxeTable>> = {}) {
  const ref = createRef<JVxeTableApi>();
  const onValueChange = vi.fn();
  const utils = render(
    <JVxeTable ref={ref} columns={COLUMNS} dataSource={DATA} statistics onValueChange={onValueChange} {...extra} />,
  );
  const cell = (id: string, key: string) =>
    utils.container.querySelector(`.jvxe-row[data-row-id="${id}"] .jvxe-cell[data-key="${key}"]`) as HTMLElement;
  const grid = utils.container.querySelector('.jvxe-scroll') as HTMLElement;
  return { ...utils, ref, cell, grid, onValueChange };
}

describe('JVxeTable', () => {
  it('renders rows as light text; no editor until a cell is clicked', () => {
    const { cell, container } = setup();
    expect(cell('1', 'name').textContent).toBe('甲');
    expect(container.querySelectorAll('input.ant-input')).toHaveLength(0);
    expect(container.querySelector('.jvxe-stat')?.textContent).toContain('3');
  });

  it('click opens one editor; typing keeps a draft; Enter commits, validates and moves down', async () => {
    const { cell, container, ref, onValueChange } = setup();
    fireEvent.click(cell('1', 'num'));
    const input = cell('1', 'num').querySelector('input') as HTMLInputElement;
    expect(input).toBeTruthy();
    expect(container.querySelectorAll('input.ant-input')).toHaveLength(1);
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(ref.current?.getCell('1', 'num')).toBe(1);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(ref.current?.getCell('1', 'num')).toBe(12.5);
    expect(onValueChange).toHaveBeenCalledWith(expect.objectContaining({ key: 'num', value: 12.5, oldValue: 1 }));
    expect(cell('2', 'num').className).toContain('jvxe-active');
    expect(container.querySelector('.jvxe-stat')?.textContent).toContain('14.5');
  });

  it('number editor refuses letters; Esc cancels the draft', () => {
    const { cell, ref } = setup();
    fireEvent.click(cell('2', 'num'));
    const input = cell('2', 'num').querySelector('input') as HTMLInputElement;
    input.setSelectionRange(1, 1);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '.' })).toBe(true);
    fireEvent.change(input, { target: { value: '1-' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(ref.current?.getCell('2', 'num')).toBe(2);
    fireEvent.click(cell('2', 'num'));
    fireEvent.change(cell('2', 'num').querySelector('input') as HTMLInputElement, { target: { value: '7' } });
    fireEvent.keyDown(cell('2', 'num').querySelector('input') as HTMLInputElement, { key: 'Escape' });
    expect(ref.current?.getCell('2', 'num')).toBe(2);
    expect(cell('2', 'num').querySelector('input')).toBeNull();
  });

  it('a number draft is checked as the number it will be stored as: "12." on the way to "12.5" shows no message', async () => {
    // jsdom has no ResizeObserver; the tooltip's aligner asks for one
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const columns: JVxeColumn[] = [
      { key: 'price', title: '单价', type: 'inputNumber', validateRules: [{ pattern: 'money' }] },
    ];
    const { container } = render(<JVxeTable columns={columns} dataSource={[{ id: '1', price: 1 }]} />);
    fireEvent.click(container.querySelector('.jvxe-cell[data-key="price"]') as HTMLElement);
    const input = container.querySelector('.jvxe-editor input') as HTMLInputElement;
    const editor = () => container.querySelector('.jvxe-editor') as HTMLElement;
    fireEvent.change(input, { target: { value: '12.' } });
    expect(editor().className).not.toContain('jvxe-editor-invalid');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(editor().className).not.toContain('jvxe-editor-invalid');
    fireEvent.change(input, { target: { value: '12.345' } });
    expect(editor().className).toContain('jvxe-editor-invalid');
    // the message shows at once, without the zoom motion antd tooltips open with
    const tip = await vi.waitFor(() => {
      const el = document.querySelector('.ant-tooltip') as HTMLElement;
      expect(el?.textContent).toBe('单价必须是金额');
      return el;
    });
    expect(tip.className).not.toMatch(/zoom/);
    vi.unstubAllGlobals();
  });

  it('Esc inside an editor does not reach a surrounding modal (its React key handler would close it)', () => {
    const outer = vi.fn();
    const { container } = render(
      <div onKeyDown={outer}>
        <JVxeTable columns={COLUMNS} dataSource={DATA} />
      </div>,
    );
    const cellEl = () =>
      container.querySelector('.jvxe-row[data-row-id="1"] .jvxe-cell[data-key="name"]') as HTMLElement;
    fireEvent.click(cellEl());
    fireEvent.keyDown(cellEl().querySelector('input') as HTMLInputElement, { key: 'Escape' });
    expect(cellEl().querySelector('input')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
  });

  it('Tab moves to the next editable cell (read-only skipped, wrapping rows) and opens its editor', () => {
    const { cell, ref } = setup();
    fireEvent.click(cell('1', 'num'));
    const input = cell('1', 'num').querySelector('input') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(cell('2', 'name').querySelector('input')).toBeTruthy();
    fireEvent.keyDown(cell('2', 'name').querySelector('input') as HTMLInputElement, { key: 'Tab', shiftKey: true });
    expect(cell('1', 'num').querySelector('input')).toBeTruthy();
    expect(ref.current?.getCell('2', 'name')).toBe('乙');
  });

  it('arrow keys move the active cell, a typed character opens the editor with it', () => {
    const { cell, grid, ref } = setup();
    fireEvent.click(cell('1', 'ro'));
    expect(cell('1', 'ro').className).toContain('jvxe-active');
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(cell('2', 'name').className).toContain('jvxe-active');
    fireEvent.keyDown(grid, { key: 'x' });
    const input = cell('2', 'name').querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('x');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(ref.current?.getCell('2', 'name')).toBe('x');
  });

  it('getValues rejects with the first error and marks the cell; temp ids stripped; deleted ids', async () => {
    const { ref, cell } = setup();
    let added: ReturnType<JVxeTableApi['addRows']> = [];
    act(() => {
      added = ref.current?.addRows(1, { index: 0 }) ?? [];
    });
    expect(ref.current?.isTempId(added[0]?.id)).toBe(true);
    await act(async () => {
      await expect(ref.current?.getValues()).rejects.toMatchObject({
        rowIndex: 0,
        key: 'name',
        message: '名称不能为空',
      });
    });
    const id = String(added[0]?.id);
    expect(cell(id, 'name').className).toContain('jvxe-invalid');
    expect(cell(id, 'name').getAttribute('data-err')).toBe('名称不能为空');
    // the failing cell is selected, so its message shows without hovering
    expect(cell(id, 'name').className).toContain('jvxe-active');
    act(() => ref.current?.setCell(id, 'name', '丙'));
    let rows: unknown[] = [];
    await act(async () => {
      rows = (await ref.current?.getValues()) ?? [];
    });
    expect(rows).toHaveLength(3);
    expect(rows[0]).not.toHaveProperty('id');
    await act(async () => {
      await ref.current?.removeRows([id, '1']);
    });
    expect(ref.current?.getDeletedIds()).toEqual(['1']);
  });

  it('saved rows go through asyncRemove; a refusal keeps them', async () => {
    const asyncRemove = vi.fn(async () => false);
    const { ref } = setup({ asyncRemove });
    await act(async () => {
      expect(await ref.current?.removeRows(['1'])).toBe(false);
    });
    expect(asyncRemove).toHaveBeenCalled();
    expect(ref.current?.getTableData()).toHaveLength(2);
    expect(ref.current?.getDeletedIds()).toEqual([]);
  });

  it('selection column and clear selection', () => {
    const onSelectionChange = vi.fn();
    const { container, ref } = setup({ rowSelection: true, onSelectionChange });
    const boxes = container.querySelectorAll('.jvxe-body input[type="checkbox"]');
    fireEvent.click(boxes[1] as Element);
    expect(ref.current?.getSelectedIds()).toEqual(['2']);
    expect(onSelectionChange).toHaveBeenLastCalledWith(expect.objectContaining({ selectedIds: ['2'] }));
    act(() => ref.current?.clearSelection());
    expect(ref.current?.getSelectedIds()).toEqual([]);
  });

  it('paste of tab-separated text at the active cell', () => {
    const { cell, grid, ref } = setup();
    fireEvent.click(cell('1', 'ro'));
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.paste(grid, { clipboardData: { getData: () => 'A\t5\tz\nB\tx\n' } });
    expect(ref.current?.getTableData().map((r) => [r.name, r.num, r.ro])).toEqual([
      ['A', 5, 'r1'],
      ['B', '', 'r2'],
    ]);
  });

  it('toolbar buttons hide only when their code is excluded under the prefix (add, batch_delete)', () => {
    const texts = (c: HTMLElement) =>
      [...c.querySelectorAll('.jvxe-toolbar button')].map((b) => b.textContent?.replace(/\s/g, ''));
    // codes configured nowhere: both buttons stay, whatever the user holds (spec 02 §6)
    useSession.setState({ auth: [], allAuth: [] });
    const plain = setup({ toolbar: true, authPre: 'demo:', rowSelection: true });
    expect(texts(plain.container)).toEqual(expect.arrayContaining(['新增', '删除']));
    plain.unmount();
    // both configured as active show/hide rules: the one the user holds stays, the other is excluded
    const rules = [
      { action: 'demo:add', type: '1', status: '1', describe: '' },
      { action: 'demo:batch_delete', type: '1', status: '1', describe: '' },
    ];
    useSession.setState({ auth: [{ action: 'demo:add', type: '1', describe: '' }], allAuth: rules });
    const one = setup({ toolbar: true, authPre: 'demo:', rowSelection: true });
    expect(texts(one.container)).toContain('新增');
    expect(texts(one.container)).not.toContain('删除');
    one.unmount();
    useSession.setState({ auth: [{ action: 'demo:batch_delete', type: '1', describe: '' }], allAuth: rules });
    const other = setup({ toolbar: true, authPre: 'demo:', rowSelection: true });
    expect(texts(other.container)).not.toContain('新增');
    expect(texts(other.container)).toContain('删除');
    other.unmount();
    // a rule switched off (status 0) excludes nothing
    useSession.setState({ auth: [], allAuth: rules.map((r) => ({ ...r, status: '0' })) });
    const off = setup({ toolbar: true, authPre: 'demo:', rowSelection: true });
    expect(texts(off.container)).toEqual(expect.arrayContaining(['新增', '删除']));
    useSession.setState({ auth: [], allAuth: [] });
  }, 20_000);

  it('toolbar add inserts the configured rows; a second click within 1.5 s is refused', () => {
    localStorage.setItem('jvxe-test-add', JSON.stringify({ count: 2, position: 1 }));
    const { container, ref } = setup({ toolbar: true, settingsKey: 'jvxe-test-add' });
    const add = [...container.querySelectorAll('.jvxe-toolbar button')].find((b) =>
      b.textContent?.replace(/\s/g, '').includes('新增'),
    ) as HTMLElement;
    fireEvent.click(add);
    let rows = ref.current?.getTableData() ?? [];
    expect(rows).toHaveLength(4);
    expect(ref.current?.isTempId(rows[0]?.id)).toBe(true);
    expect(ref.current?.isTempId(rows[1]?.id)).toBe(true);
    expect(rows[2]?.id).toBe('1');
    fireEvent.click(add);
    rows = ref.current?.getTableData() ?? [];
    expect(rows).toHaveLength(4);
  });

  it('a column sorter reorders the rows by header click', () => {
    const { container, ref } = setup({
      columns: [...COLUMNS.slice(0, 1), { ...(COLUMNS[1] as JVxeColumn), sorter: true }, ...COLUMNS.slice(2)],
    });
    const header = [...container.querySelectorAll('.jvxe-hcell')].find((h) => h.textContent?.includes('数量'));
    fireEvent.click(header as Element);
    fireEvent.click(header as Element);
    expect(ref.current?.getTableData().map((r) => r.id)).toEqual(['2', '1']);
  });

  it('tree rows: the toggle shows loading... then the children; edits survive collapse and expand', async () => {
    let release: (rows: unknown) => void = () => {};
    const loadChildren = vi.fn(() => new Promise<JVxeRow[]>((r) => (release = r as (rows: unknown) => void)));
    const { container, cell, ref } = setup({
      dataSource: [{ id: 'p', name: '父', num: 1, hasChildren: true }],
      treeConfig: { lazy: true, hasChildField: 'hasChildren', loadChildren },
    });
    const toggle = () => container.querySelector('.jvxe-tree-toggle') as HTMLElement;
    act(() => ref.current?.setCell('p', 'name', '父改'));
    fireEvent.click(toggle());
    expect(container.textContent).toContain('loading...');
    await act(async () => release([{ id: 'c1', name: '子', num: 2 }]));
    expect(cell('c1', 'name').textContent).toContain('子');
    fireEvent.click(toggle());
    expect(cell('c1', 'name')).toBeNull();
    expect(ref.current?.getCell('p', 'name')).toBe('父改');
  });

  it('expand column, slot column and radio selection', () => {
    const { container, ref, cell } = setup({
      columns: [...COLUMNS, { key: 'act', title: '操作', type: 'slot', slotName: 'act' }],
      slots: { act: ({ rowId }) => <a href={`#${rowId}`}>查看</a> },
      expand: (row) => <div className="sub">详情 {String(row.name)}</div>,
      rowSelection: true,
      rowSelectionType: 'radio',
    });
    expect(cell('1', 'act').querySelector('a')?.getAttribute('href')).toBe('#1');
    const radios = container.querySelectorAll('.jvxe-body input[type="radio"]');
    fireEvent.click(radios[0] as Element);
    fireEvent.click(radios[1] as Element);
    expect(ref.current?.getSelectedIds()).toEqual(['2']);
    fireEvent.click(container.querySelector('.jvxe-row[data-row-id="2"] .jvxe-expand') as Element);
    expect(container.querySelector('.sub')?.textContent).toBe('详情 乙');
  });

  it('Ctrl+C copies the active cell as text (option cells by their text)', () => {
    const { cell, grid } = setup({
      columns: [...COLUMNS, { key: 'sex', title: '性别', type: 'select', options: [{ value: '1', text: '男' }] }],
      dataSource: [{ id: '1', name: '甲', num: 1, ro: 'r', sex: '1' }],
    });
    fireEvent.click(cell('1', 'ro'));
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    let copied = '';
    fireEvent.copy(grid, { clipboardData: { setData: (_: string, v: string) => (copied = v) } });
    expect(copied).toBe('男');
  });
});
