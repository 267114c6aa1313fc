import { BarChartOutlined, NotificationOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AnswerSheet,
  answerSheet,
  examOptions,
  publishResult,
  type QuizExam,
  type ResultRow,
} from '../../api/quiz-exam';
import { CrudPage, runCall } from '../../components/kit';
import { QuestionView } from '../../components/quiz/QuestionView';
import { answerKeys, answerText } from '../../components/quiz/quiz-logic';
import { useCan } from '../../permission/useCan';
import { EXAM_STATUS_TAGS, resultPublishable } from './exam.data';
import { resultPage } from './result.data';
import './exam-pages.css';

/** the statistics view: a chunk of its own, loaded when its tab opens */
const ExamStatisticsView = lazy(() => import('./exam-statistics'));

function useExams(n: number) {
  const [exams, setExams] = useState<QuizExam[]>([]);
  const [loading, setLoading] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `n` reloads after publishing
  useEffect(() => {
    let live = true;
    examOptions({ status: '1,2,3', column: 'startTime', order: 'desc' })
      .then((res) => live && setExams(res.result?.records ?? []))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [n]);
  return { exams, loading };
}

/**
 * 成绩 (component answer/ResultList): per exam the ranking with the answer sheets, the Excel export, 公布成绩, and
 * the statistics (item analysis) on a tab of its own. `?examId=` opens an exam (考试管理's 成绩 link).
 */
export default function ResultList() {
  const [params, setParams] = useSearchParams();
  const examId = params.get('examId') ?? '';
  const tab = params.get('tab') === 'statistics' ? 'statistics' : 'results';
  const [n, setN] = useState(0);
  const { exams, loading } = useExams(n);
  const [sheetOf, setSheetOf] = useState<string | null>(null);
  const can = useCan();
  const exam = exams.find((e) => e.id === examId);

  useEffect(() => {
    if (!examId && exams.length) setParams({ examId: exams[0].id }, { replace: true });
  }, [examId, exams, setParams]);

  const setTab = (t: string) => setParams(t === 'statistics' ? { examId, tab: t } : { examId }, { replace: true });

  return (
    <div data-testid="quiz-results">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={16}>
          <span>
            考试：
            <Select
              aria-label="考试"
              style={{ width: 320, maxWidth: '70vw' }}
              loading={loading}
              value={examId || undefined}
              placeholder="请选择考试"
              showSearch={{ optionFilterProp: 'label' }}
              options={exams.map((e) => ({ value: e.id, label: e.name }))}
              onChange={(v) => setParams(tab === 'statistics' ? { examId: v, tab } : { examId: v })}
              notFoundContent="暂无已发布的考试"
            />
          </span>
          {exam ? (
            <>
              <Tag color={EXAM_STATUS_TAGS[exam.status]?.color}>{exam.status_dictText}</Tag>
              <Typography.Text type="secondary">
                {exam.startTime} 至 {exam.endTime} · 满分 {exam.totalScore ?? '—'} · 及格 {exam.passScore ?? '—'}
              </Typography.Text>
              {Number(exam.resultsPublished) === 1 ? <Tag color="green">成绩已公布</Tag> : null}
              {resultPublishable(exam) && can('exam:publishResult') === 'allow' ? (
                <Popconfirm
                  title="公布后考生可查看成绩并收到通知，确定公布吗？"
                  onConfirm={() =>
                    runCall(
                      () => publishResult(exam.id),
                      () => setN((x) => x + 1),
                      '成绩已公布',
                    )
                  }
                >
                  <Button type="primary" icon={<NotificationOutlined />}>
                    公布成绩
                  </Button>
                </Popconfirm>
              ) : null}
            </>
          ) : null}
        </Space>
      </Card>
      {!examId ? (
        <Empty description={loading ? '加载中…' : '暂无已发布的考试'} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'results',
              label: '成绩',
              children: (
                <CrudPage
                  key={examId}
                  schema={{ ...resultPage, exportName: exam ? `${exam.name}-成绩` : '成绩' }}
                  fixedParams={{ examId }}
                  handlers={{ sheet: (r?: ResultRow) => r && setSheetOf(r.attemptId) }}
                />
              ),
            },
            ...(can('result:statistics') === 'allow'
              ? [
                  {
                    key: 'statistics',
                    label: (
                      <span>
                        <BarChartOutlined /> 统计分析
                      </span>
                    ),
                    children: (
                      <Suspense fallback={<Spin />}>
                        <ExamStatisticsView examId={examId} />
                      </Suspense>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <SheetDrawer attemptId={sheetOf} onClose={() => setSheetOf(null)} />
    </div>
  );
}

/** 答卷: every question with the candidate's answer beside the right one and the score */
function SheetDrawer({ attemptId, onClose }: { attemptId: string | null; onClose(): void }) {
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  useEffect(() => {
    setSheet(null);
    if (!attemptId) return;
    let live = true;
    answerSheet(attemptId)
      .then((res) => live && res.success && setSheet(res.result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [attemptId]);
  return (
    <Drawer
      open={!!attemptId}
      onClose={onClose}
      size="large"
      title={sheet ? `答卷 · ${sheet.candidateName ?? ''}` : '答卷'}
      data-testid="result-sheet"
    >
      {!sheet ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="考试">{sheet.examName}</Descriptions.Item>
            <Descriptions.Item label="考生">
              {sheet.candidateName}
              {sheet.username ? `（${sheet.username}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="总分">
              <b data-testid="sheet-total">{sheet.totalScore ?? '—'}</b> / {sheet.fullScore}
            </Descriptions.Item>
            <Descriptions.Item label="客观 / 主观">
              {sheet.objectiveScore ?? '—'} / {sheet.subjectiveScore ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="状态">{sheet.status_dictText}</Descriptions.Item>
            <Descriptions.Item label="是否及格">
              {sheet.status !== '2' ? '待阅卷' : sheet.pass === 1 ? '及格' : '不及格'}
            </Descriptions.Item>
            <Descriptions.Item label="开始 / 交卷">
              {sheet.startTime} / {sheet.submitTime ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="用时 / 离开页面">
              {sheet.usedText ?? '—'} / {sheet.switchCount} 次
            </Descriptions.Item>
          </Descriptions>
          {sheet.questions.map((q, i) => {
            const choice = q.type === '1' || q.type === '2' || q.type === '3';
            const mine = q.answer ?? '';
            const right = q.score != null && q.score >= q.fullScore;
            return (
              <div key={q.id} className="quiz-sheet-question" data-testid="sheet-question">
                <QuestionView
                  question={{ ...q, score: q.fullScore, answer: q.rightAnswer }}
                  index={i + 1}
                  selected={choice ? (q.type === '3' ? (mine ? [mine] : []) : answerKeys(mine)) : []}
                  showAnswer
                  answerArea={
                    choice ? null : (
                      <div style={{ clear: 'both' }}>
                        <b>考生答案：</b>
                        <span style={{ whiteSpace: 'pre-wrap' }}>{answerText(q.type, mine) || '（未作答）'}</span>
                      </div>
                    )
                  }
                />
                <Space wrap style={{ marginBottom: 12 }}>
                  {choice ? <span>考生答案：{answerText(q.type, mine) || '（未作答）'}</span> : null}
                  <Tag color={q.score == null ? 'orange' : right ? 'green' : q.score > 0 ? 'gold' : 'red'}>
                    得分 {q.score ?? '待阅'} / {q.fullScore}
                  </Tag>
                  {q.comment ? <span>评语：{q.comment}</span> : null}
                </Space>
              </div>
            );
          })}
        </>
      )}
    </Drawer>
  );
}
