import { Col, Form, Input, InputNumber, Modal, Radio, Row, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type MenuType, type PermissionForm, type SysPermission, savePermission } from '../../../api/permission';
import { IconPicker } from '../../../components/IconPicker';
import { useFeedback } from '../../../utils/feedback';
import { parentOptions, permsTaken } from './menu-logic';

export interface PermissionModalProps {
  /** null: closed; a row without id: 新增 (with defaults); a row with id: 编辑 */
  record: (Partial<SysPermission> & { menuType: MenuType }) | null;
  /** the whole loaded tree (parent choices, perms uniqueness) */
  tree: readonly SysPermission[];
  onClose: () => void;
  /** after a save; parentId: the row's parent (the list opens it so the row shows) */
  onSaved: (parentId?: string) => void;
}

const TYPE_OPTIONS = [
  { value: 0, label: '一级菜单' },
  { value: 1, label: '子菜单' },
  { value: 2, label: '按钮/权限' },
];

/**
 * 菜单 add / edit dialog (JeecgBoot PermissionModal): the fields follow the type — menus have path, component, icon
 * and route switches; buttons have the permission code (unique), its strategy (显示/禁用) and status (有效/无效).
 */
export function PermissionModal({ record, tree, onClose, onSaved }: PermissionModalProps) {
  const [form] = Form.useForm<PermissionForm>();
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);
  const type = (Form.useWatch('menuType', form) ?? record?.menuType ?? 0) as MenuType;
  const parents = useMemo(() => parentOptions(tree, record?.id), [tree, record?.id]);
  const taken = useMemo(() => permsTaken(tree, record?.id), [tree, record?.id]);

  useEffect(() => {
    if (!record) return;
    form.resetFields();
    form.setFieldsValue({
      ...record,
      parentId: record.parentId || undefined,
      sortNo: record.sortNo ?? 1,
      permsType: record.permsType && record.permsType !== '0' ? record.permsType : '1',
      status: record.status ?? '1',
    } as PermissionForm);
  }, [record, form]);

  const ok = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await savePermission({
        ...values,
        id: record?.id,
        parentId: values.menuType === 0 ? '' : values.parentId,
      });
      if (!res.success) {
        message.warning(res.message || '操作失败');
        return;
      }
      message.success(res.message);
      onSaved(values.menuType === 0 ? undefined : (values.parentId ?? undefined));
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const isButton = type === 2;
  const half = { xs: 24, md: 12 };

  return (
    <Modal
      title={record?.id ? '编辑' : '新增'}
      open={!!record}
      width={900}
      confirmLoading={saving}
      onOk={() => void ok()}
      onCancel={onClose}
      okText="确定"
      cancelText="关闭"
      forceRender
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Form form={form} name="permissionForm" labelCol={{ span: 7 }} wrapperCol={{ span: 16 }}>
        <Row>
          <Col span={24}>
            <Form.Item name="menuType" label="菜单类型" labelCol={{ xs: 7, md: 3 }} wrapperCol={{ xs: 16, md: 20 }}>
              <Radio.Group options={TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="name"
              label={isButton ? '按钮/权限' : '菜单名称'}
              rules={[{ required: true, message: isButton ? '请输入按钮/权限名称!' : '请输入菜单名称!' }]}
            >
              <Input placeholder={isButton ? '请输入按钮/权限名称' : '请输入菜单名称'} maxLength={255} />
            </Form.Item>
          </Col>
          {type !== 0 && (
            <Col {...half}>
              <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单!' }]}>
                <TreeSelect
                  treeData={parents}
                  placeholder="请选择上级菜单"
                  showSearch
                  treeNodeFilterProp="title"
                  allowClear
                  styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
                />
              </Form.Item>
            </Col>
          )}
          {!isButton && (
            <>
              <Col {...half}>
                <Form.Item name="url" label="访问路径" rules={[{ required: true, message: '请输入访问路径!' }]}>
                  <Input placeholder="如 /isystem/user，外部链接以 http 开头" maxLength={255} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  name="component"
                  label="前端组件"
                  rules={type === 1 ? [{ required: true, message: '请输入前端组件!' }] : []}
                >
                  <Input placeholder={type === 0 ? '默认 layouts/RouteView' : '如 system/UserList'} maxLength={255} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  name="componentName"
                  label="组件名称"
                  rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: '只能包含字母、数字、下划线和横线' }]}
                >
                  <Input placeholder="请输入组件名称" maxLength={100} />
                </Form.Item>
              </Col>
              {type === 0 && (
                <Col {...half}>
                  <Form.Item name="redirect" label="默认跳转地址">
                    <Input placeholder="请输入路由参数 redirect" maxLength={255} />
                  </Form.Item>
                </Col>
              )}
              <Col {...half}>
                <Form.Item name="icon" label="菜单图标">
                  <IconPicker />
                </Form.Item>
              </Col>
            </>
          )}
          {isButton && (
            <>
              <Col {...half}>
                <Form.Item
                  name="perms"
                  label="授权标识"
                  rules={[
                    { required: true, message: '请输入授权标识!' },
                    { pattern: /^[A-Za-z0-9:_.,-]+$/, message: '只能包含字母、数字及 : _ . , -' },
                    {
                      validator: async (_r, v: string) => {
                        if (v && taken.has(v.trim())) throw new Error('授权标识已存在!');
                      },
                    },
                  ]}
                >
                  <Input placeholder="多个用逗号分隔，如 user:list,user:create" maxLength={1000} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="permsType" label="授权策略" tooltip="显示：无权限时隐藏；禁用：无权限时可见但不可用">
                  <Radio.Group
                    options={[
                      { value: '1', label: '显示' },
                      { value: '2', label: '禁用' },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="status" label="状态">
                  <Radio.Group
                    options={[
                      { value: '1', label: '有效' },
                      { value: '0', label: '无效' },
                    ]}
                  />
                </Form.Item>
              </Col>
            </>
          )}
          <Col {...half}>
            <Form.Item name="sortNo" label="排序">
              <InputNumber placeholder="请输入菜单排序" style={{ width: '100%' }} min={-9999} max={99999} />
            </Form.Item>
          </Col>
          {!isButton && (
            <>
              <Col {...half}>
                <Form.Item name="route" label="是否路由菜单" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="hidden" label="隐藏路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="hideTab" label="隐藏Tab" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="keepAlive" label="是否缓存路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="alwaysShow" label="聚合路由" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="internalOrExternal" label="打开方式" valuePropName="checked">
                  <Switch checkedChildren="外部" unCheckedChildren="内部" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
