import { Tag, Typography } from 'antd';
import { PERMISSION_URLS } from '../../../api/permission';
import type { DataRule } from '../../../api/role';
import { definePage } from '../../../components/kit';

const RULE = 'permission:datarule';

/**
 * The data rules of one menu (JeecgBoot PermissionDataRuleList; fixed parameter `permissionId`): a rule is
 * `字段 条件 值`; values may use #{sys_user_code} (the user's account) and #{sys_org_code} (the selected department).
 */
export const dataRulePage = definePage<DataRule>({
  name: 'data-rule',
  authCodes: { add: RULE, edit: RULE, delete: RULE, deleteBatch: RULE },
  urls: {
    list: PERMISSION_URLS.queryRule,
    add: PERMISSION_URLS.addRule,
    edit: PERMISSION_URLS.editRule,
    delete: PERMISSION_URLS.deleteRule,
  },
  paged: false,
  selectable: false,
  rowNumber: false,
  queryInline: true,
  columns: [
    { field: 'ruleName', title: '规则名称', ellipsis: true, align: 'left' },
    { field: 'ruleColumn', title: '规则字段', ellipsis: true, align: 'left' },
    { field: 'ruleConditions', title: '条件', width: 90, type: 'dict', dictCode: 'rule_conditions' },
    { field: 'ruleValue', title: '规则值', ellipsis: true, align: 'left' },
    {
      field: 'status',
      title: '状态',
      width: 70,
      render: (v) => (v === '0' ? <Tag>无效</Tag> : <Tag color="green">有效</Tag>),
    },
  ],
  query: [
    { field: 'ruleName', label: '规则名称', rule: 'like' },
    { field: 'ruleValue', label: '规则值', rule: 'like' },
  ],
  actionWidth: 110,
  editor: { width: 640, title: (mode) => (mode === 'edit' ? '编辑数据规则' : '新增数据规则') },
  form: [
    { field: 'ruleName', label: '规则名称', required: true, props: { maxLength: 50 } },
    {
      field: 'ruleColumn',
      label: '规则字段',
      required: true,
      extra: '列表实体的字段名（驼峰或下划线），如 username、orgCode、createBy',
      rules: [{ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: '规则字段只能是字母、数字和下划线组成的字段名' }],
      props: { maxLength: 50 },
    },
    {
      field: 'ruleConditions',
      label: '条件规则',
      widget: 'dict',
      required: true,
      props: { dictCode: 'rule_conditions' },
      rules: [
        {
          validator: async (_r, v: string) => {
            if (v === 'USE_SQL_RULES') throw new Error('不支持自定义SQL表达式规则');
          },
        },
      ],
    },
    {
      field: 'ruleValue',
      label: '规则值',
      required: true,
      props: { maxLength: 300 },
      extra: (
        <span>
          可用系统变量：<Typography.Text code>#{'{sys_user_code}'}</Typography.Text>当前用户账号、
          <Typography.Text code>#{'{sys_org_code}'}</Typography.Text>当前部门编码、
          <Typography.Text code>#{'{sys_date}'}</Typography.Text>当前日期；“包含”用逗号分隔多个值
        </span>
      ),
    },
    {
      field: 'status',
      label: '状态',
      widget: 'radio',
      initialValue: '1',
      props: {
        options: [
          { value: '1', label: '有效' },
          { value: '0', label: '无效' },
        ],
      },
    },
  ],
});
