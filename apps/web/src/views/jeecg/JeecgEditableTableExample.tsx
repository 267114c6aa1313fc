import { Card, Tabs } from 'antd';
import { FieldsDemo, LiveDemo } from './editable-example';

/**
 * JEditableTable示例 (常见案例): 普通列表 — an editable table with its toolbar, validation and 获取值; 实时同步 — rows
 * saved here appear in every other browser showing this page (/vxeSocket).
 */
export default function JeecgEditableTableExample() {
  return (
    <Card variant="borderless">
      <Tabs
        defaultActiveKey="fields"
        items={[
          { key: 'fields', label: '普通列表', children: <FieldsDemo /> },
          { key: 'live', label: '实时同步', children: <LiveDemo /> },
        ]}
      />
    </Card>
  );
}
