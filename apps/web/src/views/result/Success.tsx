import { Button, Card, Descriptions, Result, Steps } from 'antd';
import { useNavigate } from 'react-router';

/** 成功 (result/Success): the template's success result with the project summary and its progress. */
export default function Success() {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="success"
        title="提交成功"
        subTitle="提交结果页用于反馈一系列操作任务的处理结果，如果仅是简单操作，使用 Message 全局提示反馈即可。本文字区域可以展示简单的补充说明，如果有类似展示“单据”的需求，下面这个灰色区域可以呈现比较复杂的内容。"
        extra={[
          <Button key="back" type="primary" onClick={() => navigate('/list/query-list')}>
            返回列表
          </Button>,
          <Button key="detail" onClick={() => navigate('/profile/basic')}>
            查看项目
          </Button>,
          <Button key="print" onClick={() => window.print()}>
            打印
          </Button>,
        ]}
      >
        <Descriptions title="项目名称" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="项目 ID">23421</Descriptions.Item>
          <Descriptions.Item label="负责人">曲丽丽</Descriptions.Item>
          <Descriptions.Item label="生效时间">2016-12-12 ~ 2017-12-12</Descriptions.Item>
        </Descriptions>
        <Steps
          progressDot
          current={1}
          style={{ marginTop: 24 }}
          items={[
            { title: '创建项目', description: '曲丽丽 2016-12-12 12:32' },
            { title: '部门初审', description: '周毛毛 催一下' },
            { title: '财务复核' },
            { title: '完成' },
          ]}
        />
      </Result>
    </Card>
  );
}
