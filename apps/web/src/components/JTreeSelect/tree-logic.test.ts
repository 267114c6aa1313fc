import { describe, expect, it } from 'vitest';
import { isValidCondition, splitIds, titlesOf, toLazyNode, withChildren } from './tree-logic';

describe('tree-logic', () => {
  it('accepts only JSON object strings as condition', () => {
    for (const ok of [undefined, null, '', '  ', '{}', '{"status":"1"}']) expect(isValidCondition(ok)).toBe(true);
    for (const bad of ['status=1', '[1]', 'null', '"x"', '{bad', '1']) expect(isValidCondition(bad)).toBe(false);
  });

  it('maps server nodes and inserts lazily loaded children', () => {
    const roots = [toLazyNode({ key: 'a', title: 'A', leaf: false }), toLazyNode({ key: 'b', title: 'B', leaf: true })];
    expect(roots[1]).toEqual({ key: 'b', value: 'b', title: 'B', isLeaf: true });
    const tree = withChildren(roots, 'a', [toLazyNode({ key: 'a1', title: 'A1', leaf: 1 })]);
    expect(tree[0].children?.[0]).toMatchObject({ key: 'a1', isLeaf: true });
    const deeper = withChildren(tree, 'a1', []);
    expect(deeper[0].children?.[0].isLeaf).toBe(true);
    expect(titlesOf(deeper).get('a1')).toBe('A1');
    expect(roots[0].children).toBeUndefined(); // no mutation
  });

  it('splits comma ids', () => {
    expect(splitIds(' a, ,b,')).toEqual(['a', 'b']);
    expect(splitIds(undefined)).toEqual([]);
  });
});
