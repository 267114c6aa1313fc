import { marked } from 'marked';
import { sanitizeHtml } from '../HeaderNotice/sanitize-html';

/**
 * Pure logic of the markdown editor (spec 02 §5 "Markdown image has optional remark; insert clicks within 1.5 s warn
 * '你点击的太快了，请慢点点击!'", §9 "markdown min height 200, default 300px"): the insert guard, the image syntax and
 * the rendering, which goes through the one rich-text allow-list (`RICH_TEXT_TAGS` of packages/contract, applied by
 * the web's `sanitizeHtml`), so a preview shows only what the server would keep.
 */

export const MARKDOWN_TOO_FAST = '你点击的太快了，请慢点点击!';
export const INSERT_GUARD_MS = 1500;
export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_DEFAULT_HEIGHT = '300px';

/**
 * A guard that lets one insert through per window: true = go on, false = too fast (the caller warns). The window
 * starts at the last insert that went through.
 */
export function createInsertGuard(ms = INSERT_GUARD_MS, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

/** `![remark](url)`: brackets in the remark and spaces / parentheses in the URL escaped */
export function imageMarkdown(url: string, remark?: string | null): string {
  const alt = (remark ?? '')
    .replace(/[[\]\\]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .trim();
  const href = url.trim().replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `![${alt}](${href})`;
}

/**
 * A block (an image line) put between `before` and `after` on lines of its own: a line break is added before it
 * unless it starts a line, and after it unless the rest of the line is empty.
 */
export function asBlock(text: string, before: string, after: string): string {
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  return `${lead}${text}${trail}`;
}

/** markdown → HTML kept by the allow-list */
export function renderMarkdown(md: string | null | undefined): string {
  if (!md) return '';
  const html = marked.parse(md, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html);
}

export type MarkdownMark =
  | 'bold'
  | 'italic'
  | 'strike'
  | 'code'
  | 'heading'
  | 'quote'
  | 'ul'
  | 'ol'
  | 'link'
  | 'codeblock';

/** the text a toolbar mark puts around (or before) the selected text */
export function applyMark(
  mark: MarkdownMark,
  selected: string,
): { text: string; selectFrom: number; selectTo: number } {
  const wrap = (before: string, after: string, placeholder: string) => {
    const body = selected || placeholder;
    return { text: `${before}${body}${after}`, selectFrom: before.length, selectTo: before.length + body.length };
  };
  const prefix = (p: (i: number) => string, placeholder: string) => {
    const lines = (selected || placeholder).split('\n');
    const text = lines.map((l, i) => `${p(i)}${l}`).join('\n');
    return { text, selectFrom: 0, selectTo: text.length };
  };
  switch (mark) {
    case 'bold':
      return wrap('**', '**', '粗体');
    case 'italic':
      return wrap('*', '*', '斜体');
    case 'strike':
      return wrap('~~', '~~', '删除线');
    case 'code':
      return wrap('`', '`', 'code');
    case 'heading':
      return prefix(() => '## ', '标题');
    case 'quote':
      return prefix(() => '> ', '引用');
    case 'ul':
      return prefix(() => '- ', '列表项');
    case 'ol':
      return prefix((i) => `${i + 1}. `, '列表项');
    case 'link':
      return wrap('[', '](https://)', '链接文字');
    case 'codeblock':
      return wrap('```\n', '\n```', 'code');
  }
}
