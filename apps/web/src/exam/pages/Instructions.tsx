import { myExams } from '../api';
import { examAction, examStatusText, showResultText } from '../exam-info';
import { examPaths, useTitle } from '../paths';
import { Link, useParams } from '../router';
import { useLoad } from '../use-load';

/** 考试说明: what the exam is and its rules, then 开始答题 (or 继续答题 for an open attempt) */
export function Instructions() {
  const { examId = '' } = useParams();
  const { data, error, loading } = useLoad(myExams, []);
  const exam = data?.find((e) => e.id === examId);
  useTitle(exam ? exam.name : '考试说明');
  if (loading && !data) return <p className="exam-muted">加载中…</p>;
  if (error)
    return (
      <p className="exam-alert exam-alert-error" role="alert">
        {error}
      </p>
    );
  if (!exam)
    return (
      <div className="exam-card">
        <h1 className="exam-page-title">考试不存在或未向你开放</h1>
        <Link to={examPaths.home}>返回考试列表</Link>
      </div>
    );
  const action = examAction(exam);
  return (
    <article className="exam-card" aria-labelledby="exam-title">
      <h1 id="exam-title" className="exam-page-title">
        {exam.name}
      </h1>
      <p>
        <span className={`exam-tag exam-tag-${exam.status ?? ''}`}>{examStatusText(exam)}</span>
      </p>
      <h2 className="exam-subtitle">考试须知</h2>
      <ul className="exam-rules">
        <li>
          考试时间：{exam.startTime} 至 {exam.endTime}
        </li>
        <li>答题时长 {exam.duration} 分钟，从开始答题时计时；到时自动交卷，考试结束时间先到则以结束时间为准。</li>
        {exam.questionCount ? <li>共 {exam.questionCount} 题</li> : null}
        {exam.totalScore != null ? (
          <li>
            满分 {exam.totalScore} 分{exam.passScore != null ? `，${exam.passScore} 分及格` : ''}
          </li>
        ) : null}
        <li>可答题 {exam.attempts || 1} 次。</li>
        <li>答案在作答时自动保存，无需手动保存；刷新页面或换一台设备登录可继续作答。</li>
        {exam.maxSwitches ? (
          <li>答题期间离开页面（切换应用或标签页）最多 {exam.maxSwitches} 次，超过将自动交卷。</li>
        ) : (
          <li>答题期间离开页面会被记录。</li>
        )}
        {showResultText(exam.showResult) ? <li>{showResultText(exam.showResult)}。</li> : null}
      </ul>
      {exam.instructions ? <p className="exam-instructions">{exam.instructions}</p> : null}
      <div className="exam-item-actions">
        {action.kind === 'start' || action.kind === 'continue' ? (
          <Link className="exam-btn exam-btn-primary" to={examPaths.answer(exam.id)}>
            {action.kind === 'continue' ? '继续答题' : '开始答题'}
          </Link>
        ) : (
          <span className="exam-muted">{action.kind === 'none' ? action.reason : ''}</span>
        )}
        <Link className="exam-btn" to={examPaths.home}>
          返回
        </Link>
      </div>
    </article>
  );
}
