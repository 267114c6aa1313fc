import { Card, Form, Select, Tag } from 'antd';
import { CATEGORY_OPTIONS } from '../../../api/examples';

export interface Filters {
  categories: string[];
  owner?: string;
}

/** 所属类目 (checkable tags, 全部 clears) and 负责人 of the search tabs */
export function CategoryFilter({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const toggle = (c: string, on: boolean) =>
    onChange({ ...value, categories: on ? [...value.categories, c] : value.categories.filter((x) => x !== c) });
  return (
    <Card variant="borderless" style={{ marginBottom: 16 }}>
      <Form layout="inline">
        <Form.Item label="所属类目" style={{ width: '100%', marginBottom: 12 }}>
          <Tag.CheckableTag checked={!value.categories.length} onChange={() => onChange({ ...value, categories: [] })}>
            全部
          </Tag.CheckableTag>
          {CATEGORY_OPTIONS.map((c) => (
            <Tag.CheckableTag
              key={c.value}
              checked={value.categories.includes(c.value)}
              onChange={(on) => toggle(c.value, on)}
            >
              {c.label}
            </Tag.CheckableTag>
          ))}
        </Form.Item>
        <Form.Item label="负责人">
          <Select
            allowClear
            placeholder="不限"
            style={{ width: 160 }}
            value={value.owner}
            onChange={(owner) => onChange({ ...value, owner })}
            options={['付小小', '曲丽丽', '林东东', '周星星', '吴加好'].map((v) => ({ value: v }))}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
