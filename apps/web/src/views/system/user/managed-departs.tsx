import { Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type DepartTreeNode, loadDepartTree } from '../../../components/JSelectDepart';

const split = (v: unknown) =>
  (typeof v === 'string' ? v : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function namesOf(nodes: readonly DepartTreeNode[], out: Record<string, string> = {}): Record<string, string> {
  for (const n of nodes) {
    out[n.id ?? n.key] = n.title ?? n.departName ?? n.id;
    if (n.children) namesOf(n.children, out);
  }
  return out;
}

/** department names seen so far (a user's departments as loaded, the ones picked in 所属部门) */
const knownNames = new Map<string, string>();

export function rememberDepartNames(items: readonly { value: string; text?: string; title?: string }[]): void {
  for (const i of items) {
    const name = i.text ?? i.title;
    if (i.value && name) knownNames.set(i.value, name);
  }
}

/**
 * 负责部门: the departments a superior is in charge of, chosen among the ones in 所属部门 (`selecteddeparts` of the
 * same form), shown by name: names loaded with the user or picked (`rememberDepartNames`), else from the department tree.
 */
export function ManagedDepartsSelect({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
  id?: string;
}) {
  const form = Form.useFormInstance();
  const selected = Form.useWatch('selecteddeparts', form);
  const [tree, setTree] = useState<Record<string, string>>({});
  const ids = useMemo(() => split(selected), [selected]);
  const missing = ids.some((i) => !knownNames.has(i) && !tree[i]);

  useEffect(() => {
    if (!missing) return;
    let alive = true;
    loadDepartTree()
      .then((nodes) => alive && setTree(namesOf(nodes)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [missing]);

  return (
    <Select
      id={id}
      mode="multiple"
      disabled={disabled}
      value={value}
      onChange={onChange}
      placeholder={ids.length ? '请选择负责部门' : '请先选择所属部门'}
      options={ids.map((i) => ({ value: i, label: knownNames.get(i) ?? tree[i] ?? i }))}
      getPopupContainer={(n) => n.parentElement ?? document.body}
    />
  );
}
