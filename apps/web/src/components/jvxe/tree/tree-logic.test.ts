import { describe, expect, it, vi } from 'vitest';
import {
  childrenOf,
  hasChildFlag,
  isPlaceholderRow,
  LazyTree,
  TREE_BAD_ANSWER,
  TREE_LOADING_TEXT,
  type TreeRow,
  treeQuery,
} from './tree-logic';

/** a loader whose answers the test releases one by one */
function deferredLoader() {
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: string[] = [];
  const load = (row: TreeRow) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push(String(row.id));
      waiting.set(String(row.id), { resolve, reject });
    });
  return {
    load,
    calls,
    answer: (id: string, v: unknown) => waiting.get(id)?.resolve(v),
    fail: (id: string, e: unknown) => waiting.get(id)?.reject(e),
  };
}

const view = (t: LazyTree) =>
  t.flatten().map((f) => `${'  '.repeat(f.level)}${f.placeholder ? TREE_LOADING_TEXT : f.id}:${f.status}`);

describe('tree answers', () => {
  it('an array or {records} are children; anything else is 返回数据类型不识别', () => {
    expect(childrenOf([{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(childrenOf({ records: [{ id: 'b' }], total: 1 })).toEqual([{ id: 'b' }]);
    for (const bad of [null, undefined, 'x', 3, { rows: [] }, { records: 'no' }])
      expect(() => childrenOf(bad)).toThrow(TREE_BAD_ANSWER);
    expect(TREE_BAD_ANSWER).toBe('返回数据类型不识别');
  });
  it('has-children flags', () => {
    for (const v of [true, 1, '1', 'true', 'Y']) expect(hasChildFlag({ hasChildren: v })).toBe(true);
    for (const v of [false, 0, '0', null, undefined, 'N']) expect(hasChildFlag({ hasChildren: v })).toBe(false);
    expect(hasChildFlag({ has_child: '1' }, 'has_child')).toBe(true);
  });
  it('query of the configured url: parent key (default parentId), params, condition', () => {
    expect(treeQuery('')).toEqual({ parentId: '' });
    expect(treeQuery('7', { parentKey: 'pid', params: { name: 'x' }, condition: { status: 1 } })).toEqual({
      name: 'x',
      pid: '7',
      condition: '{"status":1}',
    });
  });
});

describe('LazyTree loading states', () => {
  it('a row with children shows loading... while its children load, then the children', async () => {
    const d = deferredLoader();
    const t = new LazyTree({ loadChildren: d.load }, [{ id: '1', hasChildren: '1' }, { id: '2' }]);
    expect(view(t)).toEqual(['1:collapsed', '2:leaf']);
    expect(t.flatten()[0].hasChildren).toBe(true);
    // the nested form keeps a placeholder child until the row is expanded
    expect(t.nested()[0].children).toEqual([expect.objectContaining({ title: 'loading...', __placeholder: true })]);
    expect(t.nested()[1].children).toBeUndefined();

    const p = t.toggle('1');
    expect(view(t)).toEqual(['1:loading', '  loading...:leaf', '2:leaf']);
    expect(isPlaceholderRow(t.flatten()[1].row)).toBe(true);
    expect(d.calls).toEqual(['1']);
    d.answer('1', [{ id: '1-1', hasChildren: true }, { id: '1-2' }]);
    await p;
    expect(view(t)).toEqual(['1:expanded', '  1-1:collapsed', '  1-2:leaf', '2:leaf']);
    expect(t.nested()[0].children).toHaveLength(2);

    // collapse and expand again: no second load
    await t.toggle('1');
    expect(view(t)).toEqual(['1:collapsed', '2:leaf']);
    await t.toggle('1');
    expect(d.calls).toEqual(['1']);
    expect(view(t)).toHaveLength(4);

    // a grandchild loads with {records}
    const q = t.toggle('1-1');
    d.answer('1-1', { records: [{ id: '1-1-1' }], total: 1 });
    await q;
    expect(view(t)).toEqual(['1:expanded', '  1-1:expanded', '    1-1-1:leaf', '  1-2:leaf', '2:leaf']);
  });

  it('none returned makes the row a leaf (no toggle, no placeholder)', async () => {
    const t = new LazyTree({ loadChildren: async () => [] }, [{ id: 'a', hasChildren: true }]);
    await t.toggle('a');
    expect(view(t)).toEqual(['a:leaf']);
    expect(t.flatten()[0].hasChildren).toBe(false);
    expect(t.nested()[0].children).toBeUndefined();
    // toggling a leaf does nothing
    await t.toggle('a');
    expect(view(t)).toEqual(['a:leaf']);
  });

  it('a bad answer reports 返回数据类型不识别 and the row stays collapsed (can be retried)', async () => {
    const onError = vi.fn();
    let answer: unknown = { rows: [] };
    const t = new LazyTree({ loadChildren: async () => answer, onError }, [{ id: 'a', hasChildren: 1 }]);
    await t.toggle('a');
    expect(onError).toHaveBeenCalledWith('返回数据类型不识别', expect.objectContaining({ id: 'a' }));
    expect(view(t)).toEqual(['a:collapsed']);
    answer = [{ id: 'b' }];
    await t.toggle('a');
    expect(view(t)).toEqual(['a:expanded', '  b:leaf']);
  });

  it('a refused load reports the server message', async () => {
    const onError = vi.fn();
    const t = new LazyTree(
      {
        loadChildren: async () => {
          throw new Error('无权限访问');
        },
        onError,
      },
      [{ id: 'a', hasChildren: true }],
    );
    await t.toggle('a');
    expect(onError).toHaveBeenCalledWith('无权限访问', expect.anything());
  });

  it('new roots during a load drop the late answer', async () => {
    const d = deferredLoader();
    const t = new LazyTree({ loadChildren: d.load }, [{ id: 'a', hasChildren: true }]);
    const p = t.toggle('a');
    t.setRoots([{ id: 'a', hasChildren: true }, { id: 'z' }]);
    d.answer('a', [{ id: 'late' }]);
    await p;
    expect(view(t)).toEqual(['a:collapsed', 'z:leaf']);
  });

  it('inline children count as loaded; custom key and flag; change notifications', async () => {
    const load = vi.fn(async () => []);
    const t = new LazyTree({ rowKey: 'code', hasChildField: 'has_child', loadChildren: load }, [
      { code: 'r', children: [{ code: 'c' }] },
      { code: 's', has_child: '1' },
    ]);
    const seen = vi.fn();
    t.subscribe(seen);
    await t.toggle('r');
    expect(load).not.toHaveBeenCalled();
    expect(view(t)).toEqual(['r:expanded', '  c:leaf', 's:collapsed']);
    expect(seen).toHaveBeenCalled();
    expect(t.flatten()).toBe(t.flatten()); // cached until the next change
  });
});
