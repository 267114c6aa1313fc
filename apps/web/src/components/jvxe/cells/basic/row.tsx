// The row columns (drawn by the engine itself): row-number, row-checkbox, row-radio, row-drag-sort, row-expand.
import { registerCell } from '../../registry';

export function registerRowCells(): void {
  registerCell('row-number', { special: true, defaultWidth: 60, display: ({ rowIndex }) => rowIndex + 1 });
  for (const type of ['row-checkbox', 'row-radio', 'row-drag-sort', 'row-expand']) {
    registerCell(type, { special: true, defaultWidth: type === 'row-drag-sort' ? 40 : 50, display: () => null });
  }
}
