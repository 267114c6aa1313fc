import { useCallback } from 'react';
import { PickerTextField, usePickedRows } from '../picker';
import { loadDepartTree } from './depart-tree';
import { JSelectDepartModal } from './JSelectDepartModal';
import { joinValue, type PickedItem, resolveItems, splitValue, storeFieldOf } from './logic';

export { DepartTree } from './DepartTree';
export { forgetDepartTree, loadDepartTree } from './depart-tree';
export { JSelectDepartModal } from './JSelectDepartModal';
export type { DepartTreeNode, PickedItem } from './logic';

export interface JSelectDepartProps {
  /** comma string of the stored field (default ids) */
  value?: string | null;
  onChange?: (value: string) => void;
  /** the picked departments as value/text pairs (JeecgBoot `back`) */
  onBack?: (items: PickedItem[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** @default 500 */
  modalWidth?: number;
  /** @default true */
  rootOpened?: boolean;
  /** stored field @default 'id' */
  storeField?: string;
  /** displayed field @default 'departName' */
  textField?: string;
  /** overrides the stored field (e.g. 'orgCode') */
  customReturnField?: string;
  /** e.g. antd Form `status` */
  status?: 'error' | 'warning';
  style?: React.CSSProperties;
  id?: string;
}

/**
 * 部门选择 (spec 02 §3 Department): a read-only input with the departments' names and a button opening the
 * 选择部门 modal. Works as an antd Form control (value / onChange).
 */
export function JSelectDepart({
  value,
  onChange,
  onBack,
  multiple = false,
  disabled,
  placeholder = '请点击选择部门',
  modalWidth = 500,
  rootOpened = true,
  storeField,
  textField = 'departName',
  customReturnField,
  status,
  style,
  id,
}: JSelectDepartProps) {
  const store = storeFieldOf({ storeField, customReturnField });
  // the names of a value set from outside (edit forms), resolved from the tree
  const resolve = useCallback(
    async (current: string) => resolveItems(await loadDepartTree(), current, { storeField: store, textField }),
    [store, textField],
  );
  const picked = usePickedRows<PickedItem>({
    value,
    scope: `${store}:${textField}`,
    resolve,
    fallback: (current) => splitValue(current).map((v) => ({ value: v, text: v })),
    toValue: (next) => joinValue(next.map((i) => i.value)),
    onChange,
    onBack,
  });
  const text = picked.rows.map((i) => i.text).join(',');

  return (
    <>
      <PickerTextField
        id={id}
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        status={status}
        style={style}
        picked={picked}
      />
      <JSelectDepartModal
        {...picked.modal}
        value={picked.current}
        multiple={multiple}
        width={modalWidth}
        rootOpened={rootOpened}
        storeField={store}
        textField={textField}
      />
    </>
  );
}

export default JSelectDepart;
