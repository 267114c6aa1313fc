// Toolbar of the editable table: 新增 (with the add-row settings), 删除, 清空选择; buttons hidden when their code is
// excluded under the permission prefix (spec 02 §6: `${authPre}add`, `${authPre}batch_delete`).
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Popover, Space } from 'antd';
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { hiddenCodes } from '../../permission/can';
import { useCan } from '../../permission/useCan';
import { useSession } from '../../stores/session';
import { feedback } from '../../utils/feedback';
import { INSERT_GUARD_MS, insertIndex, readAddSetting, saveAddSetting } from './engine/toolbar-logic';
import type { JVxeTableApi, JVxeTableProps, JVxeToolbarButton } from './types';

const DEFAULT_BTNS: JVxeToolbarButton[] = ['add', 'remove', 'clearSelection'];

export const Toolbar = memo(function Toolbar({
  api,
  rowCount,
  selectedCount,
  config,
  authPre,
  disabled,
  settingsKey,
  suffix,
  confirmRemove,
}: {
  api: JVxeTableApi;
  rowCount: number;
  selectedCount: number;
  config: JVxeTableProps['toolbarConfig'];
  authPre: string | undefined;
  disabled: boolean;
  settingsKey: string;
  suffix: ReactNode;
  confirmRemove: (n: number) => Promise<boolean>;
}) {
  const decide = useCan();
  const auth = useSession((st) => st.auth);
  const allAuth = useSession((st) => st.allAuth);
  const btns = config?.btn ?? DEFAULT_BTNS;
  // spec 02 §6: a button hides only when its code is excluded under the prefix — configured (an active show/hide
  // rule in allAuth) and not granted; a code configured nowhere keeps its button. A disable rule not held disables it.
  const hidden = useMemo(() => (authPre ? hiddenCodes(authPre, { auth, allAuth }) : null), [authPre, auth, allAuth]);
  const allowed = (code: string) => {
    if (!authPre) return 'allow';
    if (hidden?.has(code)) return 'deny';
    return decide(`${authPre}${code}`) === 'disabled' ? 'disabled' : 'allow';
  };
  const addDecision = allowed('add');
  const removeDecision = allowed('batch_delete');
  const [setting, setSetting] = useState(() => readAddSetting(settingsKey));
  const [open, setOpen] = useState(false);
  const lastInsert = useRef(0);
  const [form] = Form.useForm<{ count: number; position: number }>();

  const onAdd = () => {
    const now = Date.now();
    if (now - lastInsert.current < INSERT_GUARD_MS) {
      feedback.message.warning('你点击的太快了，请慢点点击!');
      return;
    }
    lastInsert.current = now;
    api.addRows(setting.count, { index: insertIndex(setting.position, rowCount), setActive: true });
  };

  const onRemove = async () => {
    if (!selectedCount) {
      feedback.message.warning('请选择一条记录！');
      return;
    }
    if (await confirmRemove(selectedCount)) await api.removeSelection();
  };

  return (
    <div className="jvxe-toolbar">
      <Space wrap>
        {btns.includes('add') && addDecision !== 'deny' && (
          <Space.Compact>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={disabled || addDecision === 'disabled'}
              onClick={onAdd}
            >
              新增
            </Button>
            <Popover
              trigger="click"
              open={open}
              onOpenChange={(o) => {
                setOpen(o);
                if (o) form.setFieldsValue(setting);
              }}
              title="新增行设置"
              content={
                <Form
                  form={form}
                  layout="horizontal"
                  size="small"
                  initialValues={setting}
                  onFinish={(v) => {
                    const next = saveAddSetting(settingsKey, v);
                    setSetting(next);
                    setOpen(false);
                    feedback.message.success('保存成功');
                  }}
                >
                  <Form.Item label="新增行数" name="count" rules={[{ required: true, message: '请输入行数' }]}>
                    <InputNumber min={1} precision={0} />
                  </Form.Item>
                  <Form.Item
                    label="插入位置"
                    name="position"
                    extra="0 表示插入到最后"
                    rules={[{ required: true, message: '请输入位置' }]}
                  >
                    <InputNumber min={0} max={rowCount} precision={0} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" size="small">
                    保存
                  </Button>
                </Form>
              }
            >
              <Button type="primary" icon={<SettingOutlined />} aria-label="新增行设置" disabled={disabled} />
            </Popover>
          </Space.Compact>
        )}
        {btns.includes('remove') && removeDecision !== 'deny' && (
          <Button
            icon={<DeleteOutlined />}
            danger
            disabled={disabled || removeDecision === 'disabled' || !selectedCount}
            onClick={onRemove}
          >
            删除
          </Button>
        )}
        {btns.includes('clearSelection') && selectedCount > 0 && (
          <Button onClick={() => api.clearSelection()}>清空选择</Button>
        )}
        {selectedCount > 0 && <span className="jvxe-selected-text">已选择 {selectedCount} 项</span>}
        {suffix}
      </Space>
    </div>
  );
});
