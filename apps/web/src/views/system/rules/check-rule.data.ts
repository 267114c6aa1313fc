import { CHECK_RULE_URLS, parseRuleJson, type RuleSegment, type SysCheckRule } from '../../../api/rules';
import {
  type ColumnSchema,
  definePage,
  type FormFieldSchema,
  type QueryFieldSchema,
  registerWidget,
} from '../../../components/kit';
import { EMPTY_SEGMENT, RuleSegmentsInput, segmentsRule } from './rule-segments';

registerWidget('check-rule-segments', { component: RuleSegmentsInput });

const CODE_RULE = { pattern: /^[A-Za-z0-9_.-]+$/, message: '规则编码只能包含字母、数字、下划线、中划线和点' };

/** what check rules and fill rules share: name and code (fixed once saved) in the list, the query and the form */
export function ruleBasics<T>(): {
  columns: ColumnSchema<T>[];
  query: QueryFieldSchema[];
  form: FormFieldSchema<T>[];
} {
  return {
    columns: [
      { field: 'ruleName', title: '规则名称', ellipsis: true, sorter: true },
      { field: 'ruleCode', title: '规则编码', ellipsis: true, sorter: true },
    ],
    query: [
      { field: 'ruleName', label: '规则名称', rule: 'like' },
      { field: 'ruleCode', label: '规则编码', rule: 'like' },
    ],
    form: [
      { field: 'ruleName', label: '规则名称', required: true, props: { maxLength: 100 } },
      {
        field: 'ruleCode',
        label: '规则编码',
        required: true,
        rules: [CODE_RULE],
        readOnly: (_v, c) => c.mode === 'edit',
        props: { maxLength: 100 },
      },
    ],
  };
}
const basics = ruleBasics<SysCheckRule>();

/** 校验规则 (contract §4.11): name / code / description and the segments (位数 / 正则 / 提示) as rule_json. */
export const checkRulePage = definePage<SysCheckRule>({
  name: 'check-rule',
  auth: 'checkRule',
  authCodes: { deleteBatch: 'checkRule:delete' },
  urls: CHECK_RULE_URLS,
  columns: [...basics.columns, { field: 'ruleDescription', title: '规则描述', ellipsis: true }],
  query: basics.query,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'test', label: '功能测试', run: 'test', auth: 'checkRule:test' },
    { key: 'delete', label: '删除', run: 'delete' },
  ],
  actionWidth: 220,
  editor: {
    width: 1000,
    labelSpan: 3,
    toForm: (r) => ({
      ruleName: r.ruleName ?? '',
      ruleCode: r.ruleCode,
      ruleDescription: r.ruleDescription ?? undefined,
      rules: parseRuleJson(r.ruleJson),
    }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      ruleName: String(v.ruleName ?? '').trim(),
      ruleCode: String(v.ruleCode ?? '').trim(),
      ruleDescription: String(v.ruleDescription ?? '').trim() || null,
      ruleJson: JSON.stringify(
        ((v.rules ?? []) as RuleSegment[]).map((s) => ({
          digits: s.digits.trim(),
          pattern: s.pattern,
          message: s.message.trim(),
        })),
      ),
    }),
  },
  form: [
    ...basics.form,
    { field: 'ruleDescription', label: '规则描述', widget: 'textarea', props: { maxLength: 200, rows: 2 } },
    {
      field: 'rules',
      label: '规则设置',
      widget: 'check-rule-segments',
      required: '请至少设置一条规则',
      rules: [segmentsRule],
      initialValue: [EMPTY_SEGMENT],
    },
  ],
});
