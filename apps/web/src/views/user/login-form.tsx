import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';

/**
 * The login page's own small form: field values, the rules of its five inputs and antd's Form.Item look
 * (styles in user-pages.css). antd's <Form> would bring the field store, the async validator, the grid and the
 * label tooltip (~30 kB gzip) into the login page's first load; the rules here are plain required / pattern /
 * length checks. Behaviour follows antd: a field is checked on every change and on submit, all its failing
 * rules are listed, and an empty optional value skips the other rules.
 */

export interface FieldRule {
  required?: boolean;
  pattern?: RegExp;
  /** minimum string length */
  min?: number;
  /** maximum string length */
  max?: number;
  message?: string;
}

/** Messages of the rules a value breaks (antd / async-validator semantics for strings). */
export function fieldErrors(value: string | undefined, rules: readonly FieldRule[]): string[] {
  const text = value ?? '';
  const errors: string[] = [];
  for (const rule of rules) {
    const message = rule.message ?? '';
    if (text === '') {
      if (rule.required) errors.push(message);
      continue;
    }
    if (rule.pattern) {
      rule.pattern.lastIndex = 0;
      if (!rule.pattern.test(text)) errors.push(message);
    }
    if ((rule.min !== undefined && text.length < rule.min) || (rule.max !== undefined && text.length > rule.max)) {
      errors.push(message);
    }
  }
  return errors;
}

export interface LoginForm<N extends string> {
  /** props for the field's input (value, change handler, error status and its ARIA links) */
  input(name: N): {
    id: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    status?: 'error';
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  };
  errors(name: N): string[];
  /** id of the element holding the field's messages */
  helpId(name: N): string;
  getFieldValue(name: N): string;
  /** sets a value without checking it (as antd's setFieldValue) */
  setFieldValue(name: N, value: string): void;
  /** checks the named fields; resolves with all values, or rejects when one fails (its messages then show) */
  validateFields(names: readonly N[]): Promise<Partial<Record<N, string>>>;
}

export function useLoginForm<N extends string>(
  rules: Readonly<Record<N, readonly FieldRule[]>>,
  initialValues: Partial<Record<N, string>> = {},
): LoginForm<N> {
  const prefix = useId();
  const [values, setValues] = useState<Partial<Record<N, string>>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<N, string[]>>>({});
  // the latest values, for validateFields right after a change in the same event
  const latest = useRef(values);
  latest.current = values;

  const setFieldValue = useCallback((name: N, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }, []);

  const validateFields = useCallback(
    (names: readonly N[]) => {
      const found: Partial<Record<N, string[]>> = {};
      for (const name of names) found[name] = fieldErrors(latest.current[name], rules[name] ?? []);
      setErrors((e) => ({ ...e, ...found }));
      const failed = names.some((n) => found[n]?.length);
      return failed ? Promise.reject(found) : Promise.resolve({ ...latest.current });
    },
    [rules],
  );

  return useMemo<LoginForm<N>>(
    () => ({
      input(name) {
        const messages = errors[name] ?? [];
        const failed = messages.length > 0;
        return {
          id: `${prefix}-${name}`,
          value: values[name] ?? '',
          onChange: (e) => {
            setFieldValue(name, e.target.value);
            setErrors((all) => ({ ...all, [name]: fieldErrors(e.target.value, rules[name] ?? []) }));
          },
          ...(failed ? { status: 'error' as const, 'aria-invalid': true as const } : {}),
          ...(failed ? { 'aria-describedby': `${prefix}-${name}-help` } : {}),
        };
      },
      errors: (name) => errors[name] ?? [],
      helpId: (name) => `${prefix}-${name}-help`,
      getFieldValue: (name) => latest.current[name] ?? '',
      setFieldValue,
      validateFields,
    }),
    [errors, prefix, rules, setFieldValue, validateFields, values],
  );
}

export interface LoginFieldProps {
  /** the field's current messages (shown under the control, in the space of its bottom margin, as antd does) */
  errors: readonly string[];
  helpId: string;
  children: ReactNode;
}

/** One form row with antd's Form.Item spacing: 24 px below, messages in that space (the layout never jumps). */
export function LoginField({ errors, helpId, children }: LoginFieldProps) {
  return (
    <div className={errors.length ? 'login-field has-error' : 'login-field'}>
      {children}
      {errors.length ? (
        <div className="login-field-explain" id={helpId}>
          {errors.map((message) => (
            <div key={message} role="alert" className="login-field-error">
              {message}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
