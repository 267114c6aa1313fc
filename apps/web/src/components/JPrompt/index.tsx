import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useState } from 'react';

export interface JPromptProps {
  open: boolean;
  title?: ReactNode;
  /** text above the input */
  content?: ReactNode;
  defaultValue?: string;
  placeholder?: string;
  /** the caller's rules, checked before 确定 confirms (spec 02 §5 "Prompt dialog validates input") */
  rules?: Rule[];
  /** textarea instead of a one-line input */
  multiline?: boolean;
  width?: number;
  /** the confirmed text; a promise keeps the button loading; false (or a rejection) keeps the dialog open */
  onOk: (value: string) => unknown;
  onCancel: () => void;
}

/** Prompt dialog (JeecgBoot JPrompt): one input validated with the caller's rules. */
export function JPrompt({
  open,
  title = '提示',
  content,
  defaultValue = '',
  placeholder = '请输入内容',
  rules,
  multiline,
  width = 416,
  onOk,
  onCancel,
}: JPromptProps) {
  const [form] = Form.useForm<{ value: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ value: defaultValue });
  }, [open, defaultValue, form]);
  const confirm = async () => {
    let value: string;
    try {
      value = (await form.validateFields()).value ?? '';
    } catch {
      return;
    }
    setBusy(true);
    try {
      const r = await onOk(value);
      if (r !== false) onCancel();
    } catch {
      // the caller reported it; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      forceRender
    >
      {content && <div style={{ marginBottom: 12 }}>{content}</div>}
      <Form form={form} onFinish={confirm} initialValues={{ value: defaultValue }}>
        <Form.Item name="value" rules={rules} style={{ marginBottom: 0 }}>
          {multiline ? (
            <Input.TextArea aria-label="输入内容" rows={4} placeholder={placeholder} />
          ) : (
            <Input aria-label="输入内容" placeholder={placeholder} onPressEnter={confirm} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `const [prompt, holder] = usePrompt()`; `const name = await prompt({ title, rules })` (undefined when cancelled) */
export function usePrompt(): [
  (options: Omit<JPromptProps, 'open' | 'onOk' | 'onCancel'>) => Promise<string | undefined>,
  ReactNode,
] {
  const [state, setState] = useState<{
    options: Omit<JPromptProps, 'open' | 'onOk' | 'onCancel'>;
    resolve: (v: string | undefined) => void;
  } | null>(null);
  const prompt = (options: Omit<JPromptProps, 'open' | 'onOk' | 'onCancel'>) =>
    new Promise<string | undefined>((resolve) => setState({ options, resolve }));
  const holder = state ? (
    <JPrompt
      {...state.options}
      open
      onOk={(v) => {
        state.resolve(v);
        setState(null);
        return false;
      }}
      onCancel={() => {
        state.resolve(undefined);
        setState(null);
      }}
    />
  ) : null;
  return [prompt, holder];
}

export default JPrompt;
