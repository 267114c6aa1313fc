import { myExams } from '../api';
import { attemptIdOf, attemptStatusText, attemptsOf, examAction, examStatusText } from '../exam-info';
import { examPaths, useTitle } from '../paths';
import { Link } from '../router';
import { useLoad } from '../use-load';

/** 我的考试: the exams open to me (`/answer/candidate/exams`) with my attempts */
export function ExamHome() {
  useTitle('我的考试');
  const { data, error, loading, reload } = useLoad(myExams, []);
  return (
    <section aria-labelledby="exam-list-title">
      <h1 id="exam-list-title" className="exam-page-title">
        我的考试
      </h1>
      {loading && !data ? <p className="exam-muted">加载中…</p> : null}
      {error ? (
        <div className="exam-alert exam-alert-error" role="alert">
          {error}{' '}
          <button type="button" className="exam-link-btn" onClick={reload}>
            重试
          </button>
        </div>
      ) : null}
      {data && data.length === 0 ? <p className="exam-card exam-muted">暂无可参加的考试</p> : null}
      <ul className="exam-list">
        {(data ?? []).map((exam) => {
          const action = examAction(exam);
          const attempts = attemptsOf(exam);
          const last = attempts.filter((a) => String(a.status) !== '0').at(-1);
          return (
            <li key={exam.id} className="exam-card exam-item" data-testid="exam-item">
              <div className="exam-item-head">
                <h2>{exam.name}</h2>
                <span className={`exam-tag exam-tag-${exam.status ?? ''}`}>{examStatusText(exam)}</span>
              </div>
              <dl className="exam-facts">
                <div>
                  <dt>考试时间</dt>
                  <dd>
                    {exam.startTime} 至 {exam.endTime}
                  </dd>
                </div>
                <div>
                  <dt>答题时长</dt>
                  <dd>{exam.duration} 分钟</dd>
                </div>
                <div>
                  <dt>答题次数</dt>
                  <dd>
                    已用 {attempts.filter((a) => String(a.status) !== '0').length} / {exam.attempts || 1} 次
                  </dd>
                </div>
              </dl>
              <div className="exam-item-actions">
                {action.kind === 'continue' ? (
                  <Link className="exam-btn exam-btn-primary" to={examPaths.answer(exam.id)}>
                    继续答题
                  </Link>
                ) : action.kind === 'start' ? (
                  <Link className="exam-btn exam-btn-primary" to={examPaths.exam(exam.id)}>
                    进入考试
                  </Link>
                ) : action.kind === 'none' ? (
                  <span className="exam-muted">{action.reason}</span>
                ) : null}
                {last ? (
                  <Link className="exam-btn" to={examPaths.result(exam.id, attemptIdOf(last))}>
                    查看结果（{attemptStatusText(last.status)}）
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
