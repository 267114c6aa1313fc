import { useEffect, useState } from 'react';
import { JSelectDepartModal } from '../../../JSelectDepart/JSelectDepartModal';
import type { PickedItem } from '../../../JSelectDepart/logic';
import { fetchMultiUser } from '../../../JSelectUserByDep';
import { JSelectUserByDepModal } from '../../../JSelectUserByDep/JSelectUserByDepModal';
import { orderByValue, type PickerUser, pickResult, storeOf, textOf } from '../../../JSelectUserByDep/logic';
import type { CellDisplayProps, CellEditorProps } from '../../types';
import { EditorLayer } from './EditorLayer';
import { departPickerConfig, splitStored, userPickerConfig } from './extend';
import { departResolver, userResolver } from './resolvers';
import { useResolvedText } from './text-resolver';
import './rich.css';

/**
 * sel_user / sel_depart cells (spec 02 §3 "User row in picker", Department; §9 min width 190): the row keeps the
 * stored field (user: username by default, department: id), the cell shows the text field (realname / departName),
 * resolved for all visible cells in one call. Editing opens the existing pickers (选择用户 / 选择部门).
 */
function PickedText({ text, placeholder }: { text: string; placeholder?: string }) {
  if (!text && placeholder) return <span className="jvxe-rich-text jvxe-rich-placeholder">{placeholder}</span>;
  return (
    <span className="jvxe-rich-text" title={text}>
      {text}
    </span>
  );
}

export function UserCellText({ value, column }: CellDisplayProps) {
  const cfg = userPickerConfig(column);
  const text = useResolvedText(userResolver(cfg.store, cfg.text), value);
  return <PickedText text={text} />;
}

export function DepartCellText({ value, column }: CellDisplayProps) {
  const cfg = departPickerConfig(column);
  const text = useResolvedText(departResolver(cfg.store, cfg.text), value);
  return <PickedText text={text} />;
}

/** The user picker, open while the cell is edited; 确定 writes the stored field of the picked users. */
export function UserCellEditor({ value, column, placeholder, onCommit, onCancel }: CellEditorProps) {
  const cfg = userPickerConfig(column);
  const resolver = userResolver(cfg.store, cfg.text);
  const text = useResolvedText(resolver, value);
  // the current users pre-selected: their rows (with ids) fetched once when the editor opens
  const current = splitStored(value).join(',');
  const [initialRows, setInitialRows] = useState<PickerUser[] | null>(current ? null : []);
  useEffect(() => {
    if (!current) return;
    let alive = true;
    fetchMultiUser(cfg.store, current).then(
      (users) => alive && setInitialRows(orderByValue(users, current, cfg.store)),
      () => alive && setInitialRows([]),
    );
    return () => {
      alive = false;
    };
  }, [current, cfg.store]);
  return (
    <>
      <PickedText text={text} placeholder={placeholder ?? '请点击选择用户'} />
      <EditorLayer>
        <JSelectUserByDepModal
          open={initialRows !== null}
          multiple={cfg.multi}
          initialRows={initialRows ?? undefined}
          onCancel={onCancel}
          onOk={(rows) => {
            resolver.remember(rows.map((r) => [storeOf(r, cfg.store), textOf(r, cfg.text)] as [string, string]));
            onCommit(pickResult(rows, cfg.store, cfg.text).value);
          }}
        />
      </EditorLayer>
    </>
  );
}

/** The department picker (选择部门), open while the cell is edited. */
export function DepartCellEditor({ value, column, placeholder, onCommit, onCancel }: CellEditorProps) {
  const cfg = departPickerConfig(column);
  const resolver = departResolver(cfg.store, cfg.text);
  const text = useResolvedText(resolver, value);
  const current = splitStored(value).join(',');
  return (
    <>
      <PickedText text={text} placeholder={placeholder ?? '请点击选择部门'} />
      <EditorLayer>
        <JSelectDepartModal
          open
          value={current}
          multiple={cfg.multi}
          storeField={cfg.store}
          textField={cfg.text}
          onCancel={onCancel}
          onOk={(items: PickedItem[]) => {
            resolver.remember(items.map((i) => [i.value, i.text] as [string, string]));
            onCommit(items.map((i) => i.value).join(','));
          }}
        />
      </EditorLayer>
    </>
  );
}
