import { Input } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFeedback } from '../../utils/feedback';
import { PickerText } from '../picker';
import { PopupModal } from './PopupModal';
import {
  checkPopupConfig,
  POPUP_MODAL_WIDTH,
  type PopupQuery,
  popupAssignments,
  popupClearValues,
  popupFieldText,
} from './popup-logic';

export { PopupModal, type PopupModalProps } from './PopupModal';
export type { PopupColumn, PopupQueryItem, PopupReport } from './popup-api';
export { clearPopupCache, fetchPopupData, fetchPopupQueryInfo, fetchPopupReport } from './popup-api';
export * from './popup-logic';

export interface JPopupProps {
  /** the online report's code (onl_cgreport_head.code) */
  code: string;
  /** the form field this input stands for (one of destFields): its text is the matching original field */
  field?: string;
  /** report columns copied back, comma list */
  orgFields: string;
  /** form fields receiving them, comma list of the same length */
  destFields: string;
  multi?: boolean;
  /** `self_<name>` parameters of the report (object or JSON text) */
  param?: PopupQuery['param'];
  /** "column=asc|desc" */
  sorter?: string;
  /** popups of one group share report answers for 30 s */
  groupId?: string;
  /** @default 1200 */
  width?: number;
  /** @default '请选择' */
  placeholder?: string;
  disabled?: boolean;
  /** the stored value (this field's text); several picked rows are joined by `spliter` @default ',' */
  value?: string | null;
  spliter?: string;
  /** the field's new value, with every destination field's value */
  onChange?: (value: string, values: Record<string, unknown>) => void;
  /** every destination field's value (JeecgBoot `callback`): the form sets them all */
  onCallback?: (values: Record<string, unknown>) => void;
  status?: 'error' | 'warning';
  style?: React.CSSProperties;
  id?: string;
}

/**
 * JPopup (spec 02 §3 "Online report popup", §4, §5, §8, §9): a read-only input; a click opens the report's record
 * picker (page size 5, width 1200, single or multi); 确定 copies orgFields[i] of the picked row(s) into destFields[i]
 * (`onCallback`) and shows this field's part (`onChange`). Without code / fields, or with counts that differ, it says
 * popup参数未正确配置! / popup参数未正确配置,原始值和目标值数量不一致! and does not open.
 */
export function JPopup({
  code,
  field,
  orgFields,
  destFields,
  multi = false,
  param,
  sorter,
  groupId,
  width = POPUP_MODAL_WIDTH,
  placeholder = '请选择',
  disabled,
  value,
  spliter = ',',
  onChange,
  onCallback,
  status,
  style,
  id,
}: JPopupProps) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const configError = checkPopupConfig({ code, orgFields, destFields });
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (configError && warned.current !== configError) message.error(configError);
    warned.current = configError;
  }, [configError, message]);
  const text = value ? String(value).split(spliter).join(',') : '';
  const uniqGroupId = useMemo(
    () => (groupId ? `${groupId}_${code}_${field ?? ''}_${orgFields}_${destFields}` : null),
    [groupId, code, field, orgFields, destFields],
  );

  const emit = (str: string, values: Record<string, unknown>) => {
    onCallback?.(values);
    onChange?.(str, values);
  };

  if (configError) return <Input id={id} style={style} disabled status="error" placeholder={configError} />;

  return (
    <span style={{ display: 'block', ...style }}>
      <PickerText
        id={id}
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        status={status}
        onOpen={() => setOpen(true)}
        onClear={() => emit('', popupClearValues(destFields))}
      />
      {open ? (
        <PopupModal
          open
          code={code}
          multi={multi}
          param={param}
          sorter={sorter}
          groupId={uniqGroupId}
          width={width}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            setOpen(false);
            const values = popupAssignments(rows, orgFields, destFields);
            const own = field ? popupFieldText(rows, orgFields, destFields, field) : text;
            emit(own.split(',').join(spliter), values);
          }}
        />
      ) : null}
    </span>
  );
}
