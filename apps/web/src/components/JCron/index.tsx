import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import type { CronOptions } from './cron-model';
import { JCronEditor } from './JCronEditor';
import './jcron.css';

export { validateCron } from './cron-model';
export { JCronEditor } from './JCronEditor';

export interface JCronProps extends CronOptions {
  value?: string | null;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/** width of the cron dialog (spec 02 §9) */
export const CRON_MODAL_WIDTH = 608;

/**
 * The cron widget of forms (registry name 'cron'): the expression in a text box, and 选择 opening the editor in a
 * dialog; 确定 emits the edited expression, closing the dialog changes nothing (spec 02 §4).
 */
export function JCron({ value, onChange, disabled, placeholder, id, hideSecond, hideYear }: JCronProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string>('');
  const start = () => {
    setDraft(value || (hideSecond ? '* * * * ?' : hideYear ? '* * * * * ?' : '* * * * * ? *'));
    setOpen(true);
  };
  return (
    <>
      <Space.Compact className="jcron-input" style={{ width: '100%' }}>
        <Input
          id={id}
          data-testid="jcron-input"
          value={value ?? ''}
          disabled={disabled}
          placeholder={placeholder ?? '请输入cron表达式'}
          onChange={(e) => onChange?.(e.target.value || undefined)}
        />
        <Button data-testid="jcron-open" disabled={disabled} onClick={start}>
          选择
        </Button>
      </Space.Compact>
      <Modal
        title="Cron表达式"
        open={open}
        width={CRON_MODAL_WIDTH}
        style={{ top: 24 }}
        destroyOnHidden
        okText="确定"
        cancelText="关闭"
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange?.(draft || undefined);
          setOpen(false);
        }}
      >
        <JCronEditor value={draft} onChange={setDraft} hideSecond={hideSecond} hideYear={hideYear} />
      </Modal>
    </>
  );
}

export default JCron;
