import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import { LazyTreeSelect, type LazyTreeSource } from './LazyTreeSelect';

installMatchMedia();

afterEach(cleanup);

function source(over: Partial<LazyTreeSource> = {}): LazyTreeSource {
  return {
    roots: async () => [{ key: 'a', value: 'a', title: '一级', isLeaf: false }],
    children: async () => [],
    names: async (ids) => ids.map((id) => `名称-${id}`),
    ...over,
  };
}

describe('LazyTreeSelect (JTreeSelect / JCategorySelect)', () => {
  it('shows the name of a value the loaded tree does not hold, from the names lookup', async () => {
    const names = vi.fn(async (ids: string[]) => ids.map((id) => `名称-${id}`));
    render(<LazyTreeSelect source={source({ names })} value="x9" />);
    await waitFor(() => expect(screen.getByText('名称-x9')).toBeTruthy());
    expect(names).toHaveBeenCalledWith(['x9']);
  });

  it('shows the title of a value the first level holds when the lookup knows nothing', async () => {
    render(<LazyTreeSelect source={source({ names: async () => null })} value="a" />);
    await waitFor(() => expect(screen.getByText('一级')).toBeTruthy());
  });

  it('keeps the raw id when the lookup knows nothing', async () => {
    render(<LazyTreeSelect source={source({ names: async () => null })} value="zz" />);
    await waitFor(() => expect(screen.getByText('zz')).toBeTruthy());
  });
});
