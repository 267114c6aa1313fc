import { HistoryOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  List,
  Modal,
  Pagination,
  Progress,
  Segmented,
  Select,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  examOptions,
  type GradeHistory,
  type GradingAnswer,
  type GradingPage,
  type GradingQuestion,
  gradeAnswer,
  gradeHistory,
  gradingList,
  gradingQuestions,
  type QuizExam,
} from '../../api/quiz-exam';
import { QuestionView } from '../../components/quiz/QuestionView';
import { useCan } from '../../permission/useCan';
import { feedback } from '../../utils/feedback';
import { gradeScoreError, progressPercent } from './grading-logic';
import './exam-pages.css';

const PAGE_SIZE = 10;

/** exams with submitted answer sheets (what there is to grade) */
function useGradableExams() {
  const [exams, setExams] = useState<QuizExam[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    examOptions({ status: '1,2,3', column: 'startTime', order: 'desc' })
      .then((res) => live && setExams((res.result?.records ?? []).filter((e) => Number(e.submittedCount ?? 0) > 0)))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  return { exams, loading };
}

/**
 * 阅卷 (component answer/GradingList): the 简答 answers of an exam graded question by question across candidates —
 * the question and its reference answer beside the answers, a score in 0 … the question's score in steps of 0.5 and
 * a comment; progress per question and for the exam; a re-grade is audited by the server (历史 shows it).
 */
export default function GradingList() {
  const [params, setParams] = useSearchParams();
  const examId = params.get('examId') ?? '';
  const { exams, loading: examsLoading } = useGradableExams();
  const [questions, setQuestions] = useState<GradingQuestion[] | null>(null);
  const [questionId, setQuestionId] = useState<string>('');
  const [filter, setFilter] = useState<'0' | '1' | ''>('0');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<GradingPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [n, setN] = useState(0);
  const can = useCan();
  const mayGrade = can('grading:grade') === 'allow';

  useEffect(() => {
    if (!examId && exams.length) setParams({ examId: exams[0].id }, { replace: true });
  }, [examId, exams, setParams]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `n` reloads after a grade
  useEffect(() => {
    if (!examId) return;
    let live = true;
    gradingQuestions(examId)
      .then((res) => {
        if (!live) return;
        const list = res.success ? (res.result ?? []) : [];
        setQuestions(list);
        setQuestionId((cur) => (cur && list.some((q) => q.questionId === cur) ? cur : (list[0]?.questionId ?? '')));
        if (!res.success) feedback.message.warning(res.message);
      })
      .catch(() => live && setQuestions([]));
    return () => {
      live = false;
    };
  }, [examId, n]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `n` reloads after a grade
  useEffect(() => {
    if (!examId || !questionId) {
      setPage(null);
      return;
    }
    let live = true;
    setLoading(true);
    gradingList({ examId, questionId, graded: filter || undefined, pageNo, pageSize: PAGE_SIZE })
      .then((res) => live && setPage(res.success ? res.result : null))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [examId, questionId, filter, pageNo, n]);

  const totals = useMemo(() => {
    const t = (questions ?? []).reduce((a, q) => ({ total: a.total + q.total, graded: a.graded + q.graded }), {
      total: 0,
      graded: 0,
    });
    return { ...t, pending: t.total - t.graded };
  }, [questions]);
  const current = questions?.find((q) => q.questionId === questionId);
  const reload = useCallback(() => setN((x) => x + 1), []);

  return (
    <div className="quiz-grading" data-testid="quiz-grading">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={16} style={{ width: '100%' }}>
          <span>
            考试：
            <Select
              aria-label="考试"
              style={{ width: 320, maxWidth: '70vw' }}
              loading={examsLoading}
              value={examId || undefined}
              placeholder="请选择考试"
              showSearch={{ optionFilterProp: 'label' }}
              options={exams.map((e) => ({ value: e.id, label: e.name }))}
              onChange={(v) => {
                setParams({ examId: v });
                setQuestionId('');
                setPageNo(1);
              }}
              notFoundContent="暂无需要阅卷的考试"
            />
          </span>
          {questions ? (
            <span data-testid="grading-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              阅卷进度 {totals.graded} / {totals.total}
              <Progress
                percent={progressPercent(totals.graded, totals.total)}
                size="small"
                style={{ width: 160, margin: 0 }}
                aria-label="阅卷进度"
              />
            </span>
          ) : null}
        </Space>
      </Card>
      {!examId ? (
        <Empty description={examsLoading ? '加载中…' : '暂无需要阅卷的考试'} />
      ) : questions && !questions.length ? (
        <Empty description="本考试没有需要人工阅卷的简答题" />
      ) : (
        <div className="quiz-grading-layout">
          <Card size="small" title="简答题">
            <List
              size="small"
              dataSource={questions ?? []}
              loading={!questions}
              renderItem={(q, i) => (
                <List.Item
                  className="quiz-grading-question"
                  onClick={() => {
                    setQuestionId(q.questionId);
                    setPageNo(1);
                  }}
                  style={{ background: q.questionId === questionId ? '#e6f4ff' : undefined }}
                  data-testid="grading-question"
                >
                  <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}>
                    第 {i + 1} 题（{q.score} 分）
                  </Button>
                  <Tag color={q.pending ? 'orange' : 'green'}>
                    {q.graded}/{q.total}
                  </Tag>
                </List.Item>
              )}
            />
          </Card>
          <div>
            {current ? (
              <Card size="small" title="题目与参考答案" style={{ marginBottom: 16 }}>
                <QuestionView question={{ type: '5', stem: current.stem, score: current.score }} answerArea={false} />
                <Typography.Text strong>参考答案</Typography.Text>
                <div className="quiz-reference" data-testid="grading-reference">
                  {current.referenceAnswer || '（无）'}
                </div>
              </Card>
            ) : null}
            <Card
              size="small"
              title={
                <Space wrap>
                  <span>考生答案</span>
                  <Segmented
                    size="small"
                    value={filter}
                    onChange={(v) => {
                      setFilter(v as '0' | '1' | '');
                      setPageNo(1);
                    }}
                    options={[
                      { value: '0', label: '待阅' },
                      { value: '1', label: '已阅' },
                      { value: '', label: '全部' },
                    ]}
                  />
                </Space>
              }
            >
              {!mayGrade ? (
                <Alert type="info" showIcon title="您没有阅卷权限，只能查看" style={{ marginBottom: 12 }} />
              ) : null}
              <Spin spinning={loading}>
                {page?.records.length ? (
                  page.records.map((a) => (
                    <GradeItem
                      key={`${a.answerId}-${a.score ?? ''}`}
                      answer={a}
                      canGrade={mayGrade}
                      onGraded={reload}
                    />
                  ))
                ) : (
                  <Empty description={filter === '0' ? '本题已全部阅完' : '暂无答案'} />
                )}
              </Spin>
              {page && page.total > PAGE_SIZE ? (
                <Pagination
                  style={{ marginTop: 12, textAlign: 'right' }}
                  current={pageNo}
                  pageSize={PAGE_SIZE}
                  total={page.total}
                  onChange={setPageNo}
                  showTotal={(t) => `共 ${t} 份`}
                />
              ) : null}
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}

/** one candidate's answer with its score and comment */
function GradeItem({ answer: a, canGrade, onGraded }: { answer: GradingAnswer; canGrade: boolean; onGraded(): void }) {
  const [score, setScore] = useState<number | null>(a.score);
  const [comment, setComment] = useState(a.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<GradeHistory[] | null>(null);
  const save = async () => {
    const err = gradeScoreError(score, a.fullScore);
    setError(err);
    if (err || score === null) return;
    setSaving(true);
    try {
      const res = await gradeAnswer({ answerId: a.answerId, score, comment: comment.trim() });
      if (res.success) {
        feedback.message.success(res.message || '评分成功');
        onGraded();
      } else setError(res.message);
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };
  const showHistory = async () => {
    const res = await gradeHistory(a.answerId).catch(() => null);
    setHistory(res?.success ? (res.result ?? []) : []);
  };
  const id = `grade-${a.answerId}`;
  return (
    <Card size="small" type="inner" style={{ marginBottom: 12 }} data-testid="grading-item">
      <div className="quiz-grading-item">
        <div>
          <Space wrap style={{ marginBottom: 6 }}>
            <Typography.Text strong>{a.candidateName || '考生'}</Typography.Text>
            {a.attemptNo > 1 ? <Tag>第 {a.attemptNo} 次</Tag> : null}
            {a.graded ? <Tag color="green">已阅 {a.score} 分</Tag> : <Tag color="orange">待阅</Tag>}
          </Space>
          <div className="quiz-grading-answer" data-testid="grading-answer">
            {a.answer || <Typography.Text type="secondary">（未作答）</Typography.Text>}
          </div>
          {a.graded && a.grader ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.grader} 于 {a.gradedAt} 评分{' '}
              <Button type="link" size="small" icon={<HistoryOutlined />} onClick={showHistory}>
                历史
              </Button>
            </Typography.Text>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-score`}>得分（满分 {a.fullScore}）</label>
          <InputNumber
            id={`${id}-score`}
            min={0}
            max={a.fullScore}
            step={0.5}
            precision={1}
            value={score}
            disabled={!canGrade}
            status={error ? 'error' : undefined}
            onChange={(v) => {
              setScore(v);
              setError(null);
            }}
            style={{ width: '100%' }}
            data-testid="grading-score"
          />
          <label htmlFor={`${id}-comment`} style={{ display: 'block', marginTop: 8 }}>
            评语
          </label>
          <Input.TextArea
            id={`${id}-comment`}
            rows={2}
            maxLength={1000}
            value={comment}
            disabled={!canGrade}
            onChange={(e) => setComment(e.target.value)}
          />
          {error ? (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          ) : null}
          {canGrade ? (
            <Button type="primary" block style={{ marginTop: 8 }} loading={saving} onClick={save}>
              {a.graded ? '修改评分' : '保存评分'}
            </Button>
          ) : null}
        </div>
      </div>
      <Modal title="评分历史" open={history !== null} onCancel={() => setHistory(null)} footer={null}>
        {history?.length ? (
          <Timeline
            items={history.map((h) => ({
              content: (
                <div>
                  <div>
                    {h.graderName || h.grader} · {h.createTime}
                  </div>
                  <div>
                    {h.oldScore == null ? '' : `${h.oldScore} → `}
                    {h.newScore} 分{h.newComment ? `，评语：${h.newComment}` : ''}
                  </div>
                </div>
              ),
            }))}
          />
        ) : (
          <Empty description="暂无记录" />
        )}
      </Modal>
    </Card>
  );
}
