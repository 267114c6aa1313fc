import { sanitizeRichText } from '../announcement/sanitize.ts';

/**
 * Markdown shown to other users, sanitised on save with the one rich-text allow-list (`RICH_TEXT_TAGS` of
 * packages/contract through `sanitizeRichText`). Markdown is text, so it is not run through an HTML sanitiser as a
 * whole (that would escape `<`, `>` and `&` of ordinary text and break block quotes); instead:
 *
 * - code (fenced blocks, inline code spans) is kept as written: the renderer shows it as text;
 * - every raw HTML tag elsewhere goes through the allow-list on its own: a listed tag keeps only its listed
 *   attributes (no event handlers, no javascript: URLs), any other tag is removed, and script / style / iframe / …
 *   are removed together with their content; HTML comments are removed;
 * - link and image destinations (`[x](…)`, `<scheme:…>`) with a script scheme become `#`.
 *
 * Markdown without raw HTML or unsafe links comes back unchanged, byte for byte.
 */

/** removed together with their content (as the rich-text sanitiser does) */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'form',
  'frame',
  'frameset',
  'applet',
]);

const CODE = /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]+`)/;
const TAG = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^<>]*)?\/?>/g;
const UNSAFE_SCHEME = /^\s*<?\s*(?:javascript|vbscript|data(?!:image\/(?:png|gif|jpe?g|webp|bmp);base64,)|file):/i;

function cleanTag(tag: string, name: string | undefined): string {
  if (!name) return ''; // comment
  const lower = name.toLowerCase();
  const closing = tag.startsWith('</');
  if (closing) {
    // a closing tag of a listed element stays; the sanitiser tells whether the element is listed
    return sanitizeRichText(`<${lower}></${lower}>`).endsWith(`</${lower}>`) ? `</${lower}>` : '';
  }
  const out = sanitizeRichText(tag.endsWith('/>') ? tag : `${tag}</${lower}>`);
  const open = /^<[a-zA-Z][^>]*>/.exec(out);
  if (!open) return '';
  // a void element (img, br, hr) comes back self-closed; others as <tag …></tag>
  return open[0];
}

function cleanText(text: string): string {
  let out = '';
  let last = 0;
  let skipUntil: string | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    const [tag, name] = m;
    const lower = name?.toLowerCase();
    if (skipUntil) {
      if (tag.startsWith('</') && lower === skipUntil) {
        skipUntil = null;
        last = m.index + tag.length;
      }
      continue;
    }
    out += text.slice(last, m.index);
    last = m.index + tag.length;
    if (lower && !tag.startsWith('</') && DROP_WITH_CONTENT.has(lower) && !tag.endsWith('/>')) {
      skipUntil = lower;
      continue;
    }
    out += cleanTag(tag, name);
  }
  if (!skipUntil) out += text.slice(last);
  return out
    .replace(/(\]\()([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)/g, (all, lead: string, dest: string) =>
      UNSAFE_SCHEME.test(dest) ? `${lead}#` : all,
    )
    .replace(/<((?:javascript|vbscript|data|file):[^>\s]*)>/gi, '$1');
}

/** Sanitised markdown (empty input → ''). */
export function sanitizeMarkdown(md: string | null | undefined): string {
  if (!md) return '';
  return md
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : cleanText(part)))
    .join('');
}
