import { Card, Descriptions, Divider, Table } from 'antd';
import { loadProject } from '../../../api/examples';
import { useStoredRecord } from '../stored-record';

const TYPE_TEXT = { private: '私密', public: '公开' } as const;

/**
 * 基础详情页 (profile/basic/Index): a stored 高级表单 record (`?id=`, else the newest) as descriptions and its members
 * table — the original showed a hard-coded refund; here the data is whatever the form stored.
 */
export default function BasicProfile() {
  const { data, placeholder } = useStoredRecord('example-project', loadProject, '还没有提交过高级表单');
  if (!data) return placeholder;
  return (
    <Card variant="borderless" data-testid="basic-profile">
      <Descriptions title="仓库信息" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="仓库名">{data.name}</Descriptions.Item>
        <Descriptions.Item label="仓库域名">http://{data.url}.com</Descriptions.Item>
        <Descriptions.Item label="仓库类型">{TYPE_TEXT[data.type]}</Descriptions.Item>
        <Descriptions.Item label="仓库管理员">{data.owner}</Descriptions.Item>
        <Descriptions.Item label="审批人">{data.approver}</Descriptions.Item>
        <Descriptions.Item label="生效日期">
          {data.startDate} ~ {data.endDate}
        </Descriptions.Item>
      </Descriptions>
      <Divider />
      <Descriptions title="任务信息" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="任务名">{data.taskName}</Descriptions.Item>
        <Descriptions.Item label="执行人">{data.executor}</Descriptions.Item>
        <Descriptions.Item label="责任人">{data.responsible}</Descriptions.Item>
        <Descriptions.Item label="提醒时间">{data.taskTime}</Descriptions.Item>
        <Descriptions.Item label="任务类型">{TYPE_TEXT[data.taskType]}</Descriptions.Item>
        <Descriptions.Item label="任务描述">{data.taskDescription}</Descriptions.Item>
      </Descriptions>
      <Divider />
      <div style={{ fontWeight: 500, fontSize: 16, marginBottom: 16 }}>成员</div>
      <Table
        rowKey="workId"
        pagination={false}
        dataSource={data.members}
        columns={[
          { title: '成员姓名', dataIndex: 'name' },
          { title: '工号', dataIndex: 'workId' },
          { title: '所属部门', dataIndex: 'department' },
        ]}
      />
    </Card>
  );
}
