import { CloseCircleOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';

/** 失败 (result/Error): the template's failure result with the reasons and what to do next. */
export default function ErrorResult() {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status="error"
        title="提交失败"
        subTitle="请核对并修改以下信息后，再重新提交。"
        extra={
          <Button type="primary" onClick={() => navigate('/form/base-form')}>
            返回修改
          </Button>
        }
      >
        <Typography.Paragraph>
          <Typography.Text strong style={{ fontSize: 16 }}>
            您提交的内容有如下错误：
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: '#ff4d4f', marginRight: 8 }} />
          您的账户已被冻结
          <Typography.Link style={{ marginLeft: 16 }} onClick={() => navigate('/account/settings/security')}>
            立即解冻 <RightOutlined />
          </Typography.Link>
        </Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: '#ff4d4f', marginRight: 8 }} />
          您的账户还不具备申请资格
          <Typography.Link style={{ marginLeft: 16 }} onClick={() => navigate('/account/center')}>
            立即升级 <RightOutlined />
          </Typography.Link>
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
