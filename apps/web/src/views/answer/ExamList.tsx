import { useNavigate } from 'react-router';
import { closeExam, publishExam, publishResult, type QuizExam } from '../../api/quiz-exam';
import { CrudPage, runCall } from '../../components/kit';
import { examPage } from './exam.data';
import './exam-pages.css';

/** 考试管理 (component answer/ExamList): the declaration in exam.data.tsx; the row actions call the server here. */
export default function ExamList() {
  const navigate = useNavigate();
  return (
    <CrudPage
      schema={examPage}
      handlers={{
        publish: (r, ctx) => r && void runCall(() => publishExam(r.id), ctx?.reload, '发布成功'),
        close: (r, ctx) => r && void runCall(() => closeExam(r.id), ctx?.reload, '考试已结束'),
        publishResult: (r, ctx) => r && void runCall(() => publishResult(r.id), ctx?.reload, '成绩已公布'),
        results: (r?: QuizExam) => r && navigate(`/answer/result?examId=${encodeURIComponent(r.id)}`),
        grading: (r?: QuizExam) => r && navigate(`/answer/grading?examId=${encodeURIComponent(r.id)}`),
      }}
    />
  );
}
