import { describe, expect, it } from 'vitest';
import { allKeys, idsToSave, linkedCheckedKeys, matchingKeys, parentKeys } from './logic';

const tree = [
  {
    key: 'a',
    slotTitle: '系统管理',
    children: [
      {
        key: 'a1',
        slotTitle: '用户管理',
        children: [
          { key: 'b1', slotTitle: '添加用户' },
          { key: 'b2', slotTitle: '编辑用户' },
        ],
      },
    ],
  },
  { key: 'h', slotTitle: '首页' },
];

describe('role permission tree helpers', () => {
  it('allKeys / parentKeys', () => {
    expect(allKeys(tree)).toEqual(['a', 'a1', 'b1', 'b2', 'h']);
    expect(parentKeys(tree)).toEqual(['a', 'a1']);
  });
  it('idsToSave adds half-checked ancestors only in linked mode', () => {
    expect(idsToSave(['b1'], ['a', 'a1'], true)).toEqual(['b1', 'a', 'a1']);
    expect(idsToSave(['b1'], ['a', 'a1'], false)).toEqual(['b1']);
  });
  it('linkedCheckedKeys keeps leaves and fully granted parents', () => {
    expect(linkedCheckedKeys(tree, new Set(['a', 'a1', 'b1', 'h']))).toEqual(['b1', 'h']);
    expect(linkedCheckedKeys(tree, new Set(['a', 'a1', 'b1', 'b2']))).toEqual(['b1', 'b2']);
  });
  it('matchingKeys: the ancestors of the hits', () => {
    expect(matchingKeys(tree, '添加')).toEqual(['a', 'a1']);
    expect(matchingKeys(tree, '')).toEqual([]);
  });
});
