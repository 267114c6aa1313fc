import { UserOutlined } from '@ant-design/icons';
import { Avatar, Tag } from 'antd';
import { fileUrl } from '../../../api/http';
import { forceLogout, ONLINE_MESSAGES, ONLINE_URLS, type OnlineUser } from '../../../api/online';
import { type ActionContext, definePage, runCall } from '../../../components/kit';

const SEX: Record<string, string> = { '1': '男', '2': '女' };

/** 强退: the session ends; after ending one's own the next call is 401 and the client returns to the login page */
const end = (r: OnlineUser, ctx: ActionContext<OnlineUser>) =>
  void runCall(() => forceLogout(r.token), ctx.reload, ONLINE_MESSAGES.ok);

/**
 * 在线用户 (component system/SysUserOnlineList; spec 01 §2.2, contract §4.11): the live sessions, newest sign-in
 * first, with 强退 (permission online:forceLogout). Ending one's own session is allowed, after a sharper warning.
 */
export const onlinePage = definePage<OnlineUser>({
  name: 'online',
  urls: { list: ONLINE_URLS.list },
  rowKey: 'token',
  selectable: false,
  superQuery: false,
  scrollX: 1100,
  columns: [
    {
      field: 'username',
      title: '用户账号',
      render: (v, r) => (
        <span>
          {String(v)} {r.currentSession && <Tag color="blue">当前会话</Tag>}
        </span>
      ),
    },
    { field: 'realname', title: '用户姓名' },
    {
      field: 'avatar',
      title: '头像',
      width: 90,
      render: (v) => <Avatar src={v ? fileUrl(String(v)) : undefined} icon={<UserOutlined />} />,
    },
    { field: 'birthday', title: '生日', width: 120 },
    { field: 'sex', title: '性别', width: 80, render: (v) => SEX[String(v ?? '')] ?? '' },
    { field: 'phone', title: '手机号', type: 'nowrap', width: 130 },
    { field: 'loginTime', title: '登录时间', type: 'datetime', width: 170 },
    { field: 'ip', title: '登录IP', width: 140, ellipsis: true },
  ],
  query: [{ field: 'username', label: '用户账号' }],
  actionWidth: 100,
  rowActions: [
    {
      key: 'end',
      label: '强退',
      auth: 'online:forceLogout',
      confirm: ONLINE_MESSAGES.confirm,
      show: (r) => !r.currentSession,
      onClick: end,
    },
    {
      key: 'end-own',
      label: '强退',
      auth: 'online:forceLogout',
      confirm: ONLINE_MESSAGES.confirmSelf,
      show: (r) => !!r.currentSession,
      onClick: end,
    },
  ],
});
