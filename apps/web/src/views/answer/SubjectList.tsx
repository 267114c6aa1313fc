import { CrudPage } from '../../components/kit';
import { subjectsChanged } from '../../components/quiz/subject-tree';
import { subjectPage } from './subject.data';

/** 题目分类 (component answer/SubjectList): the declaration in subject.data.tsx. */
export default function SubjectList() {
  return <CrudPage schema={subjectPage} onRemoved={() => subjectsChanged()} />;
}
