import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session';
import { envelope, mockApi, renderPage, respond } from '../../../test/mock-api';
import SysGatewayRouteList from '../SysGatewayRouteList';
import { predicatesError, stripOf } from './route-defs';

const SLOW = { timeout: 15_000 };
const render = (ui: ReactElement) => renderPage(ui, { router: true });
const ok = (result: unknown, message = '') => envelope(result, { message });
const api = mockApi({ otherwise: () => respond({}, 404) });

const ROUTES = [
  {
    id: 'r1',
    routerId: 'svc-api',
    name: '接口服务',
    uri: 'http://127.0.0.1:9000',
    predicates: [{ name: 'Path', args: ['/api/**', '/v2/**'] }],
    filters: [{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: '1' }] }],
    status: 1,
    applied: false,
    appliedNote: '网关未开启（GATEWAY=on 后生效）',
  },
  {
    id: 'r2',
    routerId: 'jeecg-system',
    name: 'jeecg-system',
    uri: 'lb://jeecg-system',
    predicates: [{ name: 'Path', args: ['/sys/**'] }],
    filters: [],
    status: 1,
    applied: false,
    appliedNote: '集群服务地址（lb:// 或 ws://），仅保存，不转发',
  },
];

describe('路由网关 page', () => {
  it('checks predicates before saving and reads StripPrefix', () => {
    expect(predicatesError([{ name: 'Path', args: [] }])).toBe('第1个断言：请至少输入一个路径，如 /api/**');
    expect(predicatesError([{ name: 'Path', args: ['api/**'] }])).toBe('第1个断言：路径 api/** 必须以 / 开头');
    expect(predicatesError([{ name: 'Path', args: ['/api/**'] }])).toBeNull();
    expect(stripOf([{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: '2' }] }])).toBe(2);
    expect(stripOf([])).toBeNull();
  });

  it(
    'lists every route, says the gateway is off, and saves an edit as JeecgBoot does (router with JSON strings)',
    SLOW,
    async () => {
      useSession.setState({
        auth: ['gateway:add', 'gateway:edit', 'gateway:delete', 'gateway:clearCache'].map((action) => ({
          action,
          type: '1',
          describe: '',
        })),
        allAuth: [],
      });
      api.answers = {
        '/sys/gatewayRoute/list': ok(ROUTES),
        '/sys/gatewayRoute/status': ok({ enabled: false, allowedHosts: ['127.0.0.1:9000'] }),
        '/sys/gatewayRoute/updateAll': ok(null, '操作成功！'),
      };
      render(<SysGatewayRouteList />);
      expect(await screen.findByText('网关未开启：路由只保存，不转发任何请求')).toBeTruthy();
      expect(await screen.findByText('svc-api')).toBeTruthy();
      expect(screen.getByText('/api/**, /v2/**')).toBeTruthy();
      expect(screen.getAllByText('不转发').length).toBe(2);
      expect(screen.getByRole('button', { name: /清除路由缓存/ })).toBeTruthy();

      const row = screen.getByText('svc-api').closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByText('编辑'));
      const form = await screen.findByTestId('gateway-predicates');
      expect(within(form).getByText('/api/**')).toBeTruthy();
      expect(screen.getByTestId('gateway-filters').querySelector('input[aria-label="去掉的路径段数"]')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(api.callsTo('/sys/gatewayRoute/updateAll')).not.toHaveLength(0));
      const [save] = api.callsTo('/sys/gatewayRoute/updateAll');
      expect(save.method).toBe('POST');
      const router = save.body?.router as Record<string, string>;
      expect(router).toMatchObject({ id: 'r1', routerId: 'svc-api', uri: 'http://127.0.0.1:9000', status: true });
      expect(JSON.parse(router.predicates)).toEqual([{ name: 'Path', args: ['/api/**', '/v2/**'] }]);
      expect(JSON.parse(router.filters)).toEqual([{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: '1' }] }]);
    },
  );

  it('shows the allowed hosts when the gateway is on, and no write buttons without the permissions', SLOW, async () => {
    useSession.setState({ auth: [], allAuth: [] });
    api.answers = {
      '/sys/gatewayRoute/list': ok([{ ...ROUTES[0], applied: true, appliedNote: null }]),
      '/sys/gatewayRoute/status': ok({ enabled: true, allowedHosts: ['127.0.0.1:9000'] }),
    };
    render(<SysGatewayRouteList />);
    expect(await screen.findByText('网关已开启：启用的路由会被转发')).toBeTruthy();
    expect(screen.getByText('允许的目标主机：127.0.0.1:9000')).toBeTruthy();
    expect(await screen.findByText('转发中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /清除路由缓存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });
});
