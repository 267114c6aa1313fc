import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<PickedItem[]>([]);
  const current = joinValue(splitValue(value));
  /** the value whose names `items` hold (a lookup is skipped for a value this picker emitted itself) */
  const shownFor = useRef('');

  // the names of a value set from outside (edit forms), resolved from the tree
  useEffect(() => {
    if (!current) {
      shownFor.current = '';
      setItems([]);
      return;
    }
    if (shownFor.current === current) return;
    let alive = true;
    loadDepartTree()
      .then((tree) => {
        if (!alive) return;
        shownFor.current = current;
        setItems(resolveItems(tree, current, { storeField: store, textField }));
      })
      .catch(() => {
        if (alive) setItems(splitValue(current).map((v) => ({ value: v, text: v })));
      });
    return () => {
      alive = false;
    };
  }, [current, store, textField]);

  const emit = (next: PickedItem[]) => {
    shownFor.current = joinValue(next.map((i) => i.value));
    setItems(next);
    onChange?.(joinValue(next.map((i) => i.value)));
    onBack?.(next);
  };

  const text = items.map((i) => i.text).join(',');

  return (
    <>
      <Space.Compact style={{ width: '100%', ...style }}>
        <Input
          id={id}
          readOnly
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          status={status}
          title={text}
          onClick={() => !disabled && setOpen(true)}
          suffix={
            !disabled && text ? (
              <CloseCircleFilled
                aria-label="清除"
                style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
                onClick={(e) => {
                  e.stopPropagation();
                  emit([]);
                }}
              />
            ) : (
              <span />
            )
          }
        />
        <Button type="primary" disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <JSelectDepartModal
        open={open}
        value={current}
        multiple={multiple}
        width={modalWidth}
        rootOpened={rootOpened}
        storeField={store}
        textField={textField}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          emit(picked);
        }}
      />
    </>
  );
}

export default JSelectDepart;
