import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { subjectIndex, subjectOptions, subtreeIds, useSubjectTree } from './subject-tree';

export interface SubjectTreeSelectProps
  extends Omit<TreeSelectProps<string>, 'treeData' | 'value' | 'onChange' | 'multiple'> {
  value?: string | null;
  onChange?: (id: string | undefined) => void;
  /** a subject whose sub-tree can not be chosen (moving it) */
  excludeId?: string | null;
  /** a top-level choice (id '0') named so, e.g. 顶级分类 */
  rootLabel?: string;
}

/**
 * The subject picker (题目分类): the whole tree with name search, used as a filter (题库, 试卷 rules) and as a form
 * field (a question's subject, a subject's parent). The value is the subject id.
 */
export function SubjectTreeSelect({ value, onChange, excludeId, rootLabel, ...rest }: SubjectTreeSelectProps) {
  const { tree, loading } = useSubjectTree();
  const treeData = useMemo(() => {
    const exclude = new Set<string>();
    if (excludeId) {
      const node = subjectIndex(tree).get(excludeId)?.node;
      if (node) for (const id of subtreeIds(node)) exclude.add(id);
    }
    const data = subjectOptions(tree, exclude);
    return rootLabel ? [{ value: '0', title: rootLabel }, ...data] : data;
  }, [tree, excludeId, rootLabel]);
  return (
    <TreeSelect<string>
      showSearch
      allowClear
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      placeholder="请选择题目分类"
      notFoundContent={loading ? '加载中…' : '暂无分类'}
      loading={loading}
      style={{ width: '100%' }}
      {...rest}
      treeData={treeData}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
    />
  );
}

export default SubjectTreeSelect;
