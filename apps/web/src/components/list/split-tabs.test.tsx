import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SplitTabs } from './SplitTabs';
import { installMatchMedia } from './test-dom';

installMatchMedia();
afterEach(cleanup);

const tabs = (name: string) => () => [
  { key: 'a', label: '基本信息', children: <p>信息 {name}</p> },
  { key: 'b', label: '部门权限', children: <p>权限 {name}</p> },
];

describe('SplitTabs (master / detail page)', () => {
  it('asks to select a record while none is selected', () => {
    render(
      <SplitTabs
        testId="p"
        treeSpan={10}
        tree={<p>树</p>}
        selected={false}
        emptyText="请先选择一个部门!"
        tabs={tabs('')}
      />,
    );
    expect(screen.getByText('树')).toBeTruthy();
    expect(screen.getByText('请先选择一个部门!')).toBeTruthy();
    expect(screen.queryByText('基本信息')).toBeNull();
  });

  it("shows the selected record's first tab and keeps the chosen tab when the selection changes", () => {
    const page = (name: string) => (
      <SplitTabs testId="p" treeSpan={10} tree={<p>树</p>} selected emptyText="无" tabs={tabs(name)} />
    );
    const { rerender } = render(page('研发部'));
    expect(screen.getByText('信息 研发部')).toBeTruthy();
    fireEvent.click(screen.getByText('部门权限'));
    expect(screen.getByText('权限 研发部')).toBeTruthy();
    rerender(page('市场部'));
    expect(screen.getByText('权限 市场部')).toBeTruthy();
  });
});
