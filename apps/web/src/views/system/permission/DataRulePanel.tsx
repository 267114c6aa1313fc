import { useMemo } from 'react';
import { CrudPage } from '../../../components/kit';
import { dataRulePage } from './data-rule.data';

export interface DataRulePanelProps {
  permissionId: string;
  /** a rule was added, changed or removed (the menu's rule flag may have changed) */
  onChanged?: () => void;
}

/** The data rules of one menu: the declaration in data-rule.data.tsx. */
export function DataRulePanel({ permissionId, onChanged }: DataRulePanelProps) {
  const schema = useMemo(
    () => (onChanged ? { ...dataRulePage, editor: { ...dataRulePage.editor, afterSave: onChanged } } : dataRulePage),
    [onChanged],
  );
  return <CrudPage schema={schema} fixedParams={{ permissionId }} embedded onRemoved={onChanged} />;
}
