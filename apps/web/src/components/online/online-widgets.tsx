import { Form, Input, InputNumber, Rate, Space, TreeSelect } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getRecord, getTreeData, NO_PAGING_SIZE, type OnlRecord } from '../../api/cgform-runtime';
import { lazyWidget, registerWidget, type ValueProps } from '../kit/widgets';
import { readListResult } from '../list/list-core';
import { hasChildFlag } from './online-logic';

/**
 * Widgets only the online forms use, joined to the kit's registry (ADR 023): the popup record picker of a form field
 * (JPopup, its destination fields set in the same form), a star rating and a number range of the group-mode query.
 */

interface PopupProps extends ValueProps<string> {
  code: string;
  field?: string;
  orgFields: string;
  destFields: string;
  multi?: boolean;
}

const JPopupLazy = lazyWidget(
  () => import('../JPopup'),
  (m) => m.JPopup,
);

/** a form field of view `popup`: the report picker; every destination field of the pick is set in the form */
function OnlinePopup({
  value,
  onChange,
  code,
  field,
  orgFields,
  destFields,
  multi,
  disabled,
  placeholder,
  id,
}: PopupProps) {
  const form = Form.useFormInstance();
  if (!code) return <Input id={id} value={value ?? ''} disabled={disabled} placeholder={placeholder} readOnly />;
  return (
    <JPopupLazy
      id={id}
      code={code}
      field={field}
      orgFields={orgFields}
      destFields={destFields}
      multi={multi}
      disabled={disabled}
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      onCallback={(values: Record<string, unknown>) => form?.setFieldsValue(values)}
    />
  );
}

/** a star rating stored as a number */
function OnlineRate({ value, onChange, disabled, id }: ValueProps<number | string>) {
  const n = value === undefined || value === null || value === '' ? 0 : Number(value);
  return (
    <Rate id={id} disabled={disabled} allowHalf value={Number.isFinite(n) ? n : 0} onChange={(v) => onChange?.(v)} />
  );
}

/** a number range of a group-mode query: [begin, end] */
function OnlineNumberRange({ value, onChange, disabled, id }: ValueProps<[unknown, unknown]>) {
  const [a, b] = Array.isArray(value) ? value : [];
  const set = (i: 0 | 1, v: unknown) => {
    const next: [unknown, unknown] = [a, b];
    next[i] = v ?? undefined;
    onChange?.(next[0] === undefined && next[1] === undefined ? undefined : next);
  };
  return (
    <Space.Compact id={id} style={{ width: '100%' }}>
      <InputNumber
        style={{ width: '50%' }}
        disabled={disabled}
        placeholder="开始值"
        value={a as number}
        onChange={(v) => set(0, v)}
      />
      <InputNumber
        style={{ width: '50%' }}
        disabled={disabled}
        placeholder="结束值"
        value={b as number}
        onChange={(v) => set(1, v)}
      />
    </Space.Compact>
  );
}

interface TreeParentProps extends ValueProps<string> {
  headId: string;
  pidField: string;
  textField: string;
  hasChildField: string;
  /** the record being edited: it cannot be its own parent */
  selfId?: string;
}

interface ParentNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
  disabled?: boolean;
}

const ROOT_VALUES = new Set(['', '0']);

/**
 * The parent of a row of a tree form: the form's own rows, one level per expansion (getTreeData with the parent
 * id), stored as the parent's id; empty = a root row. The dictionary tree select cannot serve it (online tables are
 * not dictionary tables).
 */
function OnlineTreeParent({
  value,
  onChange,
  disabled,
  placeholder,
  id,
  headId,
  pidField,
  textField,
  hasChildField,
  selfId,
}: TreeParentProps) {
  const [nodes, setNodes] = useState<ParentNode[]>([]);
  const [label, setLabel] = useState<string | null>(null);
  const toNodes = useCallback(
    (rows: OnlRecord[], parent: string): ParentNode[] =>
      rows.map((r) => ({
        id: String(r.id),
        pId: parent,
        value: String(r.id),
        title: String(r[textField] ?? r.id),
        isLeaf: !hasChildFlag(r[hasChildField]),
        disabled: selfId !== undefined && String(r.id) === selfId,
      })),
    [textField, hasChildField, selfId],
  );
  const load = useCallback(
    async (parent: string | null) => {
      const params: Record<string, unknown> = { hasQuery: 'false', pageNo: 1, pageSize: NO_PAGING_SIZE };
      if (parent) params[pidField] = parent;
      try {
        const res = await getTreeData(headId, params);
        if (!res.success) return;
        const kids = toNodes(readListResult<OnlRecord>(res.result).records, parent ?? '');
        setNodes((prev) => [...prev.filter((n) => !kids.some((k) => k.id === n.id)), ...kids]);
      } catch {
        // shown by the http client
      }
    },
    [headId, pidField, toNodes],
  );
  useEffect(() => {
    void load(null);
  }, [load]);
  const current = value && !ROOT_VALUES.has(String(value)) ? String(value) : undefined;
  const known = nodes.find((n) => n.value === current);
  useEffect(() => {
    if (!current || known) return;
    let alive = true;
    getRecord(headId, current)
      .then((res) => alive && res.success && setLabel(String(res.result?.[textField] ?? current)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [current, known, headId, textField]);
  return (
    <TreeSelect<{ value: string; label: string } | undefined>
      id={id}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      treeDataSimpleMode
      treeData={nodes}
      labelInValue
      value={current ? { value: current, label: known?.title ?? label ?? current } : undefined}
      onChange={(v) => onChange?.(v?.value ?? undefined)}
      loadData={(node) => load(String(node.value))}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

registerWidget('online-tree-parent', { component: OnlineTreeParent, picked: true });
registerWidget('online-popup', { component: OnlinePopup, picked: true });
registerWidget('online-rate', { component: OnlineRate, picked: true });
registerWidget('online-number-range', { component: OnlineNumberRange });
