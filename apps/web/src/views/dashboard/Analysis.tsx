import { EyeOutlined, GlobalOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Row, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { BarAndLine } from '../../components/chart/BarAndLine';
import { StatCard } from '../../components/chart/StatCard';
import { useVisitStats, VisitDaysTable, VisitStatsAlert } from './visit-stats';
import { sumVisits } from './visits';

/** 答题预约 figures (issue 16): a chunk of their own, after the home page's figures */
const ReservationFigures = lazy(() => import('../answer/reservation-figures'));
/** the latest exams' pass rates (issue 25): a chunk of its own too */
const PassRateFigures = lazy(() => import('../answer/pass-rate-figures'));

/** Home page (component `dashboard/Analysis`): login statistics from /sys/loginfo and /sys/visitInfo. */
export default function Analysis() {
  const { info, visits, points, failed, retry } = useVisitStats();
  const week = sumVisits(points);
  const today = { loading: info.isPending };
  const cards = [
    {
      ...today,
      title: '总访问量',
      value: info.data?.totalVisitCount,
      icon: <EyeOutlined />,
      color: '#1890FF',
      footer: '累计登录次数',
    },
    {
      ...today,
      title: '今日访问量',
      value: info.data?.todayVisitCount,
      icon: <TeamOutlined />,
      color: '#52C41A',
      footer: '今天的登录次数',
    },
    {
      ...today,
      title: '今日IP',
      value: info.data?.todayIp,
      icon: <GlobalOutlined />,
      color: '#FA8C16',
      footer: '今天登录的不同IP数',
    },
    {
      title: '近7天访问量',
      value: week,
      loading: visits.isPending,
      icon: <LineChartOutlined />,
      color: '#722ED1',
      footer: `${points[0].label} 至 ${points[6].label}`,
    },
  ];

  return (
    <div className="answer-dashboard">
      <VisitStatsAlert failed={failed} onRetry={retry} />
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col xs={12} lg={6} key={c.title}>
            <StatCard {...c} />
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <Card title="最近7天访问量" size="small">
            {visits.isPending ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <BarAndLine
                title="最近7天访问量"
                names={{ bar: '访问量', line: 'IP数' }}
                points={points.map((p) => ({ key: p.date, label: p.label, bar: p.visit, line: p.ip }))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="每日明细" size="small" styles={{ body: { padding: 0 } }}>
            <VisitDaysTable points={points} loading={visits.isPending} />
          </Card>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <ReservationFigures />
      </Suspense>
      <Suspense fallback={null}>
        <PassRateFigures />
      </Suspense>
    </div>
  );
}
