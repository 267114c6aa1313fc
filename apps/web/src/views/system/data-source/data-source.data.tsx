import { ApiOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import {
  type ConnectionForm,
  DATA_SOURCE_URLS,
  DB_TYPE_DEFAULTS,
  type SysDataSource,
  testConnection,
} from '../../../api/data-source';
import { definePage, registerWidget } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';

/** the types the server connects to (dict database_type, 3.2.0 codes) */
const DB_TYPE_OPTIONS = [
  { value: '1', label: 'MySQL5.5' },
  { value: '4', label: 'MySQL5.7+' },
  { value: '5', label: 'MariaDB' },
  { value: '6', label: 'PostgreSQL' },
];

const CONNECTION_FIELDS = ['dbType', 'dbDriver', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword'] as const;

/**
 * 测试连接 inside the form: checks the connection fields, then asks the server (5 s at most). A stored source tested
 * with an empty password uses the stored password (`id`).
 */
export function TestConnectionButton({ id }: { id?: string }) {
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields([...CONNECTION_FIELDS]);
    } catch {
      return;
    }
    setBusy(true);
    const hide = feedback.message.loading('连接中……', 0);
    try {
      const body: ConnectionForm = {
        ...(id ? { id } : {}),
        dbType: String(values.dbType ?? ''),
        dbDriver: String(values.dbDriver ?? '').trim(),
        dbUrl: String(values.dbUrl ?? '').trim(),
        dbName: String(values.dbName ?? '').trim(),
        dbUsername: String(values.dbUsername ?? '').trim(),
        dbPassword: String(values.dbPassword ?? ''),
      };
      const res = await testConnection(body);
      hide();
      if (res.success) feedback.message.success('连接成功');
      else feedback.modal.warning({ title: '连接失败', content: res.message });
    } catch {
      hide();
      feedback.modal.warning({ title: '连接失败', content: '无法连接服务器，请稍后再试' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ApiOutlined />} loading={busy} onClick={run} data-testid="data-source-test">
      测试连接
    </Button>
  );
}
registerWidget('data-source-test', { component: TestConnectionButton });

/** 多数据源管理 (round 2 §3.2): PostgreSQL / MySQL / MariaDB connections; the password is write-only. */
export const dataSourcePage = definePage<SysDataSource>({
  name: 'data-source',
  auth: 'dataSource',
  authCodes: { deleteBatch: 'dataSource:delete' },
  urls: DATA_SOURCE_URLS,
  columns: [
    { field: 'code', title: '数据源编码', sorter: true, type: 'nowrap', width: 140 },
    { field: 'name', title: '数据源名称', sorter: true, ellipsis: true, width: 150 },
    { field: 'dbType', title: '数据库类型', type: 'dict', dictCode: 'database_type', sorter: true, width: 110 },
    { field: 'dbUrl', title: '数据源地址', ellipsis: true, width: 260 },
    { field: 'dbUsername', title: '用户名', type: 'nowrap', width: 120 },
  ],
  query: [
    { field: 'name', label: '数据源名称', rule: 'like' },
    { field: 'dbType', label: '数据库类型', widget: 'select', props: { options: DB_TYPE_OPTIONS } },
  ],
  editor: {
    width: 800,
    title: (mode) => (mode === 'add' ? '新增' : mode === 'edit' ? '编辑' : '详情'),
    toForm: (r) => ({ ...r, dbPassword: '' }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : { code: String(v.code ?? '').trim() }),
      name: String(v.name ?? '').trim(),
      remark: String(v.remark ?? '').trim() || null,
      dbType: v.dbType,
      dbDriver: String(v.dbDriver ?? '').trim(),
      dbUrl: String(v.dbUrl ?? '').trim(),
      dbName: String(v.dbName ?? '').trim(),
      dbUsername: String(v.dbUsername ?? '').trim(),
      dbPassword: String(v.dbPassword ?? ''),
    }),
    // a new type fills its driver class and address template (as the original modal does)
    onValuesChange: (changed, _all, form) => {
      if (!('dbType' in changed)) return;
      const d = DB_TYPE_DEFAULTS[String(changed.dbType ?? '')];
      if (d) form.setFieldsValue({ dbDriver: d.driver, dbUrl: d.url });
    },
  },
  form: [
    {
      field: 'code',
      label: '数据源编码',
      required: '请输入数据源编码!',
      rules: [{ pattern: /^[a-zA-Z][a-zA-Z\d_-]*$/, message: '编码必须以字母开头，可包含数字、下划线、横杠' }],
      duplicate: { tableName: 'sys_data_source', fieldName: 'code' },
      readOnly: (_v, c) => c.mode !== 'add',
      props: { maxLength: 100 },
    },
    { field: 'name', label: '数据源名称', required: '请输入数据源名称!', props: { maxLength: 100 } },
    {
      field: 'dbType',
      label: '数据库类型',
      widget: 'select',
      required: '请选择数据库类型!',
      props: { options: DB_TYPE_OPTIONS, allowClear: false },
    },
    { field: 'dbDriver', label: '驱动类', required: '请输入驱动类!', props: { maxLength: 100 } },
    {
      field: 'dbUrl',
      label: '数据源地址',
      required: '请输入数据源地址!',
      props: { maxLength: 500 },
      extra: '主机须在服务器允许的列表（DATA_SOURCE_HOSTS）中；只接受常用的连接参数',
    },
    { field: 'dbName', label: '数据库名称', required: '请输入数据库名称!', props: { maxLength: 100 } },
    { field: 'dbUsername', label: '用户名', required: '请输入用户名!', props: { maxLength: 100, autoComplete: 'off' } },
    {
      field: 'dbPassword',
      label: '密码',
      widget: 'password',
      props: { maxLength: 100, autoComplete: 'new-password' },
      extra: (c) => (c.mode === 'edit' ? '留空则保留已保存的密码（密码加密保存，不会回显）' : undefined),
    },
    { field: 'remark', label: '备注', widget: 'textarea', props: { maxLength: 200, rows: 2 } },
    {
      field: 'connectionTest',
      label: '连接测试',
      widget: 'data-source-test',
      submit: false,
      show: (_v, c) => c.mode !== 'detail',
      props: (c) => ({ id: c.record?.id }),
    },
  ],
});
