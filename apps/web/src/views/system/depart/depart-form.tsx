import { Form, Input, InputNumber, Radio } from 'antd';
import type { DepartForm } from '../../../api/depart';

/** landline or mobile: digits, +, -, spaces, parentheses */
export const PHONE_RULE = { pattern: /^[0-9+\-() ]{0,32}$/, message: '请输入正确的电话号码' };

/** 机构类型: 公司 for top-level departments, 部门 / 岗位 below */
export function OrgCategoryField({ topLevel }: { topLevel: boolean }) {
  return (
    <Form.Item label="机构类型" name="orgCategory" rules={[{ required: true, message: '请选择机构类型' }]}>
      <Radio.Group>
        {topLevel ? (
          <Radio value="1">公司</Radio>
        ) : (
          <>
            <Radio value="2">部门</Radio>
            <Radio value="3">岗位</Radio>
          </>
        )}
      </Radio.Group>
    </Form.Item>
  );
}

/** The fields the add modal and the 基本信息 form share (after 机构名称 / 上级 / 编码 / 类型). */
export function DepartDetailFields() {
  return (
    <>
      <Form.Item label="排序" name="departOrder">
        <InputNumber min={-999999} max={999999} precision={0} placeholder="请输入排序" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="电话" name="mobile" rules={[PHONE_RULE]}>
        <Input placeholder="请输入电话" maxLength={32} />
      </Form.Item>
      <Form.Item label="传真" name="fax" rules={[PHONE_RULE]}>
        <Input placeholder="请输入传真" maxLength={32} />
      </Form.Item>
      <Form.Item label="地址" name="address">
        <Input placeholder="请输入地址" maxLength={100} />
      </Form.Item>
      <Form.Item label="备注" name="memo">
        <Input.TextArea placeholder="请输入备注" maxLength={500} rows={3} />
      </Form.Item>
    </>
  );
}

export const DEPART_NAME_RULES = [
  { required: true, whitespace: true, message: '请输入机构/部门名称!' },
  { max: 100, message: '最大长度100位字符' },
];

/** form values → request body (empty strings become null) */
export function departBody(v: DepartForm): DepartForm {
  const s = (x: string | null | undefined) => (x?.trim() ? x.trim() : null);
  return {
    departName: v.departName.trim(),
    orgCategory: v.orgCategory,
    departOrder: v.departOrder ?? 0,
    mobile: s(v.mobile),
    fax: s(v.fax),
    address: s(v.address),
    memo: s(v.memo),
  };
}
