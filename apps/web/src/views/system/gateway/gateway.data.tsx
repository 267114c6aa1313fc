import { Tag, Tooltip } from 'antd';
import { clearRouteCache, GATEWAY_URLS, type RouteDef, type SysGatewayRoute, saveRoute } from '../../../api/gateway';
import { definePage, registerWidget, runCall } from '../../../components/kit';
import { FiltersInput, PredicatesInput, predicatesRule } from './route-defs';

registerWidget('gateway-predicates', { component: PredicatesInput });
registerWidget('gateway-filters', { component: FiltersInput });

const ROUTER_ID = { pattern: /^[A-Za-z0-9_.:-]+$/, message: '路由ID只能包含字母、数字、下划线、点、冒号和横杠' };

const pathsOf = (defs: RouteDef[] | undefined) =>
  (defs ?? [])
    .filter((d) => d.name === 'Path')
    .flatMap((d) => (Array.isArray(d.args) ? d.args.map(String) : []))
    .join(', ');

/**
 * 路由网关 (component system/SysGatewayRouteList, round 2 §3.3): every route in one list (the server does not page),
 * the editor with the predicate and filter editors, saved through POST updateAll `{router}` with predicates / filters
 * as JSON strings like the JeecgBoot client.
 */
export const gatewayPage = definePage<SysGatewayRoute>({
  name: 'gateway',
  auth: 'gateway',
  authCodes: { deleteBatch: '', import: '', export: '' },
  urls: { list: GATEWAY_URLS.list, delete: GATEWAY_URLS.delete },
  paged: false,
  selectable: false,
  superQuery: false,
  builtins: { add: '新增', export: false, import: false, batchDelete: false },
  rowKey: 'id',
  columns: [
    { field: 'routerId', title: '路由ID', width: 160, ellipsis: true },
    { field: 'name', title: '路由名称', width: 130, ellipsis: true },
    { field: 'uri', title: '路由URI', width: 170, ellipsis: true },
    {
      field: 'predicates',
      title: '路径',
      minWidth: 180,
      ellipsis: true,
      render: (_v, row) => pathsOf(row.predicates) || '—',
    },
    {
      field: 'status',
      title: '状态',
      width: 70,
      render: (v) => (v === 1 ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>),
    },
    {
      field: 'applied',
      title: '转发',
      width: 90,
      render: (_v, row) =>
        row.applied ? (
          <Tag color="blue">转发中</Tag>
        ) : (
          <Tooltip title={row.appliedNote}>
            <Tag color="default">不转发</Tag>
          </Tooltip>
        ),
    },
  ],
  query: [],
  toolbar: [
    {
      key: 'clearCache',
      label: '清除路由缓存',
      auth: 'gateway:clearCache',
      onClick: (ctx) => void runCall(clearRouteCache, ctx.reload),
    },
  ],
  actionWidth: 140,
  editor: {
    width: 860,
    labelSpan: 4,
    wrapperSpan: 19,
    title: (mode) => (mode === 'add' ? '新增路由' : '编辑路由'),
    toForm: (r) => ({
      routerId: r.routerId,
      name: r.name ?? '',
      uri: r.uri ?? '',
      status: r.status === 1,
      predicates: r.predicates ?? [],
      filters: r.filters ?? [],
    }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      routerId: String(v.routerId ?? '').trim(),
      name: String(v.name ?? '').trim(),
      uri: String(v.uri ?? '').trim(),
      status: v.status === true,
      predicates: JSON.stringify(v.predicates ?? []),
      filters: JSON.stringify(v.filters ?? []),
    }),
    save: (body) => saveRoute(body as never),
  },
  form: [
    { field: 'routerId', label: '路由ID', required: '请输入路由ID', rules: [ROUTER_ID], props: { maxLength: 50 } },
    { field: 'name', label: '路由名称', required: '请输入路由名称', props: { maxLength: 32 } },
    {
      field: 'uri',
      label: '路由URI',
      required: '请输入路由URI',
      props: { maxLength: 500, placeholder: 'http://主机:端口，如 http://127.0.0.1:9000' },
      extra: '目标主机须在服务器的 GATEWAY_ALLOWED_HOSTS 中；lb:// 地址（JeecgBoot 微服务）只保存、不转发',
    },
    {
      field: 'status',
      label: '是否启用',
      widget: 'switch',
      props: { options: [true, false], checkedChildren: '启用', unCheckedChildren: '禁用' },
      initialValue: true,
    },
    {
      field: 'predicates',
      label: '路由断言',
      widget: 'gateway-predicates',
      rules: [predicatesRule],
      initialValue: [{ name: 'Path', args: [] }],
    },
    { field: 'filters', label: '过滤器', widget: 'gateway-filters', initialValue: [] },
  ],
});
