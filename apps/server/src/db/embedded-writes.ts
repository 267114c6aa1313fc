import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's write epoch: a number that changes whenever anything may have changed what a query reads.
 *
 * An embedded (PGlite) database belongs to one process: nothing but this process's own instance reads or writes it,
 * and the instance runs one statement or transaction at a time. So the process sees every write, and a value derived
 * from the data (a list page's total) stays exact for as long as the epoch has not moved. ADR 044.
 *
 * What moves it: every statement that is not a plain read (a write, DDL, VACUUM, anything unrecognised), every
 * multi-statement `exec`, every transaction (whatever it did), each both when it is issued and when it ends. Derived
 * values are kept in `derived`, which is emptied on every move; a value computed while the epoch moved is dropped by
 * its caller (`remember`).
 */
export interface WriteEpoch {
  value: number;
  /** values derived from the data at `value` (e.g. list totals by count statement), emptied on every move */
  readonly derived: Map<string, number>;
}

const epochs = new WeakMap<object, WriteEpoch>();
/** derived values kept at most (then started over) */
const MAX_DERIVED = 1000;

/**
 * A single read statement: starts with SELECT and names nothing that writes, creates or calls (`select … into` makes
 * a table, `nextval` moves a sequence). Words inside identifiers (`update_time`) are not words here; a false alarm
 * only costs a cache miss.
 */
const WRITE_WORD = /\b(insert|update|delete|truncate|merge|copy|call|into|nextval|setval|do|lo_\w+|pg_\w+)\b/i;
export function isPlainRead(text: string): boolean {
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) <= 32 || text[i] === '(')) i++;
  if (text.slice(i, i + 6).toLowerCase() !== 'select') return false;
  return !WRITE_WORD.test(text);
}

function bump(e: WriteEpoch) {
  e.value++;
  e.derived.clear();
}

/**
 * Watches every statement the instance runs through `query`, `sql`, `exec` and `transaction` (idempotent). Called by `connect` for every embedded instance, before
 * anything else uses it.
 */
export function trackWrites(pglite: PGlite): WriteEpoch {
  const known = epochs.get(pglite);
  if (known) return known;
  const e: WriteEpoch = { value: 0, derived: new Map() };
  epochs.set(pglite, e);
  const inst = pglite as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const watch = (method: string, writes: (args: unknown[]) => boolean) => {
    const original = inst[method];
    if (typeof original !== 'function') return;
    inst[method] = function watched(this: unknown, ...args: unknown[]) {
      if (!writes(args)) return original.apply(pglite, args);
      bump(e);
      let p: Promise<unknown>;
      try {
        p = original.apply(pglite, args);
      } catch (err) {
        bump(e);
        throw err;
      }
      return p.finally(() => bump(e));
    };
  };
  watch('query', (args) => typeof args[0] !== 'string' || !isPlainRead(args[0]));
  // `sql` goes through `query`. The wire-protocol methods (execProtocol*) are not watched: PGlite's own query and
  // exec send every statement through them, and the product never calls them itself.
  watch('exec', () => true);
  watch('transaction', () => true);
  return e;
}

/** the write epoch of an embedded instance (the drizzle session's client), when it is watched */
export function writeEpochOf(client: object | undefined): WriteEpoch | undefined {
  return client ? epochs.get(client) : undefined;
}

/** keeps `value` under `key` if the epoch is still the one it was computed at */
export function remember(e: WriteEpoch, at: number, key: string, value: number): void {
  if (e.value !== at) return;
  if (e.derived.size >= MAX_DERIVED) e.derived.clear();
  e.derived.set(key, value);
}
