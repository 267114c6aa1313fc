import { RICH_TEXT_TAGS } from '@answer/contract';

/**
 * Allow-list HTML sanitiser for announcement bodies (rich text written by administrators in the editor).
 * Keeps formatting, tables, images and links; drops scripts, event handlers, frames, forms and dangerous URLs.
 */

const ALLOWED_TAGS = new Set(RICH_TEXT_TAGS);

/** Elements removed together with their content. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);

const ALLOWED_ATTRS = new Set([
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'style',
  'colspan',
  'rowspan',
  'align',
  'valign',
  'color',
  'size',
  'face',
  'border',
  'cellpadding',
  'cellspacing',
]);

const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|\.{0,2}\/|#|[^:]*$)/i;
const SAFE_IMG_DATA = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,/i;

function safeUrl(value: string, forImage: boolean): boolean {
  // browsers ignore control characters and whitespace inside a scheme ("java\nscript:")
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (forImage && SAFE_IMG_DATA.test(v)) return true;
  return SAFE_URL.test(v);
}

function safeStyle(value: string): boolean {
  return !/expression\s*\(|url\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(value);
}

function clean(node: Element, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8 /* comment */) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      continue;
    }
    clean(el, doc);
    if (!ALLOWED_TAGS.has(tag)) {
      // unknown wrapper: keep its (already cleaned) content
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const ok =
        ALLOWED_ATTRS.has(name) &&
        (name === 'href' || name === 'src' ? safeUrl(attr.value, name === 'src' && tag === 'img') : true) &&
        (name === 'style' ? safeStyle(attr.value) : true);
      if (!ok) el.removeAttribute(attr.name);
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  clean(doc.body, doc);
  return doc.body.innerHTML;
}
