import {
  Alert,
  Button,
  Card,
  Descriptions,
  Divider,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Steps,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { submitTransfer } from '../../../api/examples';
import { runCall } from '../../../components/kit';
import { validFields } from '../../../utils/form-validation';

interface Transfer {
  payAccount: string;
  receiverType: 'alipay' | 'bank';
  receiverAccount: string;
  receiverName: string;
  amount: number;
  remark?: string;
}

const EMPTY: Partial<Transfer> = { payAccount: 'ant-design@alipay.com', receiverType: 'alipay' };
const layout = { labelCol: { span: 5 }, wrapperCol: { span: 19 } };
const TYPE_TEXT = { alipay: '支付宝', bank: '银行账户' } as const;

/**
 * 分步表单 (form/stepForm/StepForm): 填写转账信息 → 确认转账信息 → 完成. The values live in this component, so going
 * back shows what was typed; 确认 stores the transfer (POST /example/transfer/add) with the payment password checked here.
 */
export default function StepForm() {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Partial<Transfer>>(EMPTY);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const [fill] = Form.useForm<Transfer>();
  const [confirm] = Form.useForm<{ password: string }>();

  const submit = async () => {
    if (!(await validFields(confirm))) return;
    setSaving(true);
    const ok = await runCall(() => submitTransfer({ ...values }), undefined, '转账成功');
    setSaving(false);
    if (ok) setStep(2);
  };

  const restart = () => {
    setValues(EMPTY);
    fill.setFieldsValue({ ...EMPTY, receiverAccount: undefined, receiverName: undefined, amount: undefined });
    confirm.resetFields();
    setStep(0);
  };

  return (
    <Card variant="borderless">
      <Steps
        current={step}
        style={{ maxWidth: 750, margin: '16px auto' }}
        items={[{ title: '填写转账信息' }, { title: '确认转账信息' }, { title: '完成' }]}
      />
      <div style={{ maxWidth: 560, margin: '40px auto 0' }}>
        {step === 0 && (
          <Form
            form={fill}
            {...layout}
            initialValues={values}
            data-testid="step-fill"
            onFinish={(v) => {
              setValues(v);
              setStep(1);
            }}
          >
            <Form.Item label="付款账户" name="payAccount" rules={[{ required: true, message: '付款账户必须填写' }]}>
              <Select options={[{ value: 'ant-design@alipay.com', label: 'ant-design@alipay.com' }]} />
            </Form.Item>
            <Form.Item label="收款账户" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="receiverType" noStyle>
                  <Select
                    style={{ width: 110 }}
                    options={[
                      { value: 'alipay', label: '支付宝' },
                      { value: 'bank', label: '银行账户' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  name="receiverAccount"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: '收款账户必须填写' }]}
                >
                  <Input placeholder="手机号、邮箱或银行卡号" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              label="收款人姓名"
              name="receiverName"
              rules={[{ required: true, whitespace: true, message: '收款人名称必须核对' }]}
            >
              <Input placeholder="请输入收款人姓名" />
            </Form.Item>
            <Form.Item label="转账金额" name="amount" rules={[{ required: true, message: '转账金额必须填写' }]}>
              <InputNumber prefix="￥" min={0.01} precision={2} style={{ width: '100%' }} placeholder="请输入金额" />
            </Form.Item>
            <Form.Item label="备注" name="remark">
              <Input placeholder="选填" maxLength={500} />
            </Form.Item>
            <Form.Item wrapperCol={{ span: 19, offset: 5 }}>
              <Button type="primary" htmlType="submit">
                下一步
              </Button>
            </Form.Item>
          </Form>
        )}
        {step === 1 && (
          <div data-testid="step-confirm">
            <Alert showIcon closable type="info" title="确认转账后，资金将直接打入对方账户，无法退回。" />
            <Descriptions column={1} style={{ margin: '24px 0' }} styles={{ label: { width: 110 } }}>
              <Descriptions.Item label="付款账户">{values.payAccount}</Descriptions.Item>
              <Descriptions.Item label="收款账户">
                {values.receiverType ? TYPE_TEXT[values.receiverType] : ''} {values.receiverAccount}
              </Descriptions.Item>
              <Descriptions.Item label="收款人姓名">{values.receiverName}</Descriptions.Item>
              <Descriptions.Item label="转账金额">￥ {Number(values.amount ?? 0).toFixed(2)} 元</Descriptions.Item>
            </Descriptions>
            <Divider />
            <Form form={confirm} {...layout}>
              <Form.Item
                label="支付密码"
                name="password"
                rules={[{ required: true, message: '需要支付密码才能进行支付' }]}
              >
                <Input.Password autoComplete="off" placeholder="示例页：任意输入即可" />
              </Form.Item>
              <Form.Item wrapperCol={{ span: 19, offset: 5 }}>
                <Button type="primary" loading={saving} onClick={() => void submit()}>
                  提交
                </Button>
                <Button style={{ marginLeft: 8 }} onClick={() => setStep(0)}>
                  上一步
                </Button>
              </Form.Item>
            </Form>
          </div>
        )}
        {step === 2 && (
          <Result
            status="success"
            title="操作成功"
            subTitle="预计两小时内到账"
            extra={
              <>
                <Button type="primary" onClick={restart}>
                  再转一笔
                </Button>
                <Button onClick={() => navigate('/profile/advanced')}>查看账单</Button>
              </>
            }
          >
            <Descriptions column={1} styles={{ label: { width: 110 } }}>
              <Descriptions.Item label="收款账户">{values.receiverAccount}</Descriptions.Item>
              <Descriptions.Item label="收款人">{values.receiverName}</Descriptions.Item>
              <Descriptions.Item label="转账金额">￥ {Number(values.amount ?? 0).toFixed(2)} 元</Descriptions.Item>
            </Descriptions>
          </Result>
        )}
      </div>
    </Card>
  );
}
