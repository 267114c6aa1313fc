import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TreeCard, type TreeCardProps } from './TreeCard';
import { installMatchMedia } from './test-dom';

installMatchMedia();
afterEach(cleanup);

const base = (over: Partial<TreeCardProps> = {}): TreeCardProps => ({
  testId: 't',
  current: null,
  onClearCurrent: vi.fn(),
  searchPlaceholder: '请输入部门名称',
  keyword: '',
  onKeyword: vi.fn(),
  onSearch: vi.fn(),
  loading: false,
  treeData: [{ key: 'c1', title: '北京国炬软件', children: [{ key: 'd1', title: '市场部', isLeaf: true }] }],
  expandedKeys: ['c1'],
  onExpand: vi.fn(),
  selectedKey: null,
  onSelect: vi.fn(),
  checked: [],
  onCheck: vi.fn(),
  contextItems: [],
  onContext: vi.fn(),
  ...over,
});

describe('TreeCard (tree page card)', () => {
  it('shows 无 until a node is selected, then its name with 取消选择', () => {
    const { rerender } = render(<TreeCard {...base()} />);
    expect(screen.getByText('无')).toBeTruthy();
    const onClearCurrent = vi.fn();
    rerender(<TreeCard {...base({ current: '市场部', selectedKey: 'd1', onClearCurrent })} />);
    expect(screen.getByTestId('t-current').textContent).toBe('市场部');
    fireEvent.click(screen.getByText('取消选择'));
    expect(onClearCurrent).toHaveBeenCalled();
  });

  it('reports a selected node and a checked node by key', () => {
    const onSelect = vi.fn();
    const onCheck = vi.fn();
    const { container } = render(<TreeCard {...base({ onSelect, onCheck })} />);
    fireEvent.click(screen.getByText('市场部'));
    expect(onSelect).toHaveBeenCalledWith('d1');
    const boxes = container.querySelectorAll('.ant-tree-checkbox');
    fireEvent.click(boxes[1] as Element);
    expect(onCheck).toHaveBeenCalledWith(['d1']);
  });

  it('shows an empty state for an empty tree and searches the typed name', () => {
    const onSearch = vi.fn();
    const { container } = render(<TreeCard {...base({ treeData: [], keyword: '研发', onSearch })} />);
    expect(screen.queryByTestId('t-tree')).toBeNull();
    const buttons = container.querySelectorAll('button');
    fireEvent.click(buttons[buttons.length - 1] as Element);
    expect(onSearch.mock.calls[0]?.[0]).toBe('研发');
  });
});
