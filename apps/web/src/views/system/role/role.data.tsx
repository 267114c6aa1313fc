import { DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { checkRoleCode, ROLE_URLS, removeUserFromRole, removeUsersFromRole, type SysRole } from '../../../api/role';
import { definePage, runCall } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';

const CJK = /[\u3400-\u9FFF\uF900-\uFAFF]/;

/** 角色 (contract §4.2): query by name / code; 新建角色, import / export; per row 编辑 | 更多 ▸ 授权, 删除. */
export const rolePage = definePage<SysRole>({
  name: 'role',
  auth: 'role',
  urls: ROLE_URLS,
  exportName: '角色信息',
  builtins: { add: '新建角色' },
  columns: [
    { field: 'roleName', title: '角色名称', sorter: true, ellipsis: true },
    { field: 'roleCode', title: '角色编码', sorter: true, ellipsis: true },
    { field: 'description', title: '描述', ellipsis: true },
    { field: 'createTime', title: '创建时间', type: 'datetime', sorter: true, width: 170 },
  ],
  query: [
    { field: 'roleName', label: '名称', rule: 'like', props: { placeholder: '请输入名称查询' } },
    { field: 'roleCode', label: '编码', rule: 'like', props: { placeholder: '请输入编码查询' } },
  ],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'auth', label: '授权', run: 'authorize', auth: 'role:authorize', more: true },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  actionWidth: 130,
  form: [
    {
      field: 'roleName',
      label: '角色名称',
      required: true,
      rules: [{ min: 2, max: 30, message: '长度在 2 到 30 个字符' }],
    },
    {
      field: 'roleCode',
      label: '角色编码',
      required: true,
      rules: [{ max: 64, message: '长度不超过 64 个字符' }],
      readOnly: (_v, c) => c.mode === 'edit',
      validate: async (value) => {
        if (CJK.test(String(value))) return '角色编码不可输入汉字!';
        const res = await checkRoleCode(String(value));
        return res.success ? null : res.message || '角色编码已存在';
      },
    },
    {
      field: 'description',
      label: '描述',
      widget: 'textarea',
      rules: [{ max: 126, message: '长度不超过 126 个字符' }],
      props: { rows: 5 },
    },
  ],
});

/** 角色管理 (with members): 用户 opens the role's users; the member panel narrows the list to name and code. */
export const roleWithUsersPage = definePage<SysRole>({
  ...rolePage,
  rowActions: [{ key: 'users', label: '用户', run: 'users', auth: 'role:users' }, ...(rolePage.rowActions ?? [])],
  actionWidth: 160,
});

/** the narrow left half while a role's members are shown */
export const roleCompactPage = definePage<SysRole>({
  ...roleWithUsersPage,
  columns: rolePage.columns.slice(0, 2),
  query: rolePage.query?.slice(0, 1),
  queryInline: true,
});

interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
  status: number | null;
  status_dictText?: string;
}

const roleIdOf = (fixed: Record<string, unknown>) => String(fixed.roleId);

/** The users of one role (fixed parameter `roleId`): 添加已有用户, 取消关联 per row or for the selection. */
export const roleUsersPage = definePage<RoleUser>({
  name: 'role-user',
  urls: { list: ROLE_URLS.userRoleList },
  rowNumber: false,
  builtins: { add: false },
  columns: [
    { field: 'username', title: '用户账号', sorter: true, align: 'left' },
    { field: 'realname', title: '用户名称', align: 'left' },
    {
      field: 'status',
      title: '状态',
      width: 80,
      render: (_v, r) => <Badge status={r.status === 1 ? 'success' : 'error'} text={r.status_dictText} />,
    },
  ],
  query: [{ field: 'username', label: '用户账号', rule: 'like' }],
  queryInline: true,
  toolbar: [
    { key: 'pick', label: '添加已有用户', icon: <PlusOutlined />, primary: true, auth: 'role:users', run: 'pick' },
    {
      key: 'unlink',
      label: '批量取消关联',
      icon: <DisconnectOutlined />,
      auth: 'role:users',
      onClick: (ctx) => {
        const ids = ctx.list.selectedRowKeys.map(String);
        if (!ids.length) return void feedback.message.warning('请选择一条记录！');
        feedback.modal.confirm({
          title: '确认取消关联',
          content: `是否取消选中的 ${ids.length} 个用户与该角色的关联?`,
          okText: '确定',
          cancelText: '取消',
          onOk: () =>
            runCall(
              () => removeUsersFromRole(roleIdOf(ctx.fixed), ids),
              () => {
                ctx.list.clearSelection();
                ctx.reload();
              },
              '删除成功!',
            ),
        });
      },
    },
  ],
  rowActions: [
    {
      key: 'unlink',
      label: '取消关联',
      auth: 'role:users',
      confirm: '确定要取消关联吗?',
      onClick: (r, ctx) =>
        void runCall(
          () => removeUserFromRole(roleIdOf(ctx.fixed), r.id),
          () => {
            ctx.list.clearSelection();
            ctx.reload();
          },
          '删除成功!',
        ),
    },
  ],
  actionWidth: 100,
});
