import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import { PermissionTree } from './PermissionTree';
import { useTreeChecks } from './use-tree-checks';

installMatchMedia();
afterEach(cleanup);

const TREE = [
  {
    key: 'sys',
    slotTitle: '系统管理',
    children: [
      { key: 'user', slotTitle: '用户管理', ruleFlag: 1 },
      { key: 'role', slotTitle: '角色管理' },
    ],
  },
  { key: 'home', slotTitle: '首页' },
];

describe('useTreeChecks (permission tree check state)', () => {
  it('starts unlinked with the grants; 父子关联 keeps what antd can show and saves half-checked parents', () => {
    const { result } = renderHook(() => useTreeChecks(TREE));
    act(() => result.current.reset(['sys', 'user']));
    expect(result.current.ids()).toEqual(['sys', 'user']);
    act(() => result.current.toggleLinked());
    // sys is only partly granted: linked, antd would show it fully checked, so only the leaf stays
    expect(result.current.checked).toEqual(['user']);
    act(() => result.current.onCheck(['user'], { halfCheckedKeys: ['sys'] } as never));
    expect(result.current.ids()).toEqual(['user', 'sys']);
    act(() => result.current.toggleLinked());
    expect(result.current.linked).toBe(false);
    expect(result.current.checked).toEqual(['user', 'sys']);
  });

  it('全部勾选 / 取消全选 / 展开所有 / 合并所有', () => {
    const { result } = renderHook(() => useTreeChecks(TREE));
    act(() => result.current.checkAll());
    expect(result.current.checked).toEqual(['sys', 'user', 'role', 'home']);
    act(() => result.current.clear());
    expect(result.current.ids()).toEqual([]);
    act(() => result.current.expandAll());
    expect(result.current.expanded).toEqual(['sys']);
    act(() => result.current.collapse());
    expect(result.current.expanded).toEqual([]);
  });
});

describe('PermissionTree', () => {
  function Harness({ onDataRule, ruleLink }: { onDataRule: () => void; ruleLink?: boolean }) {
    const checks = useTreeChecks(TREE);
    return (
      <PermissionTree treeList={TREE} checks={checks} onDataRule={onDataRule} ruleLink={ruleLink} expandAll search />
    );
  }

  it('offers the data rules of a row that has them, as an icon or a link', () => {
    const onDataRule = vi.fn();
    const { rerender } = render(<Harness onDataRule={onDataRule} />);
    expect(screen.getAllByTestId('data-rule-icon')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('data-rule-icon'));
    expect(onDataRule).toHaveBeenCalledWith(expect.objectContaining({ key: 'user' }));
    rerender(<Harness onDataRule={onDataRule} ruleLink />);
    expect(screen.getByText('数据规则')).toBeTruthy();
  });

  it('opens the 数据规则 drawer of the grant when given a rule target', async () => {
    function WithTarget() {
      const checks = useTreeChecks(TREE);
      return (
        <PermissionTree
          treeList={TREE}
          checks={checks}
          expandAll
          ruleTarget={(n) => ({ title: n.slotTitle ?? '', loadUrl: '/x', saveUrl: '/x', saveBody: {} })}
        />
      );
    }
    render(<WithTarget />);
    fireEvent.click(screen.getByTestId('data-rule-icon'));
    expect(await screen.findByText('数据规则 / 用户管理')).toBeTruthy();
  });

  it('highlights a searched title', () => {
    render(<Harness onDataRule={vi.fn()} />);
    const input = screen.getByPlaceholderText('搜索菜单或按钮');
    fireEvent.change(input, { target: { value: '角色' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    const hit = screen.getByText('角色');
    expect(hit.getAttribute('style')).toContain('color');
  });
});
