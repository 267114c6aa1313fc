import { CrudPage } from '../../components/kit';
import { fillRulePage } from './rules/fill-rule.data';

/** 填值规则 (component system/SysFillRuleList): the declaration in rules/fill-rule.data.tsx. */
export default function SysFillRuleList() {
  return <CrudPage schema={fillRulePage} />;
}
