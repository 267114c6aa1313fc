// Add-row settings (spec 02 §4): row count min 1, insert position 0..row count (0 = bottom), kept in localStorage.

export const INSERT_GUARD_MS = 1500;

export interface AddSetting {
  count: number;
  position: number;
}

export const DEFAULT_ADD_SETTING: AddSetting = { count: 1, position: 0 };

function clean(v: Partial<AddSetting> | null | undefined): AddSetting {
  const count = Math.max(1, Math.floor(Number(v?.count) || 1));
  const position = Math.max(0, Math.floor(Number(v?.position) || 0));
  return { count, position };
}

export function readAddSetting(key: string, storage: Storage | undefined = globalThis.localStorage): AddSetting {
  try {
    const raw = storage?.getItem(key);
    return raw ? clean(JSON.parse(raw) as Partial<AddSetting>) : { ...DEFAULT_ADD_SETTING };
  } catch {
    return { ...DEFAULT_ADD_SETTING };
  }
}

export function saveAddSetting(
  key: string,
  v: Partial<AddSetting>,
  storage: Storage | undefined = globalThis.localStorage,
): AddSetting {
  const next = clean(v);
  try {
    storage?.setItem(key, JSON.stringify(next));
  } catch {
    // storage full or blocked: the setting holds for this page
  }
  return next;
}

/** insert index of a position: 0 = bottom, p ≥ 1 = the new rows start as row p (clamped to the row count) */
export function insertIndex(position: number, rowCount: number): number {
  if (!position || position <= 0) return rowCount;
  return Math.min(rowCount, position - 1);
}
