import type { Result } from '@answer/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { installMatchMedia } from '../list/test-dom';
import { RecordForm } from './RecordForm';
import { TreePage, type TreePageSchema } from './TreePage';
import { definePage } from './types';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

interface Node {
  id: string;
  name: string;
  parentId?: string | null;
  children?: Node[];
}
const TREE: Node[] = [{ id: 'c1', name: '总公司', children: [{ id: 'd1', name: '市场部', parentId: 'c1' }] }];
const ok = <T,>(result: T): Result<T> => ({ success: true, message: '删除成功!', code: 200, result, timestamp: 0 });

const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
};

const schema = (over: Partial<TreePageSchema<Node>> = {}): TreePageSchema<Node> => ({
  name: 'org',
  auth: 'org',
  title: (n) => n.name,
  treeSpan: 10,
  load: vi.fn(async () => TREE),
  search: vi.fn(async () => ok([{ id: 'd1', name: '市场部' }])),
  remove: vi.fn(async () => ok(null)),
  add: {
    page: definePage<Node>({ name: 'org-add', urls: {}, columns: [], form: [{ field: 'parentName', label: '上级' }] }),
    init: (p) => ({ parentName: p?.name ?? '' }),
  },
  texts: {
    empty: '请先选择!',
    searchPlaceholder: '请输入名称',
    add: '添加机构',
    addChild: '添加下级',
    selectFirst: '请先选择一个机构！',
    checkFirst: '请勾选要删除的机构！',
    confirmOne: '删除此节点?',
    confirmMany: (n) => `删除 ${n} 个?`,
  },
  ...over,
});

const page = (s: TreePageSchema<Node>) =>
  render(
    <TreePage
      schema={s}
      tabs={(n, p) => [
        { key: 'info', label: '信息', children: <span data-testid="tab">{`${n.name}/${p.byId.size}`}</span> },
      ]}
    />,
  );

describe('TreePage (kit tree page)', () => {
  beforeEach(() => {
    bindFeedback(fb as unknown as Feedback);
    vi.clearAllMocks();
  });

  it('hides the buttons the user may not use, then shows the tabs of the selected node', async () => {
    useSession.setState({ auth: [], allAuth: [] });
    page(schema());
    await screen.findByText('市场部');
    expect(screen.queryByText('添加机构')).toBeNull();
    expect(screen.getByText('请先选择!')).toBeTruthy();
    fireEvent.click(screen.getByText('市场部'));
    expect(screen.getByTestId('tab').textContent).toBe('市场部/2');
    expect(screen.getByTestId('org-current').textContent).toBe('市场部');
  });

  it('asks for a selection before 添加下级 and a check before 删除; deletes after the confirm and reloads', async () => {
    useSession.setState({ auth: [{ action: 'org:add,org:delete,org:deleteBatch', type: '1', describe: '' }] });
    const s = schema();
    page(s);
    await screen.findByText('市场部');
    fireEvent.click(screen.getByText('添加下级'));
    expect(fb.message.warning).toHaveBeenCalledWith('请先选择一个机构！');
    fireEvent.click(screen.getByText('删除'));
    expect(fb.message.warning).toHaveBeenCalledWith('请勾选要删除的机构！');
    fireEvent.click(screen.getByText('总公司'));
    fireEvent.click(screen.getByText('添加下级'));
    expect(((await screen.findByLabelText('上级')) as HTMLInputElement).value).toBe('总公司');
    fireEvent.click(screen.getByRole('button', { name: /关\s?闭/ }));
    const boxes = document.querySelectorAll('.ant-tree-checkbox');
    fireEvent.click(boxes[0] as Element);
    fireEvent.click(screen.getByText('删除'));
    const confirm = fb.modal.confirm.mock.calls[0][0] as { content: string; onOk: () => Promise<void> };
    expect(confirm.content).toBe('删除 1 个?');
    await act(() => confirm.onOk());
    expect(s.remove).toHaveBeenCalledWith(['c1']);
    await waitFor(() => expect(s.load).toHaveBeenCalledTimes(2));
    expect(screen.getByText('请先选择!')).toBeTruthy();
  });

  it('shows the search result, and the whole tree again when the search is cleared', async () => {
    useSession.setState({ auth: [], allAuth: [] });
    const s = schema();
    page(s);
    await screen.findByText('总公司');
    const input = screen.getByPlaceholderText('请输入名称');
    fireEvent.change(input, { target: { value: '市场' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('总公司')).toBeNull());
    expect(s.search).toHaveBeenCalledWith('市场');
    fireEvent.change(input, { target: { value: '' } });
    await screen.findByText('总公司');
  });
});

describe('RecordForm (a loaded record on a page)', () => {
  const fields = [{ field: 'name', label: '名称', required: true }];
  it('saves the edited values with 保存 and goes back to the loaded ones with 重置', async () => {
    bindFeedback(fb as unknown as Feedback);
    const save = vi.fn(async () => ok(null));
    const onSaved = vi.fn();
    render(
      <RecordForm
        record={{ id: '1' }}
        values={{ name: '市场部' }}
        fields={fields}
        canEdit
        save={save}
        onSaved={onSaved}
        name="rf"
      />,
    );
    const input = (await screen.findByLabelText('名称')) as HTMLInputElement;
    expect(input.value).toBe('市场部');
    fireEvent.change(input, { target: { value: '销售部' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: '销售部' })));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    fireEvent.change(input, { target: { value: '其他' } });
    fireEvent.click(screen.getByRole('button', { name: /重\s?置/ }));
    // the reset remounts the control
    await waitFor(() => expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('市场部'));
  });

  it('is read-only without buttons when it may not be edited', async () => {
    render(
      <RecordForm
        record={{ id: '1' }}
        values={{ name: '市场部' }}
        fields={fields}
        canEdit={false}
        save={vi.fn()}
        onSaved={vi.fn()}
        name="rf"
      />,
    );
    await screen.findByText('名称');
    expect(screen.queryByRole('button', { name: /保\s?存/ })).toBeNull();
  });
});
