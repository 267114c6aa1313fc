import type { FormRule } from 'antd';

/** test data must be a flat JSON object (the server fills `${name}` placeholders by plain substitution) */
export function jsonObjectError(text: string | undefined | null): string | null {
  if (!text?.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return '请输入 JSON 对象，例如 {"name":"张三"}';
    return null;
  } catch {
    return '请输入 JSON 对象，例如 {"name":"张三"}';
  }
}

/** the form rule of a JSON-object field */
export const jsonRule: FormRule = {
  validator: async (_, value?: string) => {
    const err = jsonObjectError(value);
    if (err) throw new Error(err);
  },
};

/** the text of a (possibly HTML) message body, for the list cell; React escapes it */
export function plainText(v: string | null | undefined): string {
  return (v ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
