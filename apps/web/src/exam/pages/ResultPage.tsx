import { Link, useParams } from 'react-router';
import { answerText } from '../answer-format';
import { attemptResult } from '../api';
import { examPaths, useTitle } from '../ExamApp';
import { attemptStatusText } from '../exam-info';
import { useLoad } from '../use-load';

function passOf(v: boolean | number | string | null | undefined): boolean | null {
  if (v == null || v === '') return null;
  return v === true || v === 1 || v === '1' || v === 'true';
}

/** 答题结果: per the exam's showResult — the score and pass, or when it will be shown */
export function ResultPage() {
  const { examId = '', attemptId = '' } = useParams();
  useTitle('答题结果');
  const { data, error, loading, reload } = useLoad(() => attemptResult(attemptId), [attemptId]);
  if (loading && !data) return <p className="exam-muted">加载中…</p>;
  if (error)
    return (
      <div className="exam-card">
        <p className="exam-alert exam-alert-error" role="alert">
          {error}
        </p>
        <Link to={examPaths.home}>返回考试列表</Link>
      </div>
    );
  if (!data) return null;
  const score = data.totalScore ?? data.score;
  const pass = passOf(data.pass);
  const status = String(data.status ?? '');
  return (
    <article className="exam-card exam-result" aria-labelledby="result-title" data-testid="exam-result">
      <h1 id="result-title" className="exam-page-title">
        {status === '0' ? '答题进行中' : '已交卷'}
      </h1>
      {score != null ? (
        <div className="exam-score">
          <p>
            <span className="exam-score-label">得分</span>
            <span className="exam-score-value" data-testid="exam-score">
              {score}
            </span>
            {data.paperScore != null ? <span className="exam-muted"> / {data.paperScore} 分</span> : null}
          </p>
          {pass != null ? (
            <p className={`exam-tag ${pass ? 'exam-tag-pass' : 'exam-tag-fail'}`}>{pass ? '及格' : '不及格'}</p>
          ) : null}
          {status === '1' ? <p className="exam-muted">简答题尚在阅卷中，总分可能变化。</p> : null}
        </div>
      ) : (
        <p className="exam-muted" data-testid="exam-result-hidden">
          {data.message ||
            (String(data.showResult) === '0'
              ? '本考试不公布成绩。'
              : String(data.showResult) === '2'
                ? '成绩将在公布后可查看。'
                : `答卷状态：${attemptStatusText(status)}`)}
        </p>
      )}
      {data.questions?.length ? (
        <ol className="exam-result-list">
          {data.questions.map((q, i) => (
            <li key={q.questionId}>
              <span>第 {i + 1} 题</span>
              <span>你的答案：{answerText(q.type, q.answer)}</span>
              {q.rightAnswer != null ? <span>正确答案：{answerText(q.type, q.rightAnswer)}</span> : null}
              {q.score != null ? (
                <span>
                  得分：{q.score}
                  {q.fullScore != null ? ` / ${q.fullScore}` : ''}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="exam-item-actions">
        <Link className="exam-btn exam-btn-primary" to={examPaths.home}>
          返回考试列表
        </Link>
        <button type="button" className="exam-btn" onClick={reload}>
          刷新
        </button>
        <Link className="exam-btn" to={examPaths.exam(examId)}>
          考试说明
        </Link>
      </div>
    </article>
  );
}
