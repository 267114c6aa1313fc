import { DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { DEPART_URLS, type DepartRole, type DepartUser, removeUsersFromDepart } from '../../../api/depart';
import { type ActionContext, definePage, runCall } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';

const USERS = 'depart:users';
const ROLES = 'depart:role';

function unlink(ctx: ActionContext<DepartUser>, ids: string[]) {
  return runCall(
    () => removeUsersFromDepart(String(ctx.fixed.depId), ids),
    () => {
      ctx.list.clearSelection();
      ctx.reload();
    },
  );
}

/** 用户 of a department and its sub-departments (fixed parameter `depId`): 添加已有用户, 分配部门角色, 取消关联. */
export const departUsersPage = definePage<DepartUser>({
  name: 'depart-user',
  urls: { list: DEPART_URLS.userList },
  rowNumber: false,
  builtins: { add: false },
  columns: [
    { field: 'username', title: '用户账号', sorter: true },
    { field: 'realname', title: '用户名称', type: 'user' },
    { field: 'orgCode', title: '部门', ellipsis: true },
    { field: 'sex', title: '性别', type: 'dict', dictCode: 'sex', width: 70 },
    { field: 'phone', title: '电话', type: 'nowrap', width: 130 },
    { field: 'status', title: '状态', type: 'dict', dictCode: 'user_status', width: 80 },
  ],
  query: [{ field: 'username', label: '用户账号' }],
  toolbar: [
    { key: 'pick', label: '添加已有用户', icon: <PlusOutlined />, primary: true, auth: USERS, run: 'pick' },
    {
      key: 'unlink',
      label: '取消关联',
      icon: <DisconnectOutlined />,
      auth: USERS,
      onClick: (ctx) => {
        const ids = ctx.list.selectedRowKeys.map(String);
        if (!ids.length) return void feedback.message.warning('请选择一条记录！');
        feedback.modal.confirm({
          title: '确认操作',
          content: `确定要取消关联这 ${ids.length} 个用户吗?`,
          okText: '确定',
          cancelText: '取消',
          onOk: () => unlink(ctx, ids),
        });
      },
    },
  ],
  rowActions: [
    { key: 'role', label: '分配部门角色', auth: USERS, run: 'assignRoles' },
    {
      key: 'unlink',
      label: '取消关联',
      auth: USERS,
      confirm: '确定要取消关联吗?',
      onClick: (r, ctx) => void unlink(ctx, [r.id]),
    },
  ],
  actionWidth: 190,
});

/** 部门角色 of a department (fixed parameter `deptId`): add / edit (code unique within the department), 授权, delete. */
export const departRolesPage = definePage<DepartRole>({
  name: 'depart-role',
  authCodes: { add: ROLES, edit: ROLES, delete: ROLES, deleteBatch: ROLES },
  urls: {
    list: DEPART_URLS.roleList,
    add: DEPART_URLS.roleAdd,
    edit: DEPART_URLS.roleEdit,
    delete: DEPART_URLS.roleDelete,
    deleteBatch: DEPART_URLS.roleDeleteBatch,
  },
  rowNumber: false,
  builtins: { add: '新建部门角色' },
  columns: [
    { field: 'roleName', title: '部门角色名称', sorter: true },
    { field: 'roleCode', title: '部门角色编码', sorter: true },
    { field: 'description', title: '描述', ellipsis: true },
    { field: 'createTime', title: '创建时间', type: 'datetime', width: 170, sorter: true },
  ],
  query: [{ field: 'roleName', label: '部门角色名称', rule: 'like' }],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'auth', label: '授权', auth: ROLES, run: 'authorize' },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  actionWidth: 170,
  editor: {
    toSave: (v, c) => {
      const body = {
        roleName: String(v.roleName ?? '').trim(),
        roleCode: String(v.roleCode ?? '').trim(),
        description: String(v.description ?? '').trim() || null,
      };
      return c.record ? { ...body, id: c.record.id } : { ...body, departId: c.fixed.deptId };
    },
  },
  form: [
    {
      field: 'roleName',
      label: '部门角色名称',
      required: true,
      rules: [{ min: 2, max: 30, message: '长度在 2 到 30 个字符' }],
    },
    {
      field: 'roleCode',
      label: '部门角色编码',
      required: true,
      rules: [
        { max: 64, message: '长度不超过 64 个字符' },
        { pattern: /^[A-Za-z0-9_:-]+$/, message: '只能包含字母、数字、下划线、冒号和横线' },
      ],
    },
    {
      field: 'description',
      label: '描述',
      widget: 'textarea',
      rules: [{ max: 126, message: '长度不超过 126 个字符' }],
    },
  ],
});
