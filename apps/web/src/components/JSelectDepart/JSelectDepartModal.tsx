import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DepartTree } from './DepartTree';
import { loadDepartTree } from './depart-tree';
import { type DepartTreeNode, itemsForKeys, keysForValue, nextCheckedKeys, type PickedItem, toggleKey } from './logic';

export const DEPART_MODAL_TITLE = '选择部门';
export const MSG_PICK_DEPART = '请选择部门';

export interface JSelectDepartModalProps {
  open: boolean;
  /** current stored value (comma string) */
  value?: string;
  multiple?: boolean;
  /** @default 500 (the department modal of other pages uses 450) */
  width?: number;
  /** root nodes expanded at first @default true */
  rootOpened?: boolean;
  storeField?: string;
  textField?: string;
  onOk: (items: PickedItem[]) => void;
  onCancel: () => void;
}

/** 选择部门 (spec 02 §2, §4, §9): check-strictly tree with a name search; confirming without a choice is an error. */
export function JSelectDepartModal({
  open,
  value,
  multiple = false,
  width = 500,
  rootOpened = true,
  storeField = 'id',
  textField = 'departName',
  onOk,
  onCancel,
}: JSelectDepartModalProps) {
  const [tree, setTree] = useState<DepartTreeNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setInvalid(false);
    setLoading(true);
    loadDepartTree(true)
      .then((t) => {
        if (!alive) return;
        setTree(t);
        setChecked(keysForValue(t, value, storeField));
      })
      .catch(() => {})
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [open, value, storeField]);

  const submit = () => {
    if (!checked.length) {
      setInvalid(true);
      return;
    }
    onOk(itemsForKeys(tree, checked, { storeField, textField }));
  };

  const change = (keys: string[]) => {
    setChecked(keys);
    if (keys.length) setInvalid(false);
  };

  return (
    <Modal
      title={DEPART_MODAL_TITLE}
      open={open}
      width={width}
      onOk={submit}
      onCancel={onCancel}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <div className={invalid ? 'j-select-depart-invalid' : undefined}>
        <DepartTree
          tree={tree}
          loading={loading}
          checkable
          checkedKeys={checked}
          rootOpened={rootOpened}
          onCheck={(keys, info) => change(nextCheckedKeys(multiple, keys, info))}
          onSelect={(key) => change(toggleKey(multiple, checked, key))}
        />
        {invalid && (
          <Typography.Text type="danger" role="alert">
            {MSG_PICK_DEPART}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}

export default JSelectDepartModal;
