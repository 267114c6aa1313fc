import { Badge, Card, Descriptions, Statistic, Steps, Table, Tabs } from 'antd';
import { loadTransfer } from '../../../api/examples';
import { useStoredRecord } from '../stored-record';

const STEPS = ['提交转账', '初审', '复核', '到账'];
const STATUS_TEXT = ['已提交', '初审通过', '复核通过', '已到账'];
const TYPE_TEXT = { alipay: '支付宝', bank: '银行账户' } as const;

/**
 * 高级详情页 (profile/advanced/Advanced): a stored 分步表单 transfer (`?id=`, else the newest) — header descriptions and
 * amount, the 流程进度 steps from its status, and tabs with its details and operation record.
 */
export default function AdvancedProfile() {
  const { data, placeholder } = useStoredRecord('example-transfer', loadTransfer, '还没有转账记录');
  if (!data) return placeholder;
  const log = [
    { key: 'submit', type: '提交转账', who: data.createBy ?? '—', result: '成功', time: data.createTime ?? '' },
    ...STEPS.slice(1, data.status + 1).map((s) => ({ key: s, type: s, who: '系统', result: '通过', time: '' })),
  ];
  return (
    <div data-testid="advanced-profile">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 16 }}>
          <Descriptions title={`转账单号：${data.id}`} column={{ xs: 1, sm: 2 }} style={{ flex: 1, minWidth: 320 }}>
            <Descriptions.Item label="创建人">{data.createBy}</Descriptions.Item>
            <Descriptions.Item label="付款账户">{data.payAccount}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{data.createTime}</Descriptions.Item>
            <Descriptions.Item label="收款人">{data.receiverName}</Descriptions.Item>
            <Descriptions.Item label="备注">{data.remark || '—'}</Descriptions.Item>
          </Descriptions>
          <div style={{ display: 'flex', gap: 32 }}>
            <Statistic title="状态" value={STATUS_TEXT[data.status]} />
            <Statistic title="转账金额" prefix="¥" value={data.amount} precision={2} />
          </div>
        </div>
      </Card>
      <Card title="流程进度" variant="borderless" style={{ marginBottom: 16 }}>
        <Steps current={data.status} items={STEPS.map((title) => ({ title }))} />
      </Card>
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'detail',
              label: '转账详情',
              children: (
                <Descriptions bordered column={{ xs: 1, sm: 2 }}>
                  <Descriptions.Item label="收款方式">{TYPE_TEXT[data.receiverType]}</Descriptions.Item>
                  <Descriptions.Item label="收款账户">{data.receiverAccount}</Descriptions.Item>
                  <Descriptions.Item label="收款人姓名">{data.receiverName}</Descriptions.Item>
                  <Descriptions.Item label="转账金额">￥ {Number(data.amount).toFixed(2)} 元</Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'log',
              label: '操作日志',
              children: (
                <Table
                  pagination={false}
                  dataSource={log}
                  columns={[
                    { title: '操作类型', dataIndex: 'type' },
                    { title: '操作人', dataIndex: 'who' },
                    {
                      title: '执行结果',
                      dataIndex: 'result',
                      render: (v: string) => <Badge status="success" text={v} />,
                    },
                    { title: '操作时间', dataIndex: 'time', render: (v: string) => v || '—' },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
