import { Col, DatePicker, Form, Input, Modal, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { type AnnouncementForm, type SysAnnouncement, saveAnnouncement } from '../../../api/announcement';
import { JSelectUserByDep } from '../../../components/JSelectUserByDep';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { useFeedback } from '../../../utils/feedback';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface FormValues {
  titile: string;
  msgCategory: string;
  priority: string;
  msgType: string;
  userIds?: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  openType?: string;
  openPage?: string;
  busId?: string;
  msgAbstract?: string;
  msgContent?: string;
}

/** an internal route: one leading "/", no scheme, no "//", no backslash (the server checks the same) */
export function isInternalRoute(v: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(v) && !/^\/[^/?#]*:/.test(v);
}

export function isViewPath(v: string): boolean {
  return /^\/?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(v);
}

/** the chosen users as the picker wants them: ids without JeecgBoot's trailing comma */
export function pickerIds(userIds: string | null | undefined): string {
  return (userIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}

const toDay = (v?: string | null) => (v ? dayjs(v, FMT) : null);

export interface AnnouncementFormModalProps {
  /** null: closed; { record: null }: add; { record }: edit */
  editor: { record: SysAnnouncement | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑 of 系统通告 (JeecgBoot SysAnnouncementModal, width 900). */
export function AnnouncementFormModal({ editor, onClose, onSaved }: AnnouncementFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const record = editor?.record ?? null;
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  useEffect(() => {
    if (!editor) return;
    form.resetFields();
    const r = editor.record;
    form.setFieldsValue(
      r
        ? {
            titile: r.titile ?? '',
            msgCategory: r.msgCategory ?? '1',
            priority: (r.priority as string) ?? 'L',
            msgType: r.msgType ?? 'ALL',
            userIds: pickerIds(r.userIds),
            startTime: toDay(r.startTime),
            endTime: toDay(r.endTime),
            openType: r.openType ?? undefined,
            openPage: r.openPage ?? undefined,
            busId: r.busId ?? undefined,
            msgAbstract: r.msgAbstract ?? undefined,
            msgContent: r.msgContent ?? '',
          }
        : { msgCategory: '1', priority: 'L', msgType: 'ALL', msgContent: '' },
    );
  }, [editor, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: AnnouncementForm = {
      titile: v.titile.trim(),
      msgCategory: v.msgCategory,
      priority: v.priority,
      msgType: v.msgType,
      userIds: v.msgType === 'USER' && v.userIds ? `${pickerIds(v.userIds)},` : null,
      startTime: v.startTime ? v.startTime.format(FMT) : null,
      endTime: v.endTime ? v.endTime.format(FMT) : null,
      openType: v.openType || null,
      openPage: v.openType ? v.openPage?.trim() || null : null,
      busId: v.openType === 'component' ? v.busId?.trim() || null : null,
      msgAbstract: v.msgAbstract?.trim() || null,
      msgContent: v.msgContent ?? '',
    };
    setSaving(true);
    try {
      const res = await saveAnnouncement(body, record?.id);
      if (res.success) {
        message.success(res.message || '操作成功');
        onSaved();
        onClose();
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={record ? '编辑' : '新增'}
      open={!!editor}
      width={900}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Form
        form={form}
        name="announcement"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 19 }}
        data-testid="announcement-form"
      >
        <Form.Item label="标题" name="titile" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input placeholder="请输入标题" maxLength={100} />
        </Form.Item>
        <Form.Item label="消息类型" name="msgCategory" rules={[{ required: true, message: '请选择消息类型' }]}>
          <Radio.Group
            options={[
              { value: '1', label: '通知公告' },
              { value: '2', label: '系统消息' },
            ]}
          />
        </Form.Item>
        <Row>
          <Col xs={24} md={12}>
            <Form.Item label="开始时间" name="startTime" labelCol={{ span: 8 }} wrapperCol={{ span: 15 }}>
              <DatePicker showTime format={FMT} placeholder="请选择开始时间" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="结束时间"
              name="endTime"
              labelCol={{ span: 6 }}
              wrapperCol={{ span: 16 }}
              dependencies={['startTime']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, value: Dayjs | null) => {
                    const start = getFieldValue('startTime') as Dayjs | null;
                    if (value && start && value.isBefore(start)) throw new Error('结束时间不能早于开始时间');
                  },
                }),
              ]}
            >
              <DatePicker showTime format={FMT} placeholder="请选择结束时间" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="优先级" name="priority" rules={[{ required: true, message: '请选择优先级' }]}>
          <Radio.Group
            options={[
              { value: 'L', label: '低' },
              { value: 'M', label: '中' },
              { value: 'H', label: '高' },
            ]}
          />
        </Form.Item>
        <Form.Item label="通告对象" name="msgType" rules={[{ required: true, message: '请选择通告对象类型' }]}>
          <Radio.Group
            options={[
              { value: 'ALL', label: '全体用户' },
              { value: 'USER', label: '指定用户' },
            ]}
          />
        </Form.Item>
        {msgType === 'USER' && (
          <Form.Item label="指定用户" name="userIds" rules={[{ required: true, message: '请选择用户' }]}>
            <JSelectUserByDep store="id" placeholder="请选择用户" />
          </Form.Item>
        )}
        <Form.Item label="打开方式" name="openType">
          <Select
            allowClear
            placeholder="不跳转"
            options={[
              { value: 'url', label: '跳转地址（url）' },
              { value: 'component', label: '弹出组件（component）' },
            ]}
          />
        </Form.Item>
        {openType && (
          <Form.Item
            label={openType === 'url' ? '跳转地址' : '组件路径'}
            name="openPage"
            extra={
              openType === 'url'
                ? '系统内的页面路径，如 /isps/userAnnouncement'
                : '页面组件，如 modules/message/SysMessageList'
            }
            rules={[
              { required: true, whitespace: true, message: openType === 'url' ? '请填写跳转地址' : '请填写组件路径' },
              {
                validator: async (_, value: string) => {
                  if (!value?.trim()) return;
                  if (openType === 'url' && !isInternalRoute(value.trim()))
                    throw new Error('跳转地址只能是系统内的页面路径（以 / 开头，不能包含协议、// 或反斜杠）');
                  if (openType === 'component' && !isViewPath(value.trim()))
                    throw new Error('组件路径只能是系统内的页面组件，如 modules/xxx/XxxForm');
                },
              },
            ]}
          >
            <Input
              maxLength={255}
              placeholder={openType === 'url' ? '/isps/userAnnouncement' : 'modules/xxx/XxxForm'}
            />
          </Form.Item>
        )}
        {openType === 'component' && (
          <Form.Item label="业务ID" name="busId">
            <Input maxLength={50} placeholder="组件打开的记录 id（可选）" />
          </Form.Item>
        )}
        <Form.Item label="摘要" name="msgAbstract">
          <Input.TextArea placeholder="请输入摘要" maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label="内容" name="msgContent">
          <RichTextEditor height={300} placeholder="请输入通告内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default AnnouncementFormModal;
