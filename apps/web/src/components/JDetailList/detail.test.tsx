import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import { detailColumns, detailSpan, detailText, JDetailList } from './index';

installMatchMedia();
afterEach(cleanup);

describe('detail list', () => {
  it('columns: default 3, capped at 4, at least 1', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(4)).toBe(4);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(0)).toBe(1);
    expect(detailColumns(2.7)).toBe(2);
    expect(detailSpan(9, 4)).toBe(4);
    expect(detailSpan(undefined, 3)).toBe(1);
    expect(detailText('')).toBe('-');
    expect(detailText(['a', 'b'])).toBe('a,b');
    expect(detailText(0)).toBe('0');
  });

  it('draws at most 4 items a row even when asked for more', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ label: `字段${i}`, value: i === 3 ? '' : `值${i}` }));
    const { container } = render(<JDetailList items={items} column={8} title="详情" />);
    expect(screen.getByText('详情')).toBeTruthy();
    const rows = container.querySelectorAll('.ant-descriptions-row');
    expect(rows).toHaveLength(2);
    expect(rows[0].querySelectorAll('.ant-descriptions-item-label')).toHaveLength(4);
    expect(screen.getByText('值7')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
