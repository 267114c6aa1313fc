import { Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  allRoles,
  isUserValueFree,
  type RoleOption,
  type SysUser,
  saveUser,
  type TenantOption,
  tenantOptions,
  type UserUniqueField,
  userDeparts,
  userRoleIds,
} from '../../../api/user';
import { JDictSelectTag } from '../../../components/JDictSelectTag';
import { JImageUpload } from '../../../components/JImageUpload';
import { JSelectDepart, type PickedItem } from '../../../components/JSelectDepart';
import { JSelectPosition } from '../../../components/JSelectPosition';
import { useCan } from '../../../permission/useCan';
import { useFeedback } from '../../../utils/feedback';
import { RULES } from '../../../utils/rules';
import { confirmRules, passwordRules, toFormValues, toSaveBody, USER_MSG, type UserFormValues } from './user-form';

export type UserModalMode = 'add' | 'edit' | 'detail';

export interface UserModalProps {
  open: boolean;
  mode: UserModalMode;
  /** the row being edited or shown */
  record?: SysUser | null;
  onClose: () => void;
  /** after a successful save */
  onSaved: () => void;
}

const TITLES: Record<UserModalMode, string> = { add: '添加用户', edit: '编辑用户', detail: '用户详情' };

/**
 * 用户 form (JeecgBoot's UserModal), width 800: account and password (add only), name, work number, position,
 * roles, departments, identity with the departments a superior is in charge of, avatar, birthday, sex, e-mail,
 * phone, landline and tenants. Unique fields are checked against /sys/duplicate/check as they are typed.
 * Field permissions: user:form:birthday and user:form:phone disable their fields when not granted.
 */
export function UserModal({ open, mode, record, onClose, onSaved }: UserModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const { message } = useFeedback();
  const decide = useCan();
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [tenants, setTenants] = useState<TenantOption[]>([]);
  const [departNames, setDepartNames] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const seq = useRef(0);
  const identity = Form.useWatch('userIdentity', form);
  const selectedDeparts = Form.useWatch('selecteddeparts', form);
  const readOnly = mode === 'detail';
  const editingId = mode === 'add' ? undefined : record?.id;

  const birthdayDisabled = decide('user:form:birthday') !== 'allow';
  const phoneDisabled = decide('user:form:phone') !== 'allow';

  useEffect(() => {
    if (!open) return;
    const my = ++seq.current;
    form.resetFields();
    void allRoles().then((r) => my === seq.current && setRoles(r));
    void tenantOptions().then((t) => my === seq.current && setTenants(t));
    if (mode === 'add' || !record) {
      form.setFieldsValue({ userIdentity: 1 });
      setDepartNames({});
      return;
    }
    setLoading(true);
    void Promise.all([userRoleIds(record.id), userDeparts(record.id)])
      .then(([roleIds, departs]) => {
        if (my !== seq.current) return;
        setDepartNames(Object.fromEntries(departs.map((d) => [d.value, d.title])));
        form.setFieldsValue(
          toFormValues(
            record,
            roleIds,
            departs.map((d) => d.value),
          ),
        );
      })
      .finally(() => my === seq.current && setLoading(false));
  }, [open, mode, record, form]);

  /** the departments a superior may be in charge of: the ones chosen above */
  const managedOptions = useMemo(
    () =>
      (selectedDeparts ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => ({ value: id, label: departNames[id] ?? id })),
    [selectedDeparts, departNames],
  );

  const unique =
    (field: UserUniqueField, taken: string) =>
    async (_r: unknown, value: string | undefined): Promise<void> => {
      const v = (value ?? '').trim();
      if (!v || readOnly) return;
      let free = true;
      try {
        free = await isUserValueFree(field, v, editingId);
      } catch {
        return; // the server checks again on save
      }
      if (!free) throw new Error(taken);
    };

  const submit = async () => {
    let values: UserFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await saveUser(toSaveBody(values, editingId), mode === 'edit');
      if (res.success) {
        message.success(res.message || '操作成功');
        onSaved();
        onClose();
      } else {
        message.warning(res.message || '操作失败');
      }
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, sm: 12 };
  return (
    <Modal
      title={TITLES[mode]}
      open={open}
      width={800}
      onCancel={onClose}
      onOk={readOnly ? onClose : submit}
      okText={readOnly ? '关闭' : '确定'}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      forceRender
      maskClosable={false}
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      <Spin spinning={loading}>
        <Form<UserFormValues>
          form={form}
          name="userForm"
          labelCol={{ span: 6 }}
          wrapperCol={{ span: 17 }}
          disabled={readOnly}
          data-testid="user-form"
        >
          <Row>
            <Col {...half}>
              <Form.Item
                label="用户账号"
                name="username"
                validateDebounce={300}
                rules={[
                  { required: true, message: USER_MSG.usernameRequired },
                  ...RULES.userName.slice(1),
                  { validator: unique('username', USER_MSG.usernameTaken) },
                ]}
              >
                <Input placeholder="请输入用户账号" readOnly={mode !== 'add'} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="用户姓名"
                name="realname"
                rules={[{ required: true, message: USER_MSG.realnameRequired }]}
              >
                <Input placeholder="请输入用户姓名" maxLength={100} />
              </Form.Item>
            </Col>
            {mode === 'add' && (
              <>
                <Col {...half}>
                  <Form.Item label="登录密码" name="password" rules={passwordRules} hasFeedback>
                    <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    label="确认密码"
                    name="confirmpassword"
                    dependencies={['password']}
                    rules={confirmRules()}
                    hasFeedback
                  >
                    <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col {...half}>
              <Form.Item
                label="工号"
                name="workNo"
                validateDebounce={300}
                rules={[
                  { required: true, message: USER_MSG.workNoRequired },
                  { max: 100, message: '最大长度100位字符' },
                  { validator: unique('work_no', USER_MSG.workNoTaken) },
                ]}
              >
                <Input placeholder="请输入工号" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="职务" name="post">
                <JSelectPosition placeholder="请选择职务" />
              </Form.Item>
            </Col>
            {!(readOnly && roles.length === 0) && (
              <Col span={24}>
                <Form.Item
                  label="角色"
                  name="selectedroles"
                  labelCol={{ xs: 6, sm: 3 }}
                  wrapperCol={{ xs: 17, sm: 20 }}
                >
                  <Select
                    mode="multiple"
                    placeholder="请选择角色"
                    optionFilterProp="label"
                    options={roles.map((r) => ({ value: r.id, label: r.roleName ?? r.roleCode }))}
                    getPopupContainer={(n) => n.parentElement ?? document.body}
                  />
                </Form.Item>
              </Col>
            )}
            <Col span={24}>
              <Form.Item
                label="所属部门"
                name="selecteddeparts"
                labelCol={{ xs: 6, sm: 3 }}
                wrapperCol={{ xs: 17, sm: 20 }}
              >
                <JSelectDepart
                  multiple
                  placeholder="请选择所属部门"
                  onBack={(items: PickedItem[]) => {
                    setDepartNames((prev) => ({
                      ...prev,
                      ...Object.fromEntries(items.map((i) => [i.value, i.text])),
                    }));
                    // leaving a department also leaves it as a managed one
                    const kept = new Set(items.map((i) => i.value));
                    const managed = (form.getFieldValue('departIds') as string[] | undefined) ?? [];
                    if (managed.some((d) => !kept.has(d))) {
                      form.setFieldValue(
                        'departIds',
                        managed.filter((d) => kept.has(d)),
                      );
                    }
                  }}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="身份" name="userIdentity">
                <Radio.Group
                  options={[
                    { value: 1, label: '普通用户' },
                    { value: 2, label: '上级' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              {identity === 2 && (
                <Form.Item
                  label="负责部门"
                  name="departIds"
                  rules={[{ required: true, type: 'array', min: 1, message: USER_MSG.managedRequired }]}
                >
                  <Select
                    mode="multiple"
                    placeholder={managedOptions.length ? '请选择负责部门' : '请先选择所属部门'}
                    options={managedOptions}
                    getPopupContainer={(n) => n.parentElement ?? document.body}
                  />
                </Form.Item>
              )}
            </Col>
            <Col {...half}>
              <Form.Item label="头像" name="avatar">
                <JImageUpload biz="avatar" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="生日" name="birthday">
                <DatePicker
                  style={{ width: '100%' }}
                  placeholder="请选择生日"
                  format="YYYY-MM-DD"
                  disabled={readOnly || birthdayDisabled}
                />
              </Form.Item>
              <Form.Item label="性别" name="sex">
                <JDictSelectTag dictCode="sex" placeholder="请选择性别" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="邮箱"
                name="email"
                validateDebounce={300}
                rules={[...RULES.email, { validator: unique('email', USER_MSG.emailTaken) }]}
              >
                <Input placeholder="请输入邮箱" maxLength={64} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                label="手机号码"
                name="phone"
                validateDebounce={300}
                rules={[
                  { pattern: RULES.mobile[1].pattern, message: RULES.mobile[1].message },
                  { validator: unique('phone', USER_MSG.phoneTaken) },
                ]}
              >
                <Input placeholder="请输入手机号码" disabled={readOnly || phoneDisabled} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="座机" name="telephone" rules={RULES.landline}>
                <Input placeholder="请输入座机" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item label="租户" name="relTenantIds">
                <Select
                  mode="multiple"
                  placeholder="请选择租户"
                  optionFilterProp="label"
                  options={tenants.map((t) => ({ value: String(t.id), label: t.name }))}
                  getPopupContainer={(n) => n.parentElement ?? document.body}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}

export default UserModal;
