import { DeleteOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import {
  deletePermissions,
  type MenuType,
  PERMISSION_URLS,
  type PermissionForm,
  type SysPermission,
  savePermission,
} from '../../../api/permission';
import { Icon } from '../../../components/Icon';
import { type ActionContext, definePage, type FormFieldSchema, runCall } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';
import { descendantCount, MENU_TYPE_TEXT, newRowDefaults, parentOptions, permsTaken } from './menu-logic';

const TYPE_COLOR: Record<MenuType, string> = { 0: 'blue', 1: 'cyan', 2: 'orange' };
type F = FormFieldSchema<SysPermission>;
const isButton = (v: { menuType?: unknown }) => v.menuType === 2;
const notButton = (v: { menuType?: unknown }) => v.menuType !== 2;
const yesNo = (field: string, label: string, on = '是', off = '否'): F => ({
  field,
  label,
  widget: 'switch',
  span: 12,
  show: notButton,
  props: { options: [true, false], checkedChildren: on, unCheckedChildren: off },
});

/** rows below a selected row go with it: only the topmost selected ids are sent */
function topmost(ids: readonly string[], rows: readonly SysPermission[]): string[] {
  const parentOf = new Map<string, string | null | undefined>();
  const walk = (ns: readonly SysPermission[]) => {
    for (const n of ns) {
      parentOf.set(n.id, n.parentId);
      walk(n.children ?? []);
    }
  };
  walk(rows);
  const chosen = new Set(ids);
  return ids.filter((id) => {
    for (let p = parentOf.get(id); p; p = parentOf.get(p)) if (chosen.has(p)) return false;
    return true;
  });
}

function deleteSelected(ctx: ActionContext<SysPermission>) {
  const ids = ctx.list.selectedRowKeys.map(String);
  if (!ids.length) return void feedback.message.warning('请选择一条记录！');
  feedback.modal.confirm({
    title: '确认删除',
    content: `确定要删除所选中的 ${ids.length} 条数据，以及其下所有子菜单和按钮吗?`,
    okText: '确定',
    cancelText: '取消',
    onOk: () =>
      runCall(
        () => deletePermissions(topmost(ids, ctx.list.dataSource)),
        () => {
          ctx.list.clearSelection();
          ctx.reload();
        },
      ),
  });
}

/**
 * 菜单管理 (contract §4.3): the whole menu and button tree, search by name (the matching rows with their parents,
 * opened), 新增菜单 / 添加下级 / 添加按钮 / 编辑 / 删除 (with every row below), batch delete, data rules per menu.
 */
export const permissionPage = definePage<SysPermission>({
  name: 'permission',
  auth: 'permission',
  urls: PERMISSION_URLS,
  paged: false,
  treeData: true,
  rowNumber: false,
  builtins: { add: '新增菜单', batchDelete: false },
  columns: [
    { field: 'name', title: '菜单名称', width: 240, ellipsis: true, align: 'left' },
    {
      field: 'menuType',
      title: '菜单类型',
      width: 100,
      render: (v) => <Tag color={TYPE_COLOR[v as MenuType]}>{MENU_TYPE_TEXT[v as MenuType] ?? String(v)}</Tag>,
    },
    {
      field: 'icon',
      title: 'icon',
      width: 60,
      render: (v) => (v ? <Icon type={String(v)} style={{ fontSize: 16 }} /> : null),
    },
    {
      field: 'component',
      title: '组件',
      width: 200,
      ellipsis: true,
      align: 'left',
      render: (v, r) => (r.menuType === 2 ? <Typography.Text code>{r.perms}</Typography.Text> : (v as string)),
    },
    { field: 'url', title: '路径', width: 200, ellipsis: true, align: 'left' },
    { field: 'sortNo', title: '排序', width: 70 },
  ],
  query: [{ field: 'name', label: '菜单名称' }],
  toolbar: [
    { key: 'expand', label: '展开全部', icon: <PlusSquareOutlined />, onClick: (ctx) => ctx.setExpanded('all') },
    { key: 'collapse', label: '折叠全部', icon: <MinusSquareOutlined />, onClick: (ctx) => ctx.setExpanded([]) },
  ],
  batch: [
    { key: 'delete', label: '删除', icon: <DeleteOutlined />, auth: 'permission:deleteBatch', onClick: deleteSelected },
  ],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    {
      key: 'child',
      label: '添加下级',
      auth: 'permission:add',
      more: true,
      show: (r) => r.menuType !== 2,
      onClick: (r, ctx) => ctx.openEditor('add', null, newRowDefaults(r)),
    },
    {
      key: 'button',
      label: '添加按钮',
      auth: 'permission:add',
      more: true,
      show: (r) => r.menuType === 1,
      onClick: (r, ctx) => ctx.openEditor('add', null, newRowDefaults(r, true)),
    },
    {
      key: 'rule',
      label: '数据规则',
      auth: 'permission:datarule',
      more: true,
      show: (r) => r.menuType !== 2,
      run: 'dataRules',
    },
    {
      key: 'delete',
      label: '删除',
      run: 'delete',
      more: true,
      danger: true,
      confirm: (r) => {
        const n = descendantCount(r);
        return n ? `确定删除吗? 其下的 ${n} 个子菜单/按钮将一并删除` : '确定删除吗?';
      },
    },
  ],
  actionWidth: 150,
  editor: {
    width: '66%',
    labelSpan: 4,
    toForm: (r) => ({
      ...r,
      parentId: r.parentId || undefined,
      sortNo: r.sortNo ?? 1,
      permsType: r.permsType && r.permsType !== '0' ? r.permsType : '1',
      status: r.status ?? '1',
    }),
    toSave: (v, c) => ({
      ...(v as unknown as PermissionForm),
      id: c.record?.id,
      parentId: v.menuType === 0 ? '' : v.parentId,
    }),
    save: (body) => savePermission(body as unknown as PermissionForm),
    // the saved row's parent path opens, so the row is in view
    afterSave: (body, _c, page) => {
      const parentId = body.menuType === 0 ? undefined : (body.parentId as string | undefined);
      if (!page || !parentId) return;
      const parentOf = new Map<string, string | null | undefined>();
      const walk = (ns: readonly SysPermission[]) => {
        for (const n of ns) {
          parentOf.set(n.id, n.parentId);
          walk(n.children ?? []);
        }
      };
      walk(page.list.dataSource);
      const path: string[] = [];
      for (let p: string | null | undefined = parentId; p; p = parentOf.get(p)) path.push(p);
      page.setExpanded(path);
    },
  },
  form: [
    {
      field: 'menuType',
      label: '菜单类型',
      widget: 'radio',
      initialValue: 0,
      props: {
        options: [
          { value: 0, label: '一级菜单' },
          { value: 1, label: '子菜单' },
          { value: 2, label: '按钮/权限' },
        ],
      },
    },
    { field: 'name', label: '菜单名称', span: 12, required: true, show: notButton, props: { maxLength: 255 } },
    {
      field: 'name',
      label: '按钮/权限',
      span: 12,
      required: '请输入按钮/权限名称!',
      show: isButton,
      props: { maxLength: 255 },
    },
    {
      field: 'parentId',
      label: '上级菜单',
      widget: 'tree-select',
      span: 12,
      required: '请选择上级菜单!',
      show: (v) => v.menuType !== 0,
      props: (c) => ({ treeData: parentOptions(c.rows ?? [], c.record?.id) }),
    },
    {
      field: 'url',
      label: '访问路径',
      span: 12,
      required: true,
      show: notButton,
      props: { placeholder: '如 /isystem/user，外部链接以 http 开头', maxLength: 255 },
    },
    {
      field: 'component',
      label: '前端组件',
      span: 12,
      required: true,
      show: (v) => v.menuType === 1,
      props: { placeholder: '如 system/UserList', maxLength: 255 },
    },
    {
      field: 'component',
      label: '前端组件',
      span: 12,
      show: (v) => v.menuType === 0,
      props: { placeholder: '默认 layouts/RouteView', maxLength: 255 },
    },
    {
      field: 'componentName',
      label: '组件名称',
      span: 12,
      show: notButton,
      rules: [{ pattern: /^[A-Za-z0-9_-]*$/, message: '只能包含字母、数字、下划线和横线' }],
      props: { maxLength: 100 },
    },
    {
      field: 'redirect',
      label: '默认跳转地址',
      span: 12,
      show: (v) => v.menuType === 0,
      props: { placeholder: '请输入路由参数 redirect', maxLength: 255 },
    },
    { field: 'icon', label: '菜单图标', widget: 'icon', span: 12, show: notButton },
    {
      field: 'perms',
      label: '授权标识',
      span: 12,
      required: true,
      show: isButton,
      rules: [{ pattern: /^[A-Za-z0-9:_.,-]+$/, message: '只能包含字母、数字及 : _ . , -' }],
      validate: async (v, c) =>
        permsTaken(c.rows ?? [], c.record?.id).has(String(v).trim()) ? '授权标识已存在!' : null,
      props: { placeholder: '多个用逗号分隔，如 user:list,user:create', maxLength: 1000 },
    },
    {
      field: 'permsType',
      label: '授权策略',
      widget: 'radio',
      span: 12,
      initialValue: '1',
      show: isButton,
      extra: '显示：无权限时隐藏；禁用：无权限时可见但不可用',
      props: {
        options: [
          { value: '1', label: '显示' },
          { value: '2', label: '禁用' },
        ],
      },
    },
    {
      field: 'status',
      label: '状态',
      widget: 'radio',
      span: 12,
      initialValue: '1',
      show: isButton,
      props: {
        options: [
          { value: '1', label: '有效' },
          { value: '0', label: '无效' },
        ],
      },
    },
    {
      field: 'sortNo',
      label: '排序',
      widget: 'number',
      span: 12,
      initialValue: 1,
      props: { placeholder: '请输入菜单排序', min: -9999, max: 99999 },
    },
    { ...yesNo('route', '是否路由菜单'), initialValue: true },
    { ...yesNo('hidden', '隐藏路由'), initialValue: false },
    { ...yesNo('hideTab', '隐藏Tab'), initialValue: false },
    { ...yesNo('keepAlive', '是否缓存路由'), initialValue: false },
    { ...yesNo('alwaysShow', '聚合路由'), initialValue: false },
    { ...yesNo('internalOrExternal', '打开方式', '外部', '内部'), initialValue: false },
  ],
});
