// Cell type registry: basic cells register from cells/basic, rich cells (C2) from cells/rich.
import type { CellDef } from './types';

const cells = new Map<string, CellDef>();
const listeners = new Set<() => void>();

export function registerCell(type: string, def: Omit<CellDef, 'type'> & { type?: string }): void {
  cells.set(type, { ...def, type });
  for (const l of listeners) l();
}

export function getCell(type: string): CellDef | undefined {
  return cells.get(type);
}

export function registeredTypes(): string[] {
  return [...cells.keys()];
}

/** called when a type registers later (lazy rich cells) */
export function onRegister(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
