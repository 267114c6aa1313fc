import { Button, Card } from 'antd';
import { SettingPanel } from '../../../components/SettingPanel';
import { useSettings } from '../../../stores/settings';

/** 个性化设置 (component account/settings/Custom): the appearance settings of the 系统设置 drawer, as a page. */
export default function Custom() {
  const reset = useSettings((s) => s.reset);
  return (
    <Card>
      <div style={{ maxWidth: 420 }}>
        <SettingPanel />
        <Button onClick={() => reset()} style={{ marginTop: 16 }}>
          恢复默认设置
        </Button>
      </div>
    </Card>
  );
}
