import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input, Popconfirm, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { fileUrl } from '../../api/http';
import { forceLogout, ONLINE_MESSAGES, ONLINE_URLS, type OnlineUser } from '../../api/online';
import { ListCard, QueryForm, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

const SEX: Record<string, string> = { '1': '男', '2': '女' };

/**
 * 在线用户 (component system/SysUserOnlineList; spec 01 §2.2, contract §4.11): the live sessions, newest sign-in
 * first, with 强退 (permission online:forceLogout). Ending one's own session is allowed, after a sharper warning.
 */
export default function SysUserOnlineList() {
  const { message } = useFeedback();
  const decide = useCan();
  const canForce = decide('online:forceLogout') === 'allow';
  const list = useListPage<OnlineUser>({
    urls: { list: ONLINE_URLS.list },
    rowKey: 'token',
    selectable: false,
  });
  const { reload } = list;

  const columns = useMemo<TableColumnsType<OnlineUser>>(() => {
    const end = async (row: OnlineUser) => {
      try {
        const res = await forceLogout(row.token);
        if (res.success) {
          message.success(res.message || ONLINE_MESSAGES.ok);
          // after ending one's own session the next call is 401 and the client returns to the login page
          await reload();
        } else {
          message.warning(res.message || ONLINE_MESSAGES.failed);
          await reload();
        }
      } catch {
        // shown by the http client
      }
    };
    const cols: TableColumnsType<OnlineUser> = [
      {
        title: '#',
        key: 'rowIndex',
        width: 60,
        align: 'center',
        render: (_, __, i) => i + 1,
      },
      {
        title: '用户账号',
        dataIndex: 'username',
        align: 'center',
        render: (v: string, r) =>
          r.currentSession ? (
            <span>
              {v} <Tag color="blue">当前会话</Tag>
            </span>
          ) : (
            v
          ),
      },
      { title: '用户姓名', dataIndex: 'realname', align: 'center' },
      {
        title: '头像',
        dataIndex: 'avatar',
        align: 'center',
        width: 90,
        render: (v: string | null) => <Avatar src={v ? fileUrl(v) : undefined} icon={<UserOutlined />} />,
      },
      { title: '生日', dataIndex: 'birthday', align: 'center', width: 120 },
      {
        title: '性别',
        dataIndex: 'sex',
        align: 'center',
        width: 80,
        render: (v: unknown) => SEX[String(v ?? '')] ?? '',
      },
      { title: '手机号', dataIndex: 'phone', align: 'center', width: 130 },
      { title: '登录时间', dataIndex: 'loginTime', align: 'center', width: 170 },
      {
        title: '登录IP',
        dataIndex: 'ip',
        align: 'center',
        width: 140,
        ellipsis: true,
        render: (v: string | null) => <Tooltip title={v}>{v}</Tooltip>,
      },
    ];
    if (canForce) {
      cols.push({
        title: '操作',
        key: 'action',
        align: 'center',
        width: 100,
        fixed: 'right',
        render: (_, row) => (
          <Popconfirm
            title={row.currentSession ? ONLINE_MESSAGES.confirmSelf : ONLINE_MESSAGES.confirm}
            okText="确定"
            cancelText="取消"
            onConfirm={() => end(row)}
          >
            <Button type="link" size="small" danger={row.currentSession}>
              强退
            </Button>
          </Popconfirm>
        ),
      });
    }
    return cols;
  }, [canForce, message, reload]);

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search(v)} onReset={() => list.reset()}>
          <Form.Item name="username" label="用户账号">
            <Input placeholder="请输入用户账号" allowClear />
          </Form.Item>
        </QueryForm>
      }
    >
      <Table<OnlineUser> {...list.tableProps} columns={columns} scroll={{ x: 1100 }} />
    </ListCard>
  );
}
