import { GlobalOutlined, LoginOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import { StatCard } from '../../components/chart/StatCard';
import { EChart } from '../../components/echart/EChart';
import { visitsOption } from './dashboard-figures';
import { useVisitStats, VisitDaysTable, VisitStatsAlert } from './visit-stats';
import { sumVisits } from './visits';

/**
 * 图表 (component `dashboard/IndexChart`, contract-2 §6): the sign-in statistics of /sys/loginfo and the last 7 days
 * of /sys/visitInfo (contract §4.9) — figures, an echarts bar + line chart and the daily rows.
 */
export default function IndexChart() {
  const { info, visits, points, failed, retry } = useVisitStats();
  const option = useMemo(() => visitsOption(points), [points]);
  const cards = [
    {
      title: '今日IP',
      value: info.data?.todayIp,
      icon: <GlobalOutlined />,
      color: '#FA8C16',
      footer: '今天登录的不同IP数',
    },
    {
      title: '今日登录',
      value: info.data?.todayVisitCount,
      icon: <LoginOutlined />,
      color: '#52C41A',
      footer: '今天的登录次数',
    },
    {
      title: '总登录次数',
      value: info.data?.totalVisitCount,
      icon: <TeamOutlined />,
      color: '#1890FF',
      footer: `近7天 ${sumVisits(points)} 次`,
    },
  ];

  return (
    <div className="answer-dashboard">
      <VisitStatsAlert failed={failed} onRetry={retry} />
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col xs={24} sm={8} key={c.title}>
            <StatCard {...c} loading={info.isPending} />
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <Card title="访问量统计（最近7天）" size="small">
            <EChart option={option} height={320} ariaLabel="最近7天访问量与IP数" />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="每日明细" size="small" styles={{ body: { padding: 0 } }}>
            <VisitDaysTable points={points} loading={visits.isPending} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
