import { Card, List, Switch } from 'antd';
import { NOTIFICATION_KINDS, switchesOf, useNotificationSettings } from '../../../stores/notification-settings';
import { useSession } from '../../../stores/session';

/**
 * 新消息通知 (component account/settings/Notification): which kinds of message the user wants announced, kept in
 * this browser (localStorage key answer.notification-settings.v1) per user.
 */
export default function Notification() {
  const username = useSession((s) => s.userInfo?.username ?? s.username);
  const saved = useNotificationSettings((s) => s.saved);
  const switches = switchesOf(saved, username);
  const set = useNotificationSettings((s) => s.set);
  return (
    <Card>
      <List
        itemLayout="horizontal"
        dataSource={NOTIFICATION_KINDS}
        renderItem={(kind) => (
          <List.Item
            key={kind.key}
            actions={[
              <Switch
                key="switch"
                checkedChildren="开"
                unCheckedChildren="关"
                checked={switches[kind.key]}
                onChange={(on) => set(username, kind.key, on)}
                aria-label={kind.title}
              />,
            ]}
          >
            <List.Item.Meta title={kind.title} description={kind.description} />
          </List.Item>
        )}
      />
    </Card>
  );
}
