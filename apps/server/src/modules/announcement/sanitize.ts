import { RICH_TEXT_TAGS } from '@answer/contract';
import sanitize from 'sanitize-html';

/**
 * Rich text of announcements (security rule 8): sanitised on write with an explicit allow-list. The same tags and
 * attributes are allowed by the web app's renderer (components/HeaderNotice/sanitize-html.ts), so what is stored is
 * what is shown.
 *
 * - no script/style/iframe/object/embed/svg/math/form elements (dropped with their content);
 * - no event handlers or other attributes outside the list; `style` only with listed properties and plain values
 *   (no url(), expression(), javascript:);
 * - links: http, https, mailto, tel and relative URLs only; images also `data:image/(png|gif|jpeg|webp|bmp);base64`;
 *   protocol-relative URLs (`//host`) are dropped; links open in a new window with rel="noopener noreferrer".
 */

const TAGS = [...RICH_TEXT_TAGS];

const COMMON_ATTRS = ['style', 'title', 'align'];
const TABLE_ATTRS = ['colspan', 'rowspan', 'valign', 'width', 'height', 'border', 'cellpadding', 'cellspacing'];

/** a CSS value without functions, comments, escapes or quotes */
const PLAIN = /^[#a-zA-Z0-9.,%\s-]{1,64}$/;
const COLOR = /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-zA-Z]{1,20})$/;
const LENGTH = /^(0|-?\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt)?)$/;

const STYLES: sanitize.IOptions['allowedStyles'] = {
  '*': {
    color: [COLOR],
    'background-color': [COLOR],
    'text-align': [/^(left|right|center|justify)$/],
    'text-decoration': [/^(none|underline|line-through|overline)(\s+[a-z-]+)?$/],
    'text-indent': [LENGTH],
    'font-size': [LENGTH, /^(x{0,2}-?small|medium|x{0,2}-?large)$/],
    'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
    'font-style': [/^(normal|italic|oblique)$/],
    'font-family': [PLAIN],
    'line-height': [LENGTH],
    'padding-left': [LENGTH],
    'margin-left': [LENGTH],
    width: [LENGTH, /^auto$/],
    height: [LENGTH, /^auto$/],
    'vertical-align': [/^(top|middle|bottom|baseline)$/],
    'border-collapse': [/^(collapse|separate)$/],
  },
};

/** http(s), mailto, tel, or a relative URL that is not protocol-relative (the filter below then checks schemes) */
const SAFE_HREF = /^(?:https?:|mailto:|tel:|#|\/(?![/\\])|\.{1,2}\/|[^:/\\]+(?:[/?#]|$))/i;
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[A-Za-z0-9+/=\s]+$/i;

const OPTIONS: sanitize.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': COMMON_ATTRS,
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    table: TABLE_ATTRS,
    td: TABLE_ATTRS,
    th: TABLE_ATTRS,
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    ol: ['start'],
  },
  allowedStyles: STYLES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // dropped together with their content (everything else outside the list is unwrapped, its text kept)
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    ['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'form'].includes(frame.tag),
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitize.Attributes = { ...attribs };
      if (out.href && !SAFE_HREF.test(out.href.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''))) delete out.href;
      if (out.href) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: sanitize.Attributes = { ...attribs };
      const src = (out.src ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
      // data: only for real images (data:image/svg+xml could carry script)
      if (/^data:/i.test(src) && !SAFE_DATA_IMAGE.test(src)) delete out.src;
      return { tagName, attribs: out };
    },
  },
};

/** Sanitised HTML of an announcement body (empty input → ''). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Plain text of a title: every tag dropped (scripts with their content), entities decoded, whitespace collapsed.
 * Repeated until stable, so an encoded tag (`&lt;b&gt;`) cannot come back as markup.
 */
export function stripHtml(text: string | null | undefined): string {
  let s = text ?? '';
  for (let i = 0; i < 3; i++) {
    const next = sanitize(s, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags }).replace(
      /&(amp|lt|gt|quot|#39);/g,
      (m) => ENTITIES[m],
    );
    if (next === s) break;
    s = next;
  }
  return s.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
}
