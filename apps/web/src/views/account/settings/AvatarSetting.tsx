import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Space, Tooltip, Typography } from 'antd';
import { fileUrl } from '../../../api/http';
import { useSession } from '../../../stores/session';

export const AVATAR_UPLOAD_PENDING = '头像上传将在文件上传功能上线后可用';

/** 头像设置 (component account/settings/AvatarSetting): the current avatar; uploading comes with file upload. */
export default function AvatarSetting() {
  const user = useSession((s) => s.userInfo);
  return (
    <Card>
      <Space direction="vertical" align="center" size="large" style={{ width: '100%' }}>
        <Avatar
          size={120}
          src={user?.avatar ? fileUrl(user.avatar) : undefined}
          icon={<UserOutlined />}
          alt="当前头像"
        />
        <Typography.Text type="secondary">{user?.realname || user?.username}</Typography.Text>
        {/* a disabled button fires no mouse events: the wrapper carries the tooltip */}
        <Tooltip title={AVATAR_UPLOAD_PENDING}>
          <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="avatar-upload">
            <Button icon={<UploadOutlined />} disabled style={{ pointerEvents: 'none' }}>
              更换头像
            </Button>
          </span>
        </Tooltip>
      </Space>
    </Card>
  );
}
