import { useState } from 'react';
import type { SysCheckRule } from '../../api/rules';
import { CrudPage } from '../../components/kit';
import { checkRulePage } from './rules/check-rule.data';
import { CheckRuleTest } from './rules/check-rule-test';

/** 校验规则 (component system/SysCheckRuleList): the declaration in rules/check-rule.data.ts; 功能测试 dialog. */
export default function SysCheckRuleList() {
  const [testing, setTesting] = useState<SysCheckRule | null>(null);
  return (
    <CrudPage schema={checkRulePage} handlers={{ test: (r) => setTesting(r ?? null) }}>
      {() => <CheckRuleTest rule={testing} onClose={() => setTesting(null)} />}
    </CrudPage>
  );
}
