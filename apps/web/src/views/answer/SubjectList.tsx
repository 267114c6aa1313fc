import type { QuizSubject } from '../../api/quiz';
import { CrudPage } from '../../components/kit';
import { subjectsChanged } from '../../components/quiz/subject-tree';
import { subjectPage } from './subject.data';

/** the tree without empty `children` arrays (the table shows an expand icon for any array) */
export function withoutEmptyChildren(nodes: readonly QuizSubject[]): QuizSubject[] {
  return nodes.map(({ children, ...n }) =>
    children?.length ? { ...n, children: withoutEmptyChildren(children) } : (n as QuizSubject),
  );
}

/** 题目分类 (component answer/SubjectList): the declaration in subject.data.tsx. */
export default function SubjectList() {
  return (
    <CrudPage
      schema={subjectPage}
      onRemoved={() => subjectsChanged()}
      tableProps={(ctx) => ({ dataSource: withoutEmptyChildren(ctx.list.dataSource) })}
    />
  );
}
