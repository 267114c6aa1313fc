import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  FILL_RULE_URLS,
  fillRuleClasses,
  type RuleClassOption,
  type SysFillRule,
  testFillRule,
} from '../../../api/rules';
import { definePage, registerWidget } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';
import { ruleBasics } from './check-rule.data';

/** the server's built-in rule handlers, loaded once per page visit */
let classes: Promise<RuleClassOption[]> | null = null;
function loadClasses(): Promise<RuleClassOption[]> {
  classes ??= fillRuleClasses()
    .then((res) => (res.success ? (res.result ?? []) : []))
    .catch(() => {
      classes = null;
      return [];
    });
  return classes;
}
function useClasses(): RuleClassOption[] {
  const [list, setList] = useState<RuleClassOption[]>([]);
  useEffect(() => {
    let alive = true;
    void loadClasses().then((l) => alive && setList(l));
    return () => {
      alive = false;
    };
  }, []);
  return list;
}

/** 规则实现: a select of the built-in handlers with the chosen one's description under it */
function RuleClassSelect({
  value,
  onChange,
  ...rest
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
}) {
  const list = useClasses();
  const described = list.find((c) => c.value === value)?.description;
  return (
    <>
      <Select
        {...rest}
        value={value}
        onChange={onChange}
        placeholder="请选择内置的规则实现"
        options={list.map((c) => ({ value: c.value, label: `${c.text}（${c.value}）` }))}
      />
      {described && <Typography.Text type="secondary">{described}</Typography.Text>}
    </>
  );
}
registerWidget('fill-rule-class', { component: RuleClassSelect, picked: true });

function RuleClassName({ value }: { value: unknown }) {
  const list = useClasses();
  const key = value == null ? '' : String(value);
  return <>{list.find((c) => c.value === key)?.text ?? key}</>;
}

const isJsonObject = (text: string) => {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
};

/** 功能测试: generate a value with the rule (testFillRule) and show it */
async function runTest(r: SysFillRule) {
  const hide = feedback.message.loading('生成中...', 0);
  try {
    const res = await testFillRule(r.ruleCode);
    if (!res.success) {
      feedback.message.warning(res.message);
      return;
    }
    const text = Array.isArray(res.result) ? res.result.join(' , ') : String(res.result ?? '');
    feedback.modal.info({
      title: '填值规则功能测试',
      content: (
        <span data-testid="fill-rule-test-result">
          生成结果：<Typography.Text strong>{text}</Typography.Text>
        </span>
      ),
      okText: '知道了',
    });
  } catch {
    // shown by the http client
  } finally {
    hide();
  }
}

const basics = ruleBasics<SysFillRule>();

/** 填值规则 (contract §4.11): rules whose 规则实现 is one of the server's built-in handlers; 功能测试 generates a value. */
export const fillRulePage = definePage<SysFillRule>({
  name: 'fill-rule',
  auth: 'fillRule',
  authCodes: { deleteBatch: 'fillRule:delete' },
  urls: FILL_RULE_URLS,
  columns: [
    ...basics.columns,
    { field: 'ruleClass', title: '规则实现', render: (v) => <RuleClassName value={v} /> },
    { field: 'ruleParams', title: '规则参数', ellipsis: true },
  ],
  query: basics.query,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'test', label: '功能测试', auth: 'fillRule:test', onClick: (r) => void runTest(r) },
    { key: 'delete', label: '删除', run: 'delete' },
  ],
  actionWidth: 220,
  editor: {
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      ruleName: String(v.ruleName ?? '').trim(),
      ruleCode: String(v.ruleCode ?? '').trim(),
      ruleClass: v.ruleClass,
      ruleParams: String(v.ruleParams ?? '').trim() || null,
    }),
  },
  form: [
    ...basics.form,
    { field: 'ruleClass', label: '规则实现', widget: 'fill-rule-class', required: true },
    {
      field: 'ruleParams',
      label: '规则参数',
      widget: 'textarea',
      props: { placeholder: 'JSON 对象，如 {"prefix":"CN","digits":4}' },
      rules: [
        { max: 200, message: '规则参数不能超过 200 个字符' },
        {
          validator: async (_r, v: string | undefined) => {
            if (v?.trim() && !isJsonObject(v)) throw new Error('规则参数必须是 JSON 对象，如 {"prefix":"CN"}');
          },
        },
      ],
    },
  ],
});
