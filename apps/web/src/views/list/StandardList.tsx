import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Row,
  Select,
  Statistic,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EXAMPLE_URLS, type Item } from '../../api/examples';
import { http } from '../../api/http';
import { runCall } from '../../components/kit';
import { useCan } from '../../permission/useCan';
import { validFields } from '../../utils/form-validation';
import { ItemAvatar, like, useItems } from './example-items';

const PROGRESS_STATUS = { active: 'active', exception: 'exception', normal: 'normal', success: 'success' } as const;

/**
 * 标准列表 (list/StandardList): the template's task list over /example/item — 全部 / 进行中 / 等待中, a search, progress
 * per row, 添加 / 编辑 in a modal, 删除 (button permissions example:item:*).
 */
export default function StandardList() {
  const [status, setStatus] = useState<string>('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [form] = Form.useForm();
  const decide = useCan();
  const can = (code: string) => decide(code) === 'allow';
  const { data, isFetching, refetch } = useItems({
    pageNo: page,
    pageSize: 5,
    status: status || undefined,
    title: like(keyword),
  });
  const total = useItems({ pageNo: 1, pageSize: 1 }).data?.total ?? 0;
  const active = useItems({ pageNo: 1, pageSize: 1, status: 'active' }).data?.total ?? 0;
  const done = useItems({ pageNo: 1, pageSize: 1, status: 'success' }).data?.total ?? 0;

  const open = (item: Item | 'new') => {
    setEditing(item);
    form.setFieldsValue(
      item === 'new'
        ? { title: '', owner: undefined, startAt: undefined, description: '', percent: 0 }
        : { ...item, startAt: item.startAt ? dayjs(item.startAt) : undefined },
    );
  };
  const save = async () => {
    const v = await validFields(form);
    if (!v) return;
    const body = { ...v, startAt: v.startAt ? v.startAt.format('YYYY-MM-DD HH:mm:ss') : null };
    const ok = await runCall(() =>
      editing === 'new' || !editing
        ? http.post(EXAMPLE_URLS.item.add, body)
        : http.put(EXAMPLE_URLS.item.edit, { ...body, id: editing.id }),
    );
    if (ok) {
      setEditing(null);
      void refetch();
    }
  };

  return (
    <div>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Row>
          <Col sm={8} xs={24}>
            <Statistic title="我的待办" value={total} suffix="个任务" />
          </Col>
          <Col sm={8} xs={24}>
            <Statistic title="进行中" value={active} suffix="个任务" />
          </Col>
          <Col sm={8} xs={24}>
            <Statistic title="已完成" value={done} suffix="个任务" />
          </Col>
        </Row>
      </Card>
      <Card
        variant="borderless"
        title="标准列表"
        extra={
          <>
            <Radio.Group
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
              options={[
                { value: '', label: '全部' },
                { value: 'active', label: '进行中' },
                { value: 'normal', label: '等待中' },
              ]}
              optionType="button"
            />
            <Input.Search
              style={{ marginLeft: 16, width: 272, maxWidth: 'calc(100% - 16px)' }}
              placeholder="请输入任务名称"
              allowClear
              onSearch={(v) => {
                setKeyword(v);
                setPage(1);
              }}
            />
          </>
        }
      >
        {can('example:item:add') && (
          <Button type="dashed" block icon={<PlusOutlined />} style={{ marginBottom: 8 }} onClick={() => open('new')}>
            添加
          </Button>
        )}
        <div data-testid="standard-list">
          <List<Item>
            loading={isFetching}
            dataSource={data?.records ?? []}
            pagination={{
              current: page,
              pageSize: 5,
              total: data?.total ?? 0,
              onChange: setPage,
              showTotal: (n) => `共 ${n} 条`,
            }}
            renderItem={(item) => (
              <List.Item
                actions={[
                  can('example:item:edit') && (
                    <Button key="edit" type="link" onClick={() => open(item)}>
                      编辑
                    </Button>
                  ),
                  can('example:item:delete') && (
                    <Popconfirm
                      key="del"
                      title="确定删除该任务吗？"
                      onConfirm={() =>
                        void runCall(
                          () => http.delete(EXAMPLE_URLS.item.delete, { id: item.id }),
                          () => refetch(),
                        )
                      }
                    >
                      <Button type="link">删除</Button>
                    </Popconfirm>
                  ),
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  avatar={<ItemAvatar item={item} size={48} shape="square" />}
                  title={item.title}
                  description={item.description}
                />
                <div
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: '8px 40px',
                    color: 'rgba(0,0,0,.45)',
                    whiteSpace: 'nowrap',
                  }}
                >
                  <div>
                    <div>负责人</div>
                    <div>{item.owner}</div>
                  </div>
                  <div>
                    <div>开始时间</div>
                    <div>{item.startAt ? dayjs(item.startAt).format('YYYY-MM-DD HH:mm') : '—'}</div>
                  </div>
                  <Progress
                    percent={item.percent}
                    status={PROGRESS_STATUS[item.status]}
                    size="small"
                    style={{ width: 180, maxWidth: '100%' }}
                  />
                </div>
              </List.Item>
            )}
          />
        </div>
      </Card>
      <Modal
        title={editing === 'new' ? '任务添加' : '任务编辑'}
        open={editing !== null}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} data-testid="item-form">
          <Form.Item
            label="任务名称"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}
          >
            <Input placeholder="请输入" maxLength={100} />
          </Form.Item>
          <Form.Item label="开始时间" name="startAt" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="任务负责人" name="owner" rules={[{ required: true, message: '请选择任务负责人' }]}>
            <Select options={['付晓晓', '周毛毛', '付小小', '曲丽丽'].map((v) => ({ value: v }))} />
          </Form.Item>
          <Form.Item label="进度" name="percent">
            <Select options={[0, 25, 50, 75, 100].map((v) => ({ value: v, label: `${v}%` }))} />
          </Form.Item>
          <Form.Item label="产品描述" name="description">
            <Input.TextArea rows={3} placeholder="请输入至少五个字符" maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
