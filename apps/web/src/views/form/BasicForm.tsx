import { Button, Card, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { submitBasicForm } from '../../api/examples';
import { runCall } from '../../components/kit';

interface Values {
  title: string;
  range: [Dayjs, Dayjs];
  goal: string;
  standard: string;
  client?: string;
  invites?: string;
  weight?: number;
  publicType: '1' | '2' | '3';
  publicUsers?: string[];
}

const layout = { labelCol: { xs: 24, sm: 7 }, wrapperCol: { xs: 24, sm: 12, md: 10 } };

/**
 * 基础表单 (form/BasicForm): the template's goal form — validated here and on the server, stored by
 * POST /example/form/add; 目标公开 = 部分公开 asks for the people it is shared with.
 */
export default function BasicForm() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const publicType = Form.useWatch('publicType', form);

  const submit = async (v: Values) => {
    setSaving(true);
    const saved = await runCall(
      () =>
        submitBasicForm({
          title: v.title,
          startDate: v.range[0].format('YYYY-MM-DD'),
          endDate: v.range[1].format('YYYY-MM-DD'),
          goal: v.goal,
          standard: v.standard,
          client: v.client,
          invites: v.invites,
          weight: v.weight,
          publicType: v.publicType,
          publicUsers: v.publicUsers?.join(','),
        }),
      undefined,
      '提交成功',
    );
    setSaving(false);
    if (saved) form.resetFields();
  };

  return (
    <Card variant="borderless">
      <Form
        form={form}
        {...layout}
        onFinish={submit}
        initialValues={{ publicType: '1' }}
        data-testid="basic-form"
        style={{ marginTop: 8 }}
      >
        <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input placeholder="给目标起个名字" maxLength={100} />
        </Form.Item>
        <Form.Item label="起止日期" name="range" rules={[{ required: true, message: '请选择起止日期' }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Form.Item
          label="目标描述"
          name="goal"
          rules={[{ required: true, whitespace: true, message: '请输入目标描述' }]}
        >
          <Input.TextArea rows={4} placeholder="请输入你的阶段性工作目标" maxLength={1000} />
        </Form.Item>
        <Form.Item
          label="衡量标准"
          name="standard"
          rules={[{ required: true, whitespace: true, message: '请输入衡量标准' }]}
        >
          <Input.TextArea rows={4} placeholder="请输入衡量标准" maxLength={1000} />
        </Form.Item>
        <Form.Item label="客户" name="client" extra="目标的服务对象">
          <Input placeholder="请描述你服务的客户，内部客户直接 @姓名／工号" maxLength={100} />
        </Form.Item>
        <Form.Item label="邀评人" name="invites">
          <Input placeholder="请直接 @姓名／工号，最多可邀请 5 人" maxLength={100} />
        </Form.Item>
        <Form.Item label="权重" name="weight">
          <InputNumber min={0} max={100} suffix="%" placeholder="请输入" />
        </Form.Item>
        <Form.Item label="目标公开" name="publicType" extra="客户、邀评人默认被分享">
          <Radio.Group
            options={[
              { value: '1', label: '公开' },
              { value: '2', label: '部分公开' },
              { value: '3', label: '不公开' },
            ]}
          />
        </Form.Item>
        {publicType === '2' && (
          <Form.Item
            label="公开给"
            name="publicUsers"
            rules={[{ required: true, message: '请选择公开给谁' }]}
            wrapperCol={layout.wrapperCol}
          >
            <Select
              mode="tags"
              placeholder="输入姓名后回车"
              options={['同事甲', '同事乙', '同事丙'].map((v) => ({ value: v }))}
            />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ xs: { span: 24, offset: 0 }, sm: { span: 10, offset: 7 } }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            提交
          </Button>
          <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
            重置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
