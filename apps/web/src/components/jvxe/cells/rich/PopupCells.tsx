import { Input, Popover } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../../../utils/feedback';
import { PopupModal } from '../../../JPopup/PopupModal';
import { checkPopupConfig, popupAssignments, popupMulti } from '../../../JPopup/popup-logic';
import type { CellDisplayProps, CellEditorProps } from '../../types';
import { EditorLayer } from './EditorLayer';
import { columnExtend } from './extend';
import './rich.css';

/** Plain text of a cell (popup, input_pop): one line, the whole text as tooltip. */
export function PlainText({ value }: CellDisplayProps) {
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <span className="jvxe-rich-text" title={text}>
      {text}
    </span>
  );
}

/**
 * popup cell (spec 02 §3 popupCode / orgFields / destFields / param): the popup record picker of an online report;
 * 确定 copies each original field of the picked row(s) into the destination field of this row (this cell included
 * when it is one of them). A column without code / fields of equal count warns popup参数未正确配置… and does not open.
 */
export function PopupCellEditor({ value, row, column, rowId, api, onCommit, onCancel }: CellEditorProps) {
  const { message } = useFeedback();
  const ext = columnExtend(column);
  const code = String(column.popupCode ?? ext.code ?? '');
  const orgFields = String(column.orgFields ?? ext.orgFields ?? '');
  const destFields = String(column.destFields ?? ext.destFields ?? '');
  const configError = checkPopupConfig({ code, orgFields, destFields });
  const warned = useRef(false);
  useEffect(() => {
    if (!configError || warned.current) return;
    warned.current = true;
    message.warning(configError);
    onCancel();
  }, [configError, message, onCancel]);
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <>
      <span className="jvxe-rich-text" title={text}>
        {text}
      </span>
      {configError ? null : (
        <EditorLayer>
          <PopupModal
            open
            code={code}
            multi={popupMulti(ext)}
            param={(column.param ?? ext.param) as Record<string, unknown> | string | undefined}
            sorter={typeof ext.sorter === 'string' ? ext.sorter : null}
            groupId={typeof ext.groupId === 'string' ? ext.groupId : null}
            onCancel={onCancel}
            onOk={(rows) => {
              const values = popupAssignments(rows, orgFields, destFields);
              const { [column.key]: own, ...others } = values;
              const changed = Object.fromEntries(Object.entries(others).filter(([k, v]) => row[k] !== v));
              if (Object.keys(changed).length) api.setValues([{ rowKey: rowId, values: changed }]);
              onCommit(column.key in values ? own : value);
            }}
          />
        </EditorLayer>
      )}
    </>
  );
}

/** input_pop: a text area in a popover above the cell; closing the popover keeps the text, Esc discards it. */
export function InputPopEditor({ value, column, placeholder, onChange, onCommit, onCancel }: CellEditorProps) {
  const [draft, setDraft] = useState(value === undefined || value === null ? '' : String(value));
  const done = useRef(false);
  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    if (commit) onCommit(draft);
    else onCancel();
  };
  return (
    <EditorLayer>
      <Popover
        open
        trigger="click"
        title={column.title}
        placement="bottom"
        onOpenChange={(open) => {
          if (!open) finish(true);
        }}
        content={
          <Input.TextArea
            autoFocus
            rows={4}
            style={{ width: 260 }}
            value={draft}
            placeholder={placeholder}
            onChange={(e) => {
              setDraft(e.target.value);
              onChange(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                finish(false);
              }
            }}
          />
        }
      >
        <Input size="small" readOnly value={draft} placeholder={placeholder} onClick={(e) => e.stopPropagation()} />
      </Popover>
    </EditorLayer>
  );
}
