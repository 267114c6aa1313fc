import { CloseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Form, Input, Popconfirm, Popover, Row, Select, Table, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { type Member, submitProject } from '../../../api/examples';
import { runCall } from '../../../components/kit';

interface Values {
  name: string;
  url: string;
  owner: string;
  approver: string;
  range: [Dayjs, Dayjs];
  type: 'private' | 'public';
  taskName: string;
  taskDescription: string;
  executor: string;
  responsible: string;
  taskTime: Dayjs;
  taskType: 'private' | 'public';
  members: Member[];
}

const TYPES = [
  { value: 'private', label: '私密' },
  { value: 'public', label: '公开' },
];
const PEOPLE = ['付小小', '曲丽丽', '林东东', '周星星'].map((v) => ({ value: v }));
const req = (message: string) => [{ required: true, whitespace: true, message }];
let nextKey = 1;

const FIELD_LABELS: Record<string, string> = {
  name: '仓库名',
  url: '仓库域名',
  owner: '仓库管理员',
  approver: '审批人',
  range: '生效日期',
  type: '仓库类型',
  taskName: '任务名',
  taskDescription: '任务描述',
  executor: '执行人',
  responsible: '责任人',
  taskTime: '提醒时间',
  taskType: '任务类型',
  members: '成员',
};

/**
 * 高级表单 (form/advancedForm/AdvancedForm): 仓库管理 and 任务管理 cards, an editable 成员管理 table, and on a failed submit
 * the error summary popover of the template (click an entry to scroll to its field). Stored by POST /example/project/add.
 */
export default function AdvancedForm() {
  const [form] = Form.useForm<Values>();
  const [errors, setErrors] = useState<{ name: string; label: string; error: string }[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
      setErrors([]);
    } catch (e) {
      const fields = (e as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields ?? [];
      setErrors(
        fields.map((f) => ({
          name: f.name.join('.'),
          label:
            f.name[0] === 'members' && f.name.length > 1
              ? `成员第 ${Number(f.name[1]) + 1} 行`
              : (FIELD_LABELS[String(f.name[0])] ?? String(f.name[0])),
          error: f.errors[0],
        })),
      );
      return;
    }
    setSaving(true);
    const ok = await runCall(
      () =>
        submitProject({
          ...v,
          range: undefined,
          startDate: v.range[0].format('YYYY-MM-DD'),
          endDate: v.range[1].format('YYYY-MM-DD'),
          taskTime: v.taskTime.format('HH:mm'),
          members: (v.members ?? []).map(({ name, workId, department }) => ({ name, workId, department })),
        }),
      undefined,
      '提交成功',
    );
    setSaving(false);
    if (ok) form.resetFields();
  };

  const errorList = (
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="advanced-errors">
      {errors.map((e) => (
        <li key={e.name} style={{ padding: '4px 0', cursor: 'pointer' }}>
          <button
            type="button"
            style={{ all: 'unset', cursor: 'pointer' }}
            onClick={() => form.scrollToField(e.name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)))}
          >
            <CloseCircleOutlined style={{ color: '#ff4d4f', marginRight: 8 }} />
            <b>{e.label}</b>：{e.error}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="advanced-form"
      initialValues={{
        type: 'private',
        taskType: 'private',
        members: [{ key: 'm0', name: '林东东', workId: '00001', department: '研发部' }],
      }}
    >
      <Card title="仓库管理" variant="borderless" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col lg={6} md={12} sm={24} xs={24}>
            <Form.Item label="仓库名" name="name" rules={req('请输入仓库名称')}>
              <Input placeholder="请输入仓库名称" />
            </Form.Item>
          </Col>
          <Col xl={{ span: 6, offset: 2 }} lg={8} md={12} sm={24} xs={24}>
            <Form.Item
              label="仓库域名"
              name="url"
              rules={[
                ...req('请输入仓库域名'),
                { pattern: /^[a-z0-9-]+$/i, message: '仓库域名只能包含字母、数字和连字符' },
              ]}
            >
              <Input addonBefore="http://" addonAfter=".com" placeholder="请输入" />
            </Form.Item>
          </Col>
          <Col xl={{ span: 8, offset: 2 }} lg={10} md={24} sm={24} xs={24}>
            <Form.Item label="仓库管理员" name="owner" rules={req('请选择管理员')}>
              <Select placeholder="请选择管理员" options={PEOPLE} />
            </Form.Item>
          </Col>
          <Col lg={6} md={12} sm={24} xs={24}>
            <Form.Item label="审批人" name="approver" rules={req('请选择审批员')}>
              <Select placeholder="请选择审批员" options={PEOPLE} />
            </Form.Item>
          </Col>
          <Col xl={{ span: 6, offset: 2 }} lg={8} md={12} sm={24} xs={24}>
            <Form.Item label="生效日期" name="range" rules={[{ required: true, message: '请选择生效日期' }]}>
              <DatePicker.RangePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xl={{ span: 8, offset: 2 }} lg={10} md={24} sm={24} xs={24}>
            <Form.Item label="仓库类型" name="type" rules={[{ required: true, message: '请选择仓库类型' }]}>
              <Select options={TYPES} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="任务管理" variant="borderless" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col lg={6} md={12} sm={24} xs={24}>
            <Form.Item label="任务名" name="taskName" rules={req('请输入任务名')}>
              <Input placeholder="请输入" />
            </Form.Item>
          </Col>
          <Col xl={{ span: 6, offset: 2 }} lg={8} md={12} sm={24} xs={24}>
            <Form.Item label="任务描述" name="taskDescription" rules={req('请输入任务描述')}>
              <Input placeholder="请输入" />
            </Form.Item>
          </Col>
          <Col xl={{ span: 8, offset: 2 }} lg={10} md={24} sm={24} xs={24}>
            <Form.Item label="执行人" name="executor" rules={req('请选择执行人')}>
              <Select placeholder="请选择执行人" options={PEOPLE} />
            </Form.Item>
          </Col>
          <Col lg={6} md={12} sm={24} xs={24}>
            <Form.Item label="责任人" name="responsible" rules={req('请选择责任人')}>
              <Select placeholder="请选择责任人" options={PEOPLE} />
            </Form.Item>
          </Col>
          <Col xl={{ span: 6, offset: 2 }} lg={8} md={12} sm={24} xs={24}>
            <Form.Item label="提醒时间" name="taskTime" rules={[{ required: true, message: '请选择提醒时间' }]}>
              <TimePicker format="HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xl={{ span: 8, offset: 2 }} lg={10} md={24} sm={24} xs={24}>
            <Form.Item label="任务类型" name="taskType" rules={[{ required: true, message: '请选择任务类型' }]}>
              <Select options={TYPES} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="成员管理" variant="borderless" style={{ marginBottom: 64 }}>
        <Form.List
          name="members"
          rules={[
            {
              validator: async (_, ms?: Member[]) => {
                if (!ms?.length) throw new Error('至少添加一名成员');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors: listErrors }) => (
            <>
              <Table
                rowKey="key"
                pagination={false}
                size="middle"
                dataSource={fields}
                data-testid="members-table"
                columns={[
                  {
                    title: '成员姓名',
                    width: '25%',
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'name']} rules={req('请输入成员姓名')} style={{ margin: 0 }}>
                        <Input placeholder="成员姓名" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '工号',
                    width: '25%',
                    render: (_, f) => (
                      <Form.Item
                        name={[f.name, 'workId']}
                        rules={[...req('请输入工号'), { pattern: /^\d{3,20}$/, message: '工号应为 3 位以上数字' }]}
                        style={{ margin: 0 }}
                      >
                        <Input placeholder="工号" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '所属部门',
                    width: '35%',
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'department']} rules={req('请输入所属部门')} style={{ margin: 0 }}>
                        <Input placeholder="所属部门" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '操作',
                    render: (_, f) => (
                      <Popconfirm title="是否要删除此行？" onConfirm={() => remove(f.name)}>
                        <Button type="link">删除</Button>
                      </Popconfirm>
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={listErrors} />
              <Button
                block
                type="dashed"
                icon={<PlusOutlined />}
                style={{ marginTop: 16 }}
                onClick={() => add({ key: `m${nextKey++}`, name: '', workId: '', department: '' })}
              >
                新增成员
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 9,
          padding: '12px 24px',
          textAlign: 'right',
          background: 'var(--ant-color-bg-container, #fff)',
          boxShadow: '0 -1px 2px rgba(0,0,0,.03)',
        }}
      >
        {errors.length > 0 && (
          <Popover title="表单校验信息" content={errorList} trigger="click" defaultOpen placement="topRight">
            <Button
              type="text"
              danger
              icon={<CloseCircleOutlined />}
              data-testid="error-count"
              style={{ marginRight: 16 }}
            >
              {errors.length}
            </Button>
          </Popover>
        )}
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          提交
        </Button>
      </div>
    </Form>
  );
}
