import { HOME_PATH } from '@answer/contract';
import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { type TabsAction, useTabs } from '../stores/tabs';
import { useFeedback } from '../utils/feedback';

/**
 * Tab bar of the multipage layout (spec §2.5): 首页 fixed and not closable, others closable; right click offers
 * 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他.
 */
export function MultiTab() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const activeKey = useTabs((s) => s.activeKey);
  const dispatch = useTabs((s) => s.dispatch);

  const run = (action: TabsAction) => {
    const before = useTabs.getState().activeKey;
    const warning = dispatch(action);
    if (warning) {
      message.warning(warning);
      return;
    }
    const after = useTabs.getState().activeKey;
    if (after !== before) navigate(after);
  };

  const contextItems = (key: string, index: number): MenuProps['items'] => [
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
    { key: 'closeLeft', icon: <VerticalRightOutlined />, label: '关闭左侧', disabled: index <= 1 },
    { key: 'closeRight', icon: <VerticalLeftOutlined />, label: '关闭右侧', disabled: index >= tabs.length - 1 },
    {
      key: 'closeOthers',
      icon: <CloseOutlined />,
      label: '关闭其他',
      disabled: tabs.length <= (key === HOME_PATH ? 1 : 2),
    },
  ];

  return (
    <Tabs
      className="answer-multitab"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') run({ type: 'close', key });
      }}
      items={tabs.map((t, index) => ({
        key: t.key,
        closable: t.key !== HOME_PATH,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: contextItems(t.key, index),
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'refresh') {
                  dispatch({ type: 'refresh', key: t.key });
                  if (t.key !== activeKey) navigate(t.key);
                } else run({ type: key as 'closeLeft' | 'closeRight' | 'closeOthers', key: t.key });
              },
            }}
          >
            <span className="answer-multitab-label" data-tab-key={t.key} title={t.title}>
              {t.title}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
