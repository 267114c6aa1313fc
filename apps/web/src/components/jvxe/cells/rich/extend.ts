import type { JVxeColumn } from '../../types';

/**
 * A column's extra settings: `fieldExtendJson` (a JSON string from online forms, or an object) overlaid by `props`
 * keys of the same name. A broken JSON string counts as no settings.
 */
export function columnExtend(column: Pick<JVxeColumn, 'fieldExtendJson' | 'props'>): Record<string, unknown> {
  let ext: Record<string, unknown> = {};
  const raw = column.fieldExtendJson as unknown;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) ext = { ...(raw as Record<string, unknown>) };
  else if (typeof raw === 'string' && raw.trim()) {
    try {
      const v = JSON.parse(raw) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) ext = v as Record<string, unknown>;
    } catch {
      ext = {};
    }
  }
  return { ...ext, ...(column.props ?? {}) };
}

/** 0 / '0' / false / 'false' mean single; anything else (or nothing) keeps the default */
export function isSingle(v: unknown): boolean {
  return v === 0 || v === '0' || v === false || v === 'false';
}

function nonEmpty(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

export interface PickerConfig {
  /** the row value holds this field of the picked records (comma-joined) */
  store: string;
  /** the cell shows this field */
  text: string;
  multi: boolean;
}

/** sel_user: store default username, text default realname, multiSelect 0 = single (default several). */
export function userPickerConfig(column: Pick<JVxeColumn, 'fieldExtendJson' | 'props'>): PickerConfig {
  const ext = columnExtend(column);
  return {
    store: nonEmpty(ext.store) ?? 'username',
    text: nonEmpty(ext.text) ?? 'realname',
    multi: !isSingle(ext.multiSelect ?? ext.multi),
  };
}

/**
 * sel_depart: store default id (customReturnField overrides), text default departName, multiSelect 0 = single
 * (default several).
 */
export function departPickerConfig(column: Pick<JVxeColumn, 'fieldExtendJson' | 'props'>): PickerConfig {
  const ext = columnExtend(column);
  return {
    store: nonEmpty(ext.customReturnField) ?? nonEmpty(ext.store) ?? 'id',
    text: nonEmpty(ext.text) ?? 'departName',
    multi: !isSingle(ext.multiSelect ?? ext.multi),
  };
}

/** A stored picker value as its parts: comma string (or array) → trimmed non-empty parts in order, once each. */
export function splitStored(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const out: string[] = [];
  for (const p of parts) {
    const s = p.trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * The stored value of a picker cell: parts comma-joined; a single-pick column keeps only the first part.
 * Empty → ''.
 */
export function parseStored(raw: unknown, multi: boolean): string {
  const parts = splitStored(raw);
  return (multi ? parts : parts.slice(0, 1)).join(',');
}

/** The text of a stored value: each part by its known text (unknown parts as they are), joined with ','. */
export function storedText(value: unknown, texts: ReadonlyMap<string, string>): string {
  return splitStored(value)
    .map((p) => texts.get(p) ?? p)
    .join(',');
}
