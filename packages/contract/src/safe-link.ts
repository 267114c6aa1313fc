/**
 * Stored links (security rule 16): menu urls, announcement open pages, message links, gateway targets and upload URLs
 * accept `http(s):` URLs and relative paths only. One check, shared by the server (on write, in its zod schemas) and
 * the web app (again when rendering a stored value as a link, an iframe or a navigation target).
 *
 * A value is refused when, read the way a browser or an HTML parser would read it, it names any other scheme:
 * `javascript:`, `data:`, `vbscript:`, `file:`, `mailto:` … in any case, with whitespace or invisible characters inside
 * (`java\tscript:`), HTML character references (`&#106;avascript:`, `javascript&colon;`), percent-encoding, or a
 * network-path prefix (`//evil.example`, `\\evil.example`) that would leave the site without naming http(s).
 * Control characters and line breaks are refused outright: no legitimate link contains one.
 * `{{ window._CONFIG['key'] }}` placeholders (JeecgBoot menu urls) are plain text here; the web app resolves them from
 * an allow-list of configuration values and checks the result again.
 */

export type LinkProblem = 'control' | 'scheme' | 'network-path';

export const SAFE_LINK_RULE = '只能是 http:// 或 https:// 开头的网址，或站内相对路径（不允许 javascript:、data: 等）';

const PROBLEM_TEXT: Record<LinkProblem, string> = {
  control: '不能包含换行或控制字符',
  scheme: SAFE_LINK_RULE,
  'network-path': SAFE_LINK_RULE,
};

/** The Chinese error of a refused link, naming the field: `菜单路径只能是 http:// 或 https:// …`. */
export function safeLinkMessage(label: string, problem: LinkProblem = 'scheme'): string {
  return `${label}${PROBLEM_TEXT[problem]}`;
}

/** C0/C1 controls and the Unicode line/paragraph separators: refused anywhere in a stored link */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** whitespace and invisible characters a browser or a reader may drop or not see; removed before reading a scheme */
const HIDDEN =
  /[\s\u0000-\u0020\u007f-\u00a0\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/g;

/** named references that can spell a scheme or hide one (the rest cannot form `scheme:`) */
const NAMED: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  period: '.',
  lpar: '(',
  rpar: ')',
  num: '#',
  percnt: '%',
  plus: '+',
  hyphen: '-',
  dash: '-',
};

function fromCodePoint(n: number): string {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
}

/** HTML character references decoded (repeatedly, so `&amp;#106;` counts too); unknown names are left as they are */
function decodeEntities(s: string): string {
  let out = s;
  for (let i = 0; i < 4 && out.includes('&'); i++) {
    const next = out.replace(/&(#[xX][0-9a-fA-F]{1,8}|#\d{1,10}|[A-Za-z]{2,10});?/g, (all, ref: string) => {
      if (ref[0] === '#') {
        const hex = ref[1] === 'x' || ref[1] === 'X';
        return fromCodePoint(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
      }
      const named = NAMED[ref.toLowerCase()];
      return named ?? all;
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

function decodePercent(s: string): string {
  let out = s;
  for (let i = 0; i < 3 && /%[0-9a-fA-F]{2}/.test(out); i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      out = out.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    }
  }
  return out;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

function readingProblem(reading: string): LinkProblem | null {
  const s = reading.replace(HIDDEN, '');
  if (/^[/\\]{2}/.test(s)) return 'network-path';
  const m = SCHEME.exec(s);
  if (m) {
    const scheme = m[1].toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return 'scheme';
  }
  return null;
}

/** Why a stored link is refused, or null when it is acceptable (empty counts as acceptable: "no link"). */
export function linkProblem(raw: string | null | undefined): LinkProblem | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') return 'scheme';
  if (CONTROL.test(raw)) return 'control';
  const entities = decodeEntities(raw);
  if (CONTROL.test(entities)) return 'control';
  for (const reading of [raw, entities, decodePercent(raw), decodePercent(entities)]) {
    const p = readingProblem(reading);
    if (p) return p;
  }
  return null;
}

/** true for '', an http(s) URL or a relative path */
export function isSafeLink(raw: string | null | undefined): boolean {
  return linkProblem(raw) === null;
}

/**
 * For rendering: the link (trimmed) when it is safe and not empty, else null — the caller then renders no link,
 * no iframe, no navigation.
 */
export function safeLink(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  return v && isSafeLink(v) ? v : null;
}
