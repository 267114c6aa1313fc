import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { CHANNEL_OPTIONS, type SysMessageTemplate, sendTestMessage } from '../../../api/message';
import { type FormFieldSchema, KitModal, runCall, SchemaForm } from '../../../components/kit';
import { jsonRule } from './json-data';
import './receiver';

const fields: FormFieldSchema<SysMessageTemplate>[] = [
  { field: 'templateName', label: '模板标题', readOnly: true, submit: false },
  {
    field: 'templateContent',
    label: '模板内容',
    widget: 'textarea',
    readOnly: true,
    submit: false,
    props: { autoSize: { minRows: 3, maxRows: 8 } },
  },
  {
    field: 'testData',
    label: '测试数据',
    widget: 'textarea',
    rules: [jsonRule],
    props: { placeholder: 'JSON 对象，例如 {"name":"张三"}', autoSize: { minRows: 3, maxRows: 6 } },
  },
  { field: 'msgType', label: '消息类型', widget: 'select', required: true, props: { options: CHANNEL_OPTIONS } },
  {
    field: 'receiver',
    label: '消息接收方',
    widget: 'message-receiver',
    required: true,
    props: { channelField: 'msgType' },
  },
];

/** 发送测试 (JeecgBoot SysMessageTestModal): the template filled with test data, sent to one receiver. */
export function SendTestModal({ template, onClose }: { template: SysMessageTemplate | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!template) return;
    form.resetFields();
    form.setFieldsValue({ ...template, testData: template.templateTestJson ?? '', msgType: template.templateType });
  }, [template, form]);

  const submit = async () => {
    if (!template) return;
    const v = await form.validateFields();
    setSending(true);
    const body = {
      templateCode: template.templateCode,
      testData: v.testData?.trim() || null,
      receiver: String(v.receiver).trim(),
      msgType: v.msgType,
    };
    if (await runCall(() => sendTestMessage(body), undefined, '消息发送成功！')) onClose();
    setSending(false);
  };

  return (
    <KitModal
      title="发送测试"
      open={!!template}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      okText="发送"
    >
      {template && (
        <SchemaForm form={form} fields={fields} ctx={{ record: template, mode: 'add', fixed: {} }} name="send-test" />
      )}
    </KitModal>
  );
}
