// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
// Pure parse / format / display logic of the basic cells (spec 02 §3, §5), tested without a DOM.
import dayjs from 'dayjs';
import type { JVxeColumn, JVxeOption } from '../../types';

// ------------------------------------------------------------------ placeholder

/** '${title}', '${key}', '${defaultValue}' of a placeholder replaced; a default by kind when absent */
export function fillPlaceholder(column: JVxeColumn, kind: 'input' | 'select' = 'input'): string {
  const raw = column.placeholder ?? (kind === 'select' ? '请选择${title}' : '请输入${title}');
  return raw
    .replaceAll('${title}', column.title ?? '')
    .replaceAll('${key}', column.key ?? '')
    .replaceAll(
      '${defaultValue}',
      column.defaultValue === undefined || column.defaultValue === null ? '' : String(column.defaultValue),
    );
}

// ------------------------------------------------------------------ numbers

/** what the number editor accepts while typing: optional minus, digits, one decimal point */
export const NUMBER_TYPING = /^-?\d*\.?\d*$/;
const NUMBER_FULL = /^-?(\d+\.?\d*|\.\d+)$/;

/** the typed text kept (true) or refused (false) */
export function acceptNumberTyping(text: string): boolean {
  return NUMBER_TYPING.test(text);
}

/** on blur / paste: a matching value is parsed as a number, anything else becomes empty ('') */
export function parseNumber(raw: unknown): number | '' {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : '';
  if (raw === undefined || raw === null) return '';
  const s = String(raw).trim();
  if (!NUMBER_FULL.test(s)) return '';
  const n = Number(s);
  return Number.isFinite(n) ? n : '';
}

// ------------------------------------------------------------------ tags

/** semicolons removed, then a semicolon after every two characters */
export function normalizeTags(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  const plain = [...String(raw).replaceAll(';', '')];
  let out = '';
  for (let i = 0; i < plain.length; i++) {
    out += plain[i];
    if (i % 2 === 1) out += ';';
  }
  return out;
}

export function tagList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(';')
    .filter((t) => t !== '');
}

// ------------------------------------------------------------------ dates

export const DATE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' } as const;
export type DateKind = keyof typeof DATE_FORMATS;

export function dateFormat(kind: DateKind, column?: JVxeColumn): string {
  return column?.format || DATE_FORMATS[kind];
}

/** a value (string, Date, dayjs, number) as a dayjs, or null */
export function toDayjs(value: unknown, kind: DateKind): dayjs.Dayjs | null {
  if (value === undefined || value === null || value === '') return null;
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (value instanceof Date || typeof value === 'number') {
    const d = dayjs(value);
    return d.isValid() ? d : null;
  }
  const s = String(value).trim();
  if (kind === 'time' || /^\d{1,2}:\d{2}(:\d{2})?$/.test(s)) {
    const d = dayjs(`1970-01-01 ${s}`);
    return d.isValid() ? d : null;
  }
  const d = dayjs(s.replace(/\//g, '-'));
  return d.isValid() ? d : null;
}

/** a value as the text of the cell's format ('' when empty or not a date) */
export function formatDate(value: unknown, kind: DateKind, column?: JVxeColumn): string {
  const d = toDayjs(value, kind);
  return d ? d.format(dateFormat(kind, column)) : '';
}

/**
 * A date typed into the cell (issue 29: it was dropped, only picking worked): `2026-12-04`, `2026/12/4`, `2026.12.4`,
 * `2026年12月4日`, `20261204`, with ` 9:05[:00]` for date-times; `9:05[:07]` for times. The cell's format, or null
 * when it is not a real date (2026-02-30 is refused rather than rolled over).
 */
export function typedDate(text: string, kind: DateKind, column?: JVxeColumn): string | null {
  let s = text.trim();
  if (!s) return null;
  if (kind === 'time') {
    const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
    if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) return null;
    return dayjs(`1970-01-01 ${m[1]}:${m[2]}:${m[3] ?? '00'}`).format(dateFormat(kind, column));
  }
  s = s.replace(/日/g, '').replace(/[年月./]/g, '-');
  const compact = /^(\d{4})(\d{2})(\d{2})(.*)$/.exec(s);
  if (compact) s = `${compact[1]}-${compact[2]}-${compact[3]}${compact[4]}`;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', se = '0'] = m.slice(1).map((x) => x ?? undefined) as string[];
  if (+h > 23 || +mi > 59 || +se > 59) return null;
  const date = dayjs(new Date(+y, +mo - 1, +d, +h, +mi, +se));
  if (!date.isValid() || date.year() !== +y || date.month() !== +mo - 1 || date.date() !== +d) return null;
  return date.format(dateFormat(kind, column));
}

// ------------------------------------------------------------------ checkbox

/** [checked, unchecked] values: customValue, else true / false */
export function checkValues(column: JVxeColumn): [unknown, unknown] {
  return column.customValue ?? [true, false];
}

export function isChecked(value: unknown, column: JVxeColumn): boolean {
  const [on] = checkValues(column);
  if (value === on) return true;
  if (value === undefined || value === null) return false;
  return String(value) === String(on);
}

export function toggleChecked(value: unknown, column: JVxeColumn): unknown {
  const [on, off] = checkValues(column);
  return isChecked(value, column) ? off : on;
}

/** pasted / loaded text of a checkbox: the checked value for 'true', '1', 'Y', the checked value itself */
export function parseChecked(raw: unknown, column: JVxeColumn): unknown {
  const [on, off] = checkValues(column);
  if (raw === on || raw === off) return raw;
  const s = String(raw ?? '')
    .trim()
    .toLowerCase();
  if (s === String(on).toLowerCase() || s === 'true' || s === '1' || s === 'y' || s === '是') return on;
  return off;
}

// ------------------------------------------------------------------ options

export function optionText(o: JVxeOption): string {
  return String(o.text ?? o.title ?? o.label ?? o.value);
}

/** values of a multi cell as a list (comma string or array) */
export function splitMulti(value: unknown, separator = ','): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((s) => s !== '');
  return String(value)
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export function joinMulti(values: unknown, separator = ','): string {
  return splitMulti(values, separator).join(separator);
}

/** the text of a (multi) value by the option texts; unknown values as they are */
export function textOfValue(value: unknown, texts: ReadonlyMap<string, string> | undefined, separator = ','): string {
  if (value === undefined || value === null || value === '') return '';
  if (!texts) return Array.isArray(value) ? value.join(separator) : String(value);
  const parts =
    Array.isArray(value) || String(value).includes(separator) ? splitMulti(value, separator) : [String(value)];
  return parts.map((p) => texts.get(p) ?? p).join(separator);
}

/** pasted text of an option cell: a value, or an option text mapped to its value */
export function parseOption(raw: unknown, options: readonly JVxeOption[] | undefined): unknown {
  if (raw === undefined || raw === null) return '';
  const s = String(raw).trim();
  if (!options?.length) return s;
  if (options.some((o) => String(o.value) === s)) return s;
  const hit = options.find((o) => optionText(o) === s);
  return hit ? String(hit.value) : s;
}

// ------------------------------------------------------------------ progress

export function progressPercent(value: unknown): number {
  const n = Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(100, n));
}

/**
 * The options of a select cell with `allowInput` (spec 02 §2, JeecgBoot's JVxeSelectCell): what the user types is
 * offered first when no option has that value or text, so a value outside the list can be chosen; the current value,
 * when it is not an option (typed earlier), stays shown as itself.
 */
export function inputOptions(
  base: { value: string; label: string; disabled?: boolean }[],
  typed: string,
  current: string | undefined,
): { value: string; label: string; disabled?: boolean }[] {
  const out = [...base];
  const known = (v: string) => out.some((o) => o.value === v || o.label === v);
  if (current && !known(current)) out.push({ value: current, label: current });
  const t = typed.trim();
  if (t && !known(t)) out.unshift({ value: t, label: t });
  return out;
}
