// Tree rows inside the real JVxeTable (treeConfig): placeholder while loading, children below their parent, leaf
// on an empty answer, placeholder never in the values; and a file cell inside the table saving only its path.
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../../utils/feedback';
import { JVxeTable } from '../index';
import type { JVxeColumn, JVxeRow, JVxeTableApi } from '../types';

afterEach(cleanup);

const COLUMNS: JVxeColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'attach', title: '附件', type: 'file' },
];

describe('JVxeTable with treeConfig', () => {
  it('expanding loads children under the row; empty answer → leaf; getValues skips the placeholder', async () => {
    const waiting: Record<string, (rows: unknown) => void> = {};
    const loadChildren = vi.fn(
      (row: JVxeRow) =>
        new Promise<JVxeRow[]>((resolve) => {
          waiting[String(row.id)] = resolve as (rows: unknown) => void;
        }),
    );
    const ref = createRef<JVxeTableApi>();
    const { container } = render(
      <JVxeTable
        ref={ref}
        columns={COLUMNS}
        dataSource={[
          { id: 'p', name: '父', hasChildren: true, attach: 'temp/a/合同.pdf' },
          { id: 'q', name: '单' },
        ]}
        treeConfig={{ lazy: true, hasChildField: 'hasChildren', loadChildren }}
      />,
    );
    const rowIds = () => [...container.querySelectorAll('.jvxe-row')].map((r) => r.getAttribute('data-row-id'));
    expect(rowIds()).toEqual(['p', 'q']);
    // the loaded path shows its file name; the output keeps only the path
    expect(container.textContent).toContain('合同.pdf');
    const toggle = container.querySelector('.jvxe-row[data-row-id="p"] .jvxe-tree-toggle') as HTMLButtonElement;
    expect(toggle).toBeTruthy();
    expect(container.querySelector('.jvxe-row[data-row-id="q"] .jvxe-tree-toggle')).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(rowIds()).toEqual(['p', 'p__loading', 'q']));
    expect(container.textContent).toContain('loading...');
    const during = await ref.current?.getValues({ validate: false });
    expect(during?.map((r) => r.id)).toEqual(['p', 'q']);
    await act(async () => waiting.p([{ id: 'c1', name: '子', hasChildren: '1' }]));
    await waitFor(() => expect(rowIds()).toEqual(['p', 'c1', 'q']));
    expect(container.textContent).not.toContain('loading...');
    const values = await ref.current?.getValues({ validate: false });
    expect(values?.find((r) => r.id === 'p')?.attach).toBe('temp/a/合同.pdf');
    // the child has children per its flag; none come back: it becomes a leaf
    fireEvent.click(container.querySelector('.jvxe-row[data-row-id="c1"] .jvxe-tree-toggle') as HTMLButtonElement);
    await act(async () => waiting.c1([]));
    await waitFor(() => expect(container.querySelector('.jvxe-row[data-row-id="c1"] .jvxe-tree-toggle')).toBeNull());
    expect(rowIds()).toEqual(['p', 'c1', 'q']);
  });

  it('an unrecognised answer shows 返回数据类型不识别', async () => {
    const error = vi.fn();
    bindFeedback({ message: { error, warning: vi.fn() }, notification: {}, modal: {} } as unknown as Feedback);
    const { container } = render(
      <JVxeTable
        columns={COLUMNS}
        dataSource={[{ id: 'p', name: '父', hasChildren: 1 }]}
        treeConfig={{ lazy: true, loadChildren: async () => ({ data: [] }) as unknown as JVxeRow[] }}
      />,
    );
    fireEvent.click(container.querySelector('.jvxe-tree-toggle') as HTMLButtonElement);
    await waitFor(() => expect(error).toHaveBeenCalledWith('返回数据类型不识别'));
  });
});
