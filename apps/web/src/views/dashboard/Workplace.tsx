import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fileUrl } from '../../api/http';
import { useActivity, useProfile, useProjects, useRadar, useTeams } from '../../api/workplace';
import { EChart } from '../../components/echart/EChart';
import { useSession } from '../../stores/session';
import { ActivityList, TeamList } from './activity-list';
import { quickLinks, radarOption, workplaceGreeting } from './dashboard-figures';

const SELF = '/dashboard/workplace';

/**
 * 工作台 (component `dashboard/Workplace`, contract-2 §6): greeting by hour with the user's name (spec 02 §9), the
 * example projects (`/mock/api/list/search/projects`, none when that module is absent), the user's recent activity,
 * quick links to their own pages, an activity radar and their departments — all through the `/mock/api/workplace/*`
 * paths the original client reads.
 */
export default function Workplace() {
  const user = useSession((s) => s.userInfo);
  const menu = useSession((s) => s.permissionList);
  const navigate = useNavigate();
  const profile = useProfile();
  const activity = useActivity();
  const teams = useTeams();
  const radar = useRadar();
  const projects = useProjects();
  const links = useMemo(() => quickLinks(menu, [SELF], 8), [menu]);
  const option = useMemo(() => radarOption(radar.data ?? []), [radar.data]);
  const name = user?.realname || user?.username || '';
  const mine = (item: string) => radar.data?.find((r) => r.item === item)?.个人 ?? 0;
  const operations = (radar.data ?? []).filter((r) => r.item !== '登录').reduce((n, r) => n + r.个人, 0);

  return (
    <div className="answer-dashboard">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} md={14}>
            <Space size={16} align="center">
              <Avatar size={64} src={user?.avatar ? fileUrl(user.avatar) : undefined} icon={<UserOutlined />} />
              <div>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {workplaceGreeting(name)}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {[
                    profile.data?.posts.map((p) => p.name).join('、'),
                    profile.data?.departs.map((d) => d.name).join('、'),
                  ]
                    .filter(Boolean)
                    .join(' | ') || '\u00a0'}
                </Typography.Text>
              </div>
            </Space>
          </Col>
          <Col xs={24} md={10}>
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title="所在部门" value={teams.data?.length ?? 0} loading={teams.isPending} />
              </Col>
              <Col span={8}>
                <Statistic title="近30天登录" value={mine('登录')} loading={radar.isPending} />
              </Col>
              <Col span={8}>
                <Statistic title="近30天操作" value={operations} loading={radar.isPending} />
              </Col>
            </Row>
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title="进行中的项目">
              {projects.isPending ? (
                <Skeleton active />
              ) : projects.data?.length ? (
                <Row gutter={[12, 12]}>
                  {projects.data.map((p) => (
                    <Col xs={24} sm={12} lg={8} key={p.id}>
                      <Card size="small" type="inner" title={p.title}>
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
                          {p.description || '-'}
                        </Typography.Paragraph>
                        {p.updatedAt ? <Typography.Text type="secondary">{p.updatedAt}</Typography.Text> : null}
                      </Card>
                    </Col>
                  ))}
                </Row>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无项目" />
              )}
            </Card>
            <Card size="small" title="动态">
              <ActivityList query={activity} limit={10} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title="快速开始 / 便捷导航">
              {links.length ? (
                <Space wrap size={[8, 8]}>
                  {links.map((l) => (
                    <Button key={l.key} size="small" onClick={() => navigate(l.path)}>
                      {l.title}
                    </Button>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">没有可用的菜单</Typography.Text>
              )}
            </Card>
            <Card size="small" title="活跃指数（近30天）">
              {radar.isPending ? (
                <Skeleton active paragraph={{ rows: 5 }} />
              ) : radar.isError ? (
                <Typography.Text type="danger">
                  {radar.error instanceof Error ? radar.error.message : '指数加载失败'}
                </Typography.Text>
              ) : (
                <EChart option={option} height={260} ariaLabel="个人、团队与部门的近30天活跃指数" />
              )}
            </Card>
            <Card
              size="small"
              title={
                <Space>
                  <TeamOutlined />
                  团队
                </Space>
              }
            >
              <TeamList query={teams} />
            </Card>
          </Space>
        </Col>
      </Row>
    </div>
  );
}
