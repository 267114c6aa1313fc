import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, renderPage, respond } from '../../test/mock-api';

// the chart itself is echarts' business; here only what the page hands it
vi.mock('../../components/echart/EChart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

import IndexTask from './IndexTask';
import Monitor from './Monitor';
import Workplace from './Workplace';

/** antd pages render slowly in jsdom on a busy machine */
const SLOW = { timeout: 30_000 };
const api = mockApi({ otherwise: () => respond({ success: false, message: 'Not Found', code: 404 }, 404) });
const render = (ui: ReactElement) => renderPage(ui, { at: '/' });
const paths = () => api.calls.map((c) => c.path);

describe('监控 (dashboard/Monitor)', () => {
  it('a user without the monitoring pages gets a notice instead of figures, and no polling', SLOW, async () => {
    api.answers['/dashboard/monitor'] = respond(
      { success: false, message: '没有权限，请联系管理员授权', code: 403 },
      403,
    );
    render(<Monitor />);
    expect(await screen.findByText('没有权限查看系统监控')).toBeTruthy();
    expect(screen.queryByText('请求/秒')).toBeNull();
    expect(api.callsTo('/dashboard/monitor')).toHaveLength(1);
  });
});

describe('任务 (dashboard/IndexTask)', () => {
  it('shows each card with its count and items; 查看全部 opens the card’s page', SLOW, async () => {
    api.answers['/dashboard/tasks'] = envelope({
      cards: [
        {
          key: 'reservations',
          title: '待确认预约',
          count: 3,
          link: '/answer/reservation',
          items: [{ id: '1', title: '吴敏 · 法律法规线上答题', description: 'YD000006', time: '2026-11-24 11:14:00' }],
        },
        { key: 'notices', title: '未读消息', count: 0, link: null, items: [] },
      ],
    });
    render(<IndexTask />);
    expect(await screen.findByText('吴敏 · 法律法规线上答题')).toBeTruthy();
    expect(screen.getByText('（共 3 项待处理）')).toBeTruthy();
    expect(screen.getByText('没有未读消息')).toBeTruthy();
    // a card without a granted page has no drill-down
    expect(screen.getAllByRole('button', { name: /查看全部/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /查看全部/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/answer/reservation'));
  });
});

describe('工作台 (dashboard/Workplace)', () => {
  it(
    'activity, teams and radar from /mock/api/workplace/*; no projects module (404) → 暂无项目, no error',
    SLOW,
    async () => {
      api.answers['/mock/api/workplace/activity'] = envelope([
        {
          id: '1',
          user: { nickname: '管理员', avatar: null },
          project: { name: '/sys/position', action: '添加', event: 'POST /jeecg-boot/sys/position/add' },
          time: '2026-11-25 11:19:29',
          logType: 2,
          operateType: 2,
          requestUrl: '/sys/position/add',
        },
      ]);
      api.answers['/mock/api/workplace/teams'] = envelope([
        {
          id: 'd',
          name: '北京国炬软件',
          avatar: null,
          orgCode: 'A01',
          orgCategory: '1',
          memberCount: 2,
          parentName: null,
        },
      ]);
      api.answers['/mock/api/workplace/radar'] = envelope([
        { item: '登录', 个人: 7, 团队: 3.5, 部门: 7 },
        { item: '添加', 个人: 1, 团队: 0.5, 部门: 1 },
      ]);
      api.answers['/dashboard/profile'] = envelope({
        posts: [{ code: 'manager', name: '部门经理' }],
        departs: [],
        roles: [],
      });
      render(<Workplace />);
      expect(await screen.findByText('POST /jeecg-boot/sys/position/add')).toBeTruthy();
      expect(await screen.findByText('北京国炬软件')).toBeTruthy();
      expect(await screen.findByText('暂无项目')).toBeTruthy();
      expect(await screen.findByRole('img', { name: '个人、团队与部门的近30天活跃指数' })).toBeTruthy();
      expect(screen.getByText(/^(早上好|上午好|中午好|下午好|晚上好)，/)).toBeTruthy();
      // 近30天登录 = the user's own 登录 row
      await waitFor(() =>
        expect(screen.getByText('近30天登录').closest('.ant-statistic')?.textContent).toBe('近30天登录7'),
      );
      expect(paths()).toContain('/mock/api/list/search/projects');
    },
  );
});
