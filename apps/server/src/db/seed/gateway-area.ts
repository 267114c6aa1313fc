import { sysGatewayRoute } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';

const path = (...p: string[]) => JSON.stringify([{ name: 'Path', args: p }]);

/**
 * 路由网关: JeecgBoot's four seed routes (round 2 §3.3). Their lb:// targets belong to the cloud edition: stored and
 * listed, never forwarded (docs/decisions/030-gateway.md).
 */
export async function seedGatewayArea({ tx, audit }: AreaSeedContext): Promise<void> {
  const route = (id: string, routerId: string, uri: string, predicates: string) => ({
    id,
    routerId,
    name: routerId,
    uri,
    predicates,
    filters: '[]',
    retryable: null,
    stripPrefix: null,
    persistable: null,
    showApi: 1,
    status: 1,
    ...audit,
  });
  await tx
    .insert(sysGatewayRoute)
    .values([
      route(
        '1331051599401857026',
        'jeecg-system',
        'lb://jeecg-system',
        path('/sys/**', '/online/**', '/bigscreen/**', '/jmreport/**', '/druid/**', '/generic/**'),
      ),
      route(
        '1331051599401857027',
        'jeecg-demo',
        'lb://jeecg-demo',
        path('/mock/**', '/test/**', '/bigscreen/template1/**', '/bigscreen/template2/**'),
      ),
      route(
        '1331051599401857028',
        'jeecg-system-websocket',
        'lb:ws://jeecg-system',
        path('/websocket/**', '/eoaSocket/**', '/newsWebsocket/**'),
      ),
      route('1331051599401857029', 'jeecg-demo-websocket', 'lb:ws://jeecg-demo', path('/vxeSocket/**')),
    ]);
}
