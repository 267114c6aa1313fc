import { QuestionView as QuizQuestion } from '../../components/quiz/QuestionView';
import { answerKeys } from '../../components/quiz/quiz-logic';
import { answerText } from '../answer-format';
import { attemptResult } from '../api';
import { attemptStatusText } from '../exam-info';
import { examPaths, useTitle } from '../paths';
import { Link, useParams } from '../router';
import { useLoad } from '../use-load';

/**
 * 答题结果 (`/answer/candidate/result`): what the exam's showResult allows — the score, pass and every question with
 * my answer beside the right one and my score; otherwise when (or whether) it will be shown.
 */
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
  const status = String(data.status ?? '');
  const shown = data.visible !== false && data.totalScore != null;
  return (
    <article className="exam-result" aria-labelledby="result-title" data-testid="exam-result">
      <div className="exam-card">
        <h1 id="result-title" className="exam-page-title">
          {data.examName ? `${data.examName} · ` : ''}
          {status === '0' ? '答题进行中' : '已交卷'}
        </h1>
        <p className="exam-muted">
          {attemptStatusText(status)}
          {data.submitTime ? ` · 交卷时间 ${data.submitTime}` : ''}
          {data.switchCount ? ` · 离开页面 ${data.switchCount} 次` : ''}
        </p>
        {shown ? (
          <div className="exam-score">
            <p>
              <span className="exam-score-label">得分</span>
              <span className="exam-score-value" data-testid="exam-score">
                {data.totalScore}
              </span>
              {data.fullScore != null ? <span className="exam-muted"> / {data.fullScore} 分</span> : null}
            </p>
            {data.pass != null ? (
              <p className={`exam-tag ${data.pass ? 'exam-tag-pass' : 'exam-tag-fail'}`} data-testid="exam-pass">
                {data.pass ? '及格' : '不及格'}
              </p>
            ) : null}
            {data.pending ? <p className="exam-muted">简答题尚在阅卷中，总分与是否及格待阅卷完成后确定。</p> : null}
            {data.passScore != null ? <p className="exam-muted">及格线 {data.passScore} 分</p> : null}
          </div>
        ) : (
          <p className="exam-alert exam-alert-info" data-testid="exam-result-hidden">
            {data.message || '成绩尚未公布'}
          </p>
        )}
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
      </div>
      {shown && data.questions?.length ? (
        <section className="exam-card" aria-labelledby="sheet-title">
          <h2 id="sheet-title" className="exam-subtitle">
            答卷详情
          </h2>
          {data.questions.map((q, i) => {
            const mine = q.myAnswer ?? '';
            const choice = q.type === '1' || q.type === '2' || q.type === '3';
            return (
              <div key={q.id} className="exam-result-question">
                <QuizQuestion
                  question={{ ...q, blanks: q.blanks ?? undefined, answer: q.rightAnswer ?? null }}
                  index={i + 1}
                  selected={choice ? (q.type === '3' ? (mine ? [mine] : []) : answerKeys(mine)) : []}
                  showAnswer
                  answerArea={
                    choice ? null : (
                      <p className="exam-my-answer">
                        <b>你的答案：</b>
                        {answerText(q.type, mine)}
                      </p>
                    )
                  }
                />
                <p className="exam-my-score">
                  {choice ? `你的答案：${answerText(q.type, mine)} · ` : ''}
                  得分 {q.myScore ?? '待阅'} / {q.score} 分{q.comment ? ` · 评语：${q.comment}` : ''}
                </p>
              </div>
            );
          })}
        </section>
      ) : null}
    </article>
  );
}
