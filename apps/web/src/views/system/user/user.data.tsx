import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Tag } from 'antd';
import { fileUrl } from '../../../api/http';
import {
  allRoles,
  changeUserPassword,
  frozenBatch,
  isUserValueFree,
  purgeUsers,
  recycleBinList,
  restoreUsers,
  type SysUser,
  saveUser,
  tenantOptions,
  USER_URLS,
  type UserSaveBody,
  type UserUniqueField,
  userDeparts,
  userRoleIds,
} from '../../../api/user';
import { type ActionContext, type ColumnSchema, definePage, registerWidget } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';
import { RULES } from '../../../utils/rules';
import { LoginLockState } from './login-locks';
import { ManagedDepartsSelect, rememberDepartNames } from './managed-departs';
import {
  confirmRules,
  hasAdmin,
  passwordRules,
  toFormValues,
  toSaveBody,
  USER_MSG,
  type UserFormValues,
} from './user-form';

registerWidget('managed-departs', { component: ManagedDepartsSelect, picked: true });

type Ctx = ActionContext<SysUser>;
const TITLES = { add: '添加用户', edit: '编辑用户', detail: '用户详情' } as const;

/** the server's uniqueness check of a user field: null when free (or when the check itself failed) */
const unique = (field: UserUniqueField, taken: string) => async (value: unknown, c: { record: SysUser | null }) => {
  try {
    return (await isUserValueFree(field, String(value).trim(), c.record?.id)) ? null : taken;
  } catch {
    return null; // the server checks again on save
  }
};

const roleOptions = () => allRoles().then((l) => l.map((r) => ({ value: r.id, label: r.roleName ?? r.roleCode })));
const tenantChoices = () => tenantOptions().then((l) => l.map((t) => ({ value: String(t.id), label: t.name })));

async function setStatus(ctx: Ctx, ids: string[], status: 1 | 2) {
  try {
    const res = await frozenBatch(ids, status);
    if (!res.success) return void feedback.message.warning(res.message);
    feedback.message.success(res.message || '操作成功!');
    ctx.list.clearSelection();
    ctx.reload();
  } catch {
    // shown by the http client
  }
}

function rowStatus(r: SysUser, ctx: Ctx, status: 1 | 2) {
  if (r.username === 'admin') return void feedback.message.warning(USER_MSG.adminOnly);
  void setStatus(ctx, [r.id], status);
}

function batchStatus(ctx: Ctx, status: 1 | 2) {
  const { selectedRowKeys, selectedRows } = ctx.list;
  if (!selectedRowKeys.length) return void feedback.message.warning(USER_MSG.selectOne);
  if (hasAdmin(selectedRows)) return void feedback.message.warning(USER_MSG.adminInSelection);
  feedback.modal.confirm({
    title: '确认操作',
    content: `是否${status === 1 ? '解冻' : '冻结'}选中账号?`,
    okText: '确定',
    cancelText: '取消',
    onOk: () => setStatus(ctx, selectedRowKeys.map(String), status),
  });
}

const avatar = (v: unknown) => (
  <Avatar shape="square" src={v ? fileUrl(String(v)) : undefined} icon={<UserOutlined />} />
);

const binColumns: ColumnSchema<SysUser>[] = [
  { field: 'username', title: '用户账号' },
  { field: 'realname', title: '用户姓名' },
  { field: 'avatar', title: '头像', width: 80, render: avatar },
  { field: 'orgCodeTxt', title: '部门', type: 'depart', width: 200 },
  { field: 'updateTime', title: '删除时间', type: 'datetime', width: 170 },
];

/**
 * 用户管理 (contract §4.1): users with roles, departments (and the ones a superior is in charge of), tenants;
 * 冻结 / 解冻 (one or many, never admin), 密码, 详情, a recycle bin, import and export.
 */
export const userPage = definePage<SysUser>({
  name: 'user',
  auth: 'user',
  urls: USER_URLS,
  exportName: '用户信息',
  rowNumber: false,
  builtins: { add: '添加用户' },
  columns: [
    { field: 'username', title: '用户账号', width: 100, sorter: true, ellipsis: true },
    { field: 'realname', title: '用户姓名', width: 100, type: 'user' },
    { field: 'avatar', title: '头像', width: 50, render: avatar },
    { field: 'sex', title: '性别', width: 64, type: 'dict', dictCode: 'sex', sorter: true },
    { field: 'birthday', title: '生日', width: 96, type: 'date' },
    { field: 'phone', title: '手机号码', width: 104, type: 'nowrap' },
    { field: 'orgCodeTxt', title: '部门', width: 140, type: 'depart' },
    { field: 'departIds_dictText', title: '负责部门', width: 100, type: 'depart' },
    {
      field: 'status',
      title: '状态',
      width: 70,
      render: (_v, r) => {
        const text = (r as SysUser & { status_dictText?: string }).status_dictText;
        return (
          <>
            {r.status === 2 ? <Tag color="orange">{text || '冻结'}</Tag> : text}
            <LoginLockState id={r.id} username={r.username} />
          </>
        );
      },
    },
    // the day is what the list needs (the time is in 详情): leaves the width to names and departments (issue 29)
    { field: 'createTime', title: '创建时间', width: 100, type: 'date', sorter: true },
  ],
  // the columns fit 1366 px (sider open) without running under the fixed 操作 column
  actionWidth: 115,
  // 高级查询 fields (columns that show names or computed text cannot be queried as such)
  superQuery: [
    { field: 'username', label: '用户账号' },
    { field: 'realname', label: '用户姓名' },
    { field: 'sex', label: '性别', dictCode: 'sex' },
    { field: 'birthday', label: '生日', type: 'date' },
    { field: 'phone', label: '手机号码' },
    { field: 'email', label: '邮箱' },
    { field: 'workNo', label: '工号' },
    { field: 'status', label: '状态', dictCode: 'user_status' },
    { field: 'orgCode', label: '部门', type: 'depart', customReturnField: 'orgCode' },
    { field: 'createBy', label: '创建人', type: 'user' },
    { field: 'createTime', label: '创建时间', type: 'datetime' },
  ],
  query: [
    { field: 'username', label: '账号', rule: 'like', props: { placeholder: '输入账号模糊查询' } },
    { field: 'realname', label: '名字', rule: 'like', props: { placeholder: '输入名字模糊查询' } },
    { field: 'sex', label: '性别', widget: 'dict', props: { dictCode: 'sex' } },
    { field: 'phone', label: '手机号码', rule: 'like', props: { placeholder: '请输入手机号码查询' } },
    { field: 'status', label: '用户状态', widget: 'dict', props: { dictCode: 'user_status', placeholder: '请选择' } },
    { field: 'departId', label: '部门', widget: 'depart' },
  ],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'detail', label: '详情', run: 'detail', more: true },
    { key: 'password', label: '密码', run: 'password', auth: 'user:password', more: true },
    {
      key: 'freeze',
      label: '冻结',
      auth: 'user:frozen',
      more: true,
      confirm: '确定冻结吗?',
      show: (r) => r.status === 1,
      onClick: (r, ctx) => rowStatus(r, ctx, 2),
    },
    {
      key: 'unfreeze',
      label: '解冻',
      auth: 'user:frozen',
      more: true,
      confirm: '确定解冻吗?',
      show: (r) => r.status === 2,
      onClick: (r, ctx) => rowStatus(r, ctx, 1),
    },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  batch: [
    { key: 'freeze', label: '冻结', icon: <LockOutlined />, auth: 'user:frozen', onClick: (c) => batchStatus(c, 2) },
    {
      key: 'unfreeze',
      label: '解冻',
      icon: <UnlockOutlined />,
      auth: 'user:frozen',
      onClick: (c) => batchStatus(c, 1),
    },
  ],
  recycleBin: {
    title: '用户回收站',
    auth: 'user:recycle',
    width: 1000,
    batch: true,
    paged: true,
    columns: binColumns,
    list: recycleBinList,
    restore: restoreUsers,
    purge: purgeUsers,
    restoreConfirm: { title: '恢复用户', content: (n) => `您确定要恢复这 ${n} 个用户吗？` },
    purgeConfirm: {
      title: '彻底删除用户',
      danger: true,
      content: (n) => (
        <div>
          <p>您确定要彻底删除这 {n} 个用户吗？</p>
          <p style={{ color: 'red' }}>注意：彻底删除后将无法恢复，请谨慎操作！</p>
        </div>
      ),
    },
    restoredMessage: (n) => `还原 ${n} 个用户成功！`,
    purgedMessage: (n) => `彻底删除 ${n} 个用户成功！`,
  },
  editor: {
    title: (mode) => TITLES[mode],
    labelSpan: 3,
    wrapperSpan: 20,
    load: async (r) => {
      const [roleIds, departs] = await Promise.all([userRoleIds(r.id), userDeparts(r.id)]);
      return { ...r, roleIds, departs } as SysUser;
    },
    toForm: (r) => {
      const loaded = r as SysUser & { roleIds?: string[]; departs?: { value: string; title: string }[] };
      const departs = loaded.departs ?? [];
      rememberDepartNames(departs);
      return {
        ...toFormValues(
          r,
          loaded.roleIds ?? [],
          departs.map((d) => d.value),
        ),
      };
    },
    toSave: (v, c) => ({ ...toSaveBody(v as UserFormValues, c.mode === 'edit' ? c.record?.id : undefined) }),
    save: (body, c) => saveUser(body as unknown as UserSaveBody, c.mode === 'edit'),
    // leaving a department also leaves it as a managed one
    onValuesChange: (changed, all, form) => {
      if (!('selecteddeparts' in changed)) return;
      const kept = new Set(String(all.selecteddeparts ?? '').split(','));
      const managed = (all.departIds as string[] | undefined) ?? [];
      if (managed.some((d) => !kept.has(d)))
        form.setFieldValue(
          'departIds',
          managed.filter((d) => kept.has(d)),
        );
    },
  },
  form: [
    {
      field: 'username',
      label: '用户账号',
      span: 12,
      required: USER_MSG.usernameRequired,
      rules: RULES.userName.slice(1),
      validate: unique('username', USER_MSG.usernameTaken),
      readOnly: (_v, c) => c.mode !== 'add',
      props: { autoComplete: 'off' },
    },
    { field: 'realname', label: '用户姓名', span: 12, required: USER_MSG.realnameRequired, props: { maxLength: 100 } },
    {
      field: 'password',
      label: '登录密码',
      widget: 'password',
      span: 12,
      rules: passwordRules,
      show: (_v, c) => c.mode === 'add',
      props: { autoComplete: 'new-password' },
    },
    {
      field: 'confirmpassword',
      label: '确认密码',
      widget: 'password',
      span: 12,
      rules: confirmRules(),
      show: (_v, c) => c.mode === 'add',
      props: { autoComplete: 'new-password', placeholder: '请重新输入登录密码' },
    },
    {
      field: 'workNo',
      label: '工号',
      span: 12,
      required: USER_MSG.workNoRequired,
      rules: [{ max: 100, message: '最大长度100位字符' }],
      validate: unique('work_no', USER_MSG.workNoTaken),
    },
    { field: 'post', label: '职务', widget: 'position', span: 12 },
    { field: 'selectedroles', label: '角色', widget: 'async-select', props: { load: roleOptions, mode: 'multiple' } },
    {
      field: 'selecteddeparts',
      label: '所属部门',
      widget: 'depart',
      props: { multiple: true, onBack: rememberDepartNames },
    },
    {
      field: 'userIdentity',
      label: '身份',
      widget: 'radio',
      span: 12,
      initialValue: 1,
      props: {
        options: [
          { value: 1, label: '普通用户' },
          { value: 2, label: '上级' },
        ],
      },
    },
    {
      field: 'departIds',
      label: '负责部门',
      widget: 'managed-departs',
      span: 12,
      rules: [{ required: true, type: 'array', min: 1, message: USER_MSG.managedRequired }],
      show: (v) => v.userIdentity === 2,
    },
    { field: 'avatar', label: '头像', widget: 'image', span: 12, props: { biz: 'avatar' } },
    { field: 'birthday', label: '生日', widget: 'date', span: 12, disabledAuth: 'user:form:birthday' },
    { field: 'sex', label: '性别', widget: 'dict', span: 12, props: { dictCode: 'sex' } },
    {
      field: 'email',
      label: '邮箱',
      span: 12,
      rules: RULES.email,
      validate: unique('email', USER_MSG.emailTaken),
      props: { maxLength: 64 },
    },
    {
      field: 'phone',
      label: '手机号码',
      span: 12,
      rules: [RULES.mobile[1]],
      validate: unique('phone', USER_MSG.phoneTaken),
      disabledAuth: 'user:form:phone',
    },
    { field: 'telephone', label: '座机', span: 12, rules: RULES.landline },
    {
      field: 'relTenantIds',
      label: '租户',
      widget: 'async-select',
      span: 12,
      props: { load: tenantChoices, mode: 'multiple' },
    },
  ],
});

/**
 * 修改密码 of a user by an administrator (row action 密码; JeecgBoot's PasswordModal, width 800): PUT
 * /sys/user/changePassword. The server gives the account a new salt and ends all of its sessions.
 */
export const userPasswordPage = definePage<{ username: string }>({
  name: 'userPasswordForm',
  urls: {},
  columns: [],
  form: [
    { field: 'username', label: '用户账号', readOnly: true, props: { allowClear: false } },
    {
      field: 'password',
      label: '密码',
      widget: 'password',
      rules: passwordRules,
      props: { placeholder: '请输入新密码', autoComplete: 'new-password' },
    },
    {
      field: 'confirmpassword',
      label: '确认密码',
      widget: 'password',
      rules: confirmRules(),
      props: { placeholder: '请重新输入新密码', autoComplete: 'new-password' },
    },
  ],
  editor: {
    title: () => '修改密码',
    width: 800,
    save: (b, c) => changeUserPassword(c.record?.username ?? '', String(b.password), String(b.confirmpassword)),
  },
});
