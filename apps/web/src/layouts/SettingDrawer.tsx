import { Button, Drawer } from 'antd';
import { SettingPanel } from '../components/SettingPanel';
import { useSettings } from '../stores/settings';

/** 系统设置 drawer (spec §2.5 settings drawer, §3 appearance settings); every change applies at once. */
export function SettingDrawer({ open, onClose, isMobile }: { open: boolean; onClose: () => void; isMobile: boolean }) {
  const reset = useSettings((s) => s.reset);
  return (
    <Drawer
      title="系统设置"
      placement="right"
      open={open}
      onClose={onClose}
      size={isMobile ? 'calc(100vw - 40px)' : 300}
      className="answer-setting-drawer"
      styles={{ body: { paddingTop: 12 } }}
      footer={
        <Button block onClick={() => reset()}>
          恢复默认设置
        </Button>
      }
    >
      <SettingPanel />
    </Drawer>
  );
}
