import { describe, expect, it } from 'vitest';
import {
  type DepartTreeNode,
  filterTree,
  itemsForKeys,
  keysForValue,
  nextCheckedKeys,
  resolveItems,
  rootKeys,
  splitValue,
  storeFieldOf,
  toggleKey,
} from './logic';

const node = (id: string, name: string, orgCode: string, children: DepartTreeNode[] = []): DepartTreeNode => ({
  id,
  key: id,
  value: id,
  title: name,
  departName: name,
  orgCode,
  isLeaf: children.length === 0,
  children,
});

const tree: DepartTreeNode[] = [
  node('c1', '北京国炬软件', 'A01', [
    node('d1', '市场部', 'A01A03'),
    node('d2', '研发部', 'A01A05', [node('p1', '研发经理', 'A01A05A01')]),
  ]),
  node('c2', '北京卓尔互动', 'A02', [node('d3', '研发部', 'A02A02')]),
];

describe('department picker values', () => {
  it('splits a comma value, trimming and dropping empties and repeats', () => {
    expect(splitValue(' a, b,,a ,c,')).toEqual(['a', 'b', 'c']);
    expect(splitValue(undefined)).toEqual([]);
    expect(splitValue('')).toEqual([]);
  });

  it('lets customReturnField override the stored field', () => {
    expect(storeFieldOf({})).toBe('id');
    expect(storeFieldOf({ storeField: 'orgCode' })).toBe('orgCode');
    expect(storeFieldOf({ storeField: 'id', customReturnField: 'orgCode' })).toBe('orgCode');
  });

  it('resolves the initial text of ids from the tree, keeping the value order', () => {
    expect(resolveItems(tree, 'p1,d1')).toEqual([
      { value: 'p1', text: '研发经理' },
      { value: 'd1', text: '市场部' },
    ]);
  });

  it('resolves org codes when orgCode is the stored field, and keeps unknown values as their own text', () => {
    expect(resolveItems(tree, 'A02A02,ZZZ', { storeField: 'orgCode' })).toEqual([
      { value: 'A02A02', text: '研发部' },
      { value: 'ZZZ', text: 'ZZZ' },
    ]);
  });

  it('maps a value to checked node keys and checked keys back to value/text pairs', () => {
    expect(keysForValue(tree, 'A01A03,A02', 'orgCode').sort()).toEqual(['c2', 'd1']);
    expect(itemsForKeys(tree, ['d3', 'c1'], { storeField: 'orgCode' })).toEqual([
      { value: 'A01', text: '北京国炬软件' },
      { value: 'A02A02', text: '研发部' },
    ]);
  });
});

describe('department picker checks', () => {
  it('keeps the whole (strict) check list in multiple mode', () => {
    expect(nextCheckedKeys(true, ['c1', 'd1'], { key: 'd1', nowChecked: true })).toEqual(['c1', 'd1']);
  });

  it('keeps only the node just checked in single mode, and nothing when it was unchecked', () => {
    expect(nextCheckedKeys(false, ['c1', 'd1'], { key: 'd1', nowChecked: true })).toEqual(['d1']);
    expect(nextCheckedKeys(false, [], { key: 'd1', nowChecked: false })).toEqual([]);
  });

  it('toggles a node on a title click', () => {
    expect(toggleKey(false, ['d1'], 'd2')).toEqual(['d2']);
    expect(toggleKey(true, ['d1'], 'd2')).toEqual(['d1', 'd2']);
    expect(toggleKey(true, ['d1', 'd2'], 'd1')).toEqual(['d2']);
  });
});

describe('department search', () => {
  it('keeps matches with their ancestors and expands the path to them', () => {
    const { tree: t, expandedKeys } = filterTree(tree, '研发');
    expect(t.map((n) => n.key)).toEqual(['c1', 'c2']);
    expect(t[0].children?.map((n) => n.key)).toEqual(['d2']);
    // a matching node keeps its own sub-tree
    expect(t[0].children?.[0].children?.map((n) => n.key)).toEqual(['p1']);
    expect(expandedKeys.sort()).toEqual(['c1', 'c2']);
  });

  it('answers nothing for a name that matches no department and everything for a blank search', () => {
    expect(filterTree(tree, '不存在').tree).toEqual([]);
    expect(filterTree(tree, '  ').tree).toHaveLength(2);
  });

  it('opens the roots by default', () => {
    expect(rootKeys(tree)).toEqual(['c1', 'c2']);
  });
});
