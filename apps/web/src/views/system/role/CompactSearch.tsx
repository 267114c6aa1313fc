import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';

export interface CompactSearchProps {
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
  onReset: () => void;
}

/** one-field 查询 / 重置 row for the narrow halves of 角色管理 (the page grid of QueryForm needs the full width) */
export function CompactSearch({ label, placeholder, onSearch, onReset }: CompactSearchProps) {
  const [form] = Form.useForm<{ text: string }>();
  return (
    <Form form={form} layout="inline" onFinish={(v) => onSearch(v.text ?? '')} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="text" label={label}>
        <Input placeholder={placeholder} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 8 }}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
