import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * 路由网关 (round 2 §3.3): JeecgBoot's sys_gateway_route. predicates / filters are inert JSON text (never evaluated:
 * Spring's SpEL in filter args was CVE-2022-22947); the server applies Path / Method predicates and the StripPrefix
 * filter of enabled routes when GATEWAY=on (docs/decisions/030-gateway.md). uri is 500 long (JeecgBoot: 32).
 */
export const sysGatewayRoute = pgTable(
  'sys_gateway_route',
  {
    id: idColumn(),
    routerId: varchar('router_id', { length: 50 }),
    name: varchar('name', { length: 32 }),
    uri: varchar('uri', { length: 500 }),
    predicates: text('predicates'),
    filters: text('filters'),
    retryable: integer('retryable'),
    stripPrefix: integer('strip_prefix'),
    persistable: integer('persistable'),
    showApi: integer('show_api'),
    status: integer('status'),
    createBy: audit.createBy,
    createTime: audit.createTime,
    updateBy: audit.updateBy,
    updateTime: audit.updateTime,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [uniqueIndex('uk_sys_gateway_route_router_id').on(t.routerId)],
);
