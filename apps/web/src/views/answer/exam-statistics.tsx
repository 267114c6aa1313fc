import { WarningOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Empty, Row, Spin, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type ExamStatistics, examStatistics, type QuestionStat } from '../../api/quiz-exam';
import { sanitizeHtml } from '../../components/HeaderNotice/sanitize-html';
import { QUESTION_TYPE_TEXT } from '../../components/quiz/quiz-logic';
import { percentText } from './grading-logic';

/** the stem as one line of plain text */
function stemText(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  return (box.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The score distribution as CSS bars (no chart library on this page, ADR 035): one bar per band of a tenth of the
 * full score, its count above it, the band below; the figures are also a table for screen readers.
 */
export function DistributionBars({ bins }: { bins: ExamStatistics['distribution'] }) {
  const max = Math.max(1, ...bins.map((b) => b.count));
  return (
    <figure style={{ margin: 0 }} data-testid="score-distribution">
      <div className="quiz-bars" aria-hidden="true">
        {bins.map((b) => (
          <div key={b.from} className="quiz-bar" title={`${b.from}–${b.to} 分：${b.count} 人`}>
            <span className="quiz-bar-count">{b.count}</span>
            <div className="quiz-bar-fill" style={{ height: `${(b.count / max) * 85}%` }} />
          </div>
        ))}
      </div>
      <div className="quiz-bar-labels" aria-hidden="true">
        {bins.map((b) => (
          <span key={b.from}>
            {b.from}–{b.to}
          </span>
        ))}
      </div>
      <table className="exam-sr-table" style={{ position: 'absolute', left: -10000 }}>
        <caption>成绩分布</caption>
        <tbody>
          {bins.map((b) => (
            <tr key={b.from}>
              <th scope="row">
                {b.from}–{b.to} 分
              </th>
              <td>{b.count} 人</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption style={{ textAlign: 'center', color: 'rgba(0,0,0,0.55)', fontSize: 12 }}>分数段（人数）</figcaption>
    </figure>
  );
}

function OptionCounts({ counts }: { counts: Record<string, number> | null }) {
  if (!counts) return <span>—</span>;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const keys = Object.keys(counts).sort();
  if (!keys.length) return <span>—</span>;
  return (
    <span className="quiz-option-dist">
      {keys.map((k) => (
        <span key={k}>
          {k === '1' ? '正确' : k === '0' ? '错误' : k}：{counts[k]}
          {total ? `（${percentText(counts[k] / total, 0)}）` : ''}
        </span>
      ))}
    </span>
  );
}

/**
 * 统计分析 of an exam (`/answer/exam/statistics`, item analysis as Moodle's quiz reports): the figures, the score
 * distribution, per question its facility, discrimination (top 27 % against bottom 27 %) and option distribution
 * with the weak questions flagged, and the figures by department.
 */
export default function ExamStatisticsView({ examId }: { examId: string }) {
  const [stats, setStats] = useState<ExamStatistics | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setStats(null);
    setError(null);
    examStatistics(examId)
      .then((res) => {
        if (!live) return;
        if (res.success) setStats(res.result);
        else setError(res.message);
      })
      .catch(() => live && setError('统计加载失败'));
    return () => {
      live = false;
    };
  }, [examId]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!stats) return <Spin />;
  const figures: { title: string; value: string | number; suffix?: string }[] = [
    { title: '参加人数', value: stats.participants },
    { title: '已开始', value: stats.started },
    { title: '已交卷', value: stats.submitted },
    { title: '平均分', value: stats.mean ?? '—' },
    { title: '中位数', value: stats.median ?? '—' },
    { title: '最高分', value: stats.max ?? '—' },
    { title: '最低分', value: stats.min ?? '—' },
    { title: '标准差', value: stats.stdDev ?? '—' },
    { title: '及格率', value: percentText(stats.passRate) },
  ];
  const weak = stats.questions.filter((q) => q.flag).length;
  return (
    <div data-testid="exam-statistics">
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {figures.map((f) => (
          <Col key={f.title} xs={8} sm={8} md={6} lg={4} xl={3} xxl={2}>
            <Card size="small">
              <Statistic title={f.title} value={f.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={`成绩分布（满分 ${stats.fullScore}，及格 ${stats.passScore}）`}>
            {stats.submitted ? <DistributionBars bins={stats.distribution} /> : <Empty description="暂无交卷" />}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="按部门">
            <Table
              size="small"
              rowKey={(r) => `${r.orgCode ?? ''}-${r.departName}`}
              pagination={false}
              dataSource={stats.departments ?? []}
              scroll={{ x: 480 }}
              columns={[
                { title: '部门', dataIndex: 'departName', ellipsis: true },
                { title: '交卷', dataIndex: 'submitted', width: 60 },
                { title: '平均分', dataIndex: 'mean', width: 70, render: (v) => v ?? '—' },
                { title: '最高', dataIndex: 'max', width: 60, render: (v) => v ?? '—' },
                { title: '最低', dataIndex: 'min', width: 60, render: (v) => v ?? '—' },
                { title: '及格率', dataIndex: 'passRate', width: 80, render: (v) => percentText(v) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        style={{ marginTop: 12 }}
        title={
          <span>
            题目分析
            {weak ? (
              <Tag color="orange" style={{ marginLeft: 8 }}>
                <WarningOutlined /> {weak} 道题需关注
              </Tag>
            ) : null}
          </span>
        }
      >
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          得分率 = 平均得分 ÷ 题目分值；区分度 = 总分前 27% 考生与后 27% 考生在该题的平均得分之差 ÷ 分值（交卷不足 10
          份时不计算）。区分度低于 0.2 或为负、得分率低于 20% 或高于 95% 的题目被标记。
        </Typography.Paragraph>
        <Table<QuestionStat>
          size="small"
          rowKey="questionId"
          pagination={false}
          dataSource={stats.questions}
          scroll={{ x: 900 }}
          rowClassName={(r) => (r.flag ? 'quiz-weak-row' : '')}
          columns={[
            { title: '#', width: 50, render: (_v, _r, i) => i + 1 },
            {
              title: '题目',
              dataIndex: 'stem',
              ellipsis: { showTitle: false },
              render: (v: string) => {
                const t = stemText(v);
                return (
                  <Tooltip title={t}>
                    <span>{t}</span>
                  </Tooltip>
                );
              },
            },
            { title: '题型', dataIndex: 'type', width: 70, render: (v: string) => QUESTION_TYPE_TEXT[v] ?? v },
            { title: '分值', dataIndex: 'score', width: 60 },
            { title: '作答', dataIndex: 'answered', width: 60 },
            { title: '得分率', dataIndex: 'correctRate', width: 80, render: (v) => percentText(v) },
            {
              title: '区分度',
              dataIndex: 'discrimination',
              width: 80,
              render: (v: number | null) => (v == null ? '—' : v.toFixed(2)),
            },
            {
              title: '选项分布',
              dataIndex: 'optionCounts',
              width: 220,
              render: (v: Record<string, number> | null) => <OptionCounts counts={v} />,
            },
            {
              title: '提示',
              dataIndex: 'flag',
              width: 200,
              render: (v: string | null) =>
                v ? (
                  <span data-testid="weak-question">
                    <Tag color="orange">{v}</Tag>
                  </span>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
