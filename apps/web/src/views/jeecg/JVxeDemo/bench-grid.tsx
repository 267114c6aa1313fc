// ?bench=1 mode of the JVxeTable示例 page: n rows of the issue-12 20-column shape, driven from outside through
// window.__grid (bench/table.ts). Row ids 0…n−1.
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type JVxeColumn, type JVxeRow, JVxeTable, type JVxeTableApi } from '../../../components/jvxe';

const OPTIONS = [
  { value: '1', text: '选项一' },
  { value: '2', text: '选项二' },
  { value: '3', text: '选项三' },
  { value: '4', text: '选项四' },
  { value: '5', text: '选项五' },
];

/** 8 text, 4 number, 3 select, 2 date, 1 checkbox, 2 read-only (+ the selection column) */
export const BENCH_COLUMNS: JVxeColumn[] = [
  { key: 'ro1', title: '编号', type: 'normal', width: 100 },
  { key: 't1', title: '名称', type: 'input', width: 140, validateRules: [{ required: true }] },
  { key: 't2', title: '编码', type: 'input', width: 140, validateRules: [{ unique: true }] },
  { key: 'n1', title: '数量', type: 'inputNumber', width: 110, validateRules: [{ pattern: 'n' }] },
  { key: 's1', title: '类型', type: 'select', width: 130, options: OPTIONS },
  { key: 'd1', title: '开始日期', type: 'date', width: 135 },
  { key: 't3', title: '文本三', type: 'input', width: 140 },
  { key: 't4', title: '文本四', type: 'input', width: 140 },
  { key: 'n2', title: '单价', type: 'inputNumber', width: 110, validateRules: [{ pattern: 'money' }] },
  { key: 's2', title: '状态', type: 'select', width: 130, options: OPTIONS },
  { key: 'b1', title: '启用', type: 'checkbox', width: 80, customValue: ['Y', 'N'] },
  { key: 't5', title: '文本五', type: 'input', width: 140 },
  { key: 't6', title: '文本六', type: 'input', width: 140 },
  { key: 'n3', title: '折扣', type: 'inputNumber', width: 110 },
  { key: 's3', title: '等级', type: 'select', width: 130, options: OPTIONS },
  { key: 'd2', title: '结束日期', type: 'date', width: 135 },
  { key: 't7', title: '文本七', type: 'input', width: 140 },
  { key: 't8', title: '文本八', type: 'input', width: 140 },
  { key: 'n4', title: '重量', type: 'inputNumber', width: 110 },
  { key: 'ro2', title: '备注', type: 'normal', width: 140 },
];

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function benchRows(n: number): JVxeRow[] {
  const rows = new Array<JVxeRow>(n);
  for (let i = 0; i < n; i++) {
    const d = 1 + (i % 28);
    rows[i] = {
      id: String(i),
      ro1: `R${i}`,
      t1: `名称${i}`,
      t2: `C${i}`,
      n1: i % 1000,
      s1: String(1 + (i % 5)),
      d1: `2024-01-${pad(d)}`,
      t3: `文本${i}`,
      t4: 'abc',
      n2: (i % 100) + 0.5,
      s2: String(1 + ((i + 1) % 5)),
      b1: i % 2 ? 'Y' : 'N',
      t5: 'def',
      t6: `六${i}`,
      n3: i % 10,
      s3: String(1 + ((i + 2) % 5)),
      d2: `2024-02-${pad(d)}`,
      t7: 'ghi',
      t8: `八${i}`,
      n4: i % 50,
      ro2: `备注${i % 100}`,
    };
  }
  return rows;
}

const cellSelector = (rowId: string | number, field: string) =>
  `.jvxe-row[data-row-id="${rowId}"] .jvxe-cell[data-key="${field}"]`;

export interface BenchGrid {
  name: string;
  setRows(n: number): void;
  rowSelector: string;
  bodySelector: string;
  cellSelector(rowId: string | number, field: string): string;
  inputSelector(rowId: string | number, field: string): string;
  api: JVxeTableApi | null;
}

export function BenchGridPage() {
  const [state, setState] = useState<{ n: number; gen: number; rows: JVxeRow[] }>({ n: 0, gen: 0, rows: [] });
  const api = useRef<JVxeTableApi>(null);
  const grid = useMemo<BenchGrid>(
    () => ({
      name: 'jvxe (own row model + own row/column windowing)',
      setRows(n) {
        // synchronous: the table is mounted anew with n rows when this returns
        flushSync(() => setState((s) => ({ n, gen: s.gen + 1, rows: benchRows(n) })));
      },
      rowSelector: '.jvxe-body .jvxe-row',
      bodySelector: '.jvxe-scroll',
      cellSelector,
      inputSelector: (rowId, field) => `${cellSelector(rowId, field)} input`,
      get api() {
        return api.current;
      },
    }),
    [],
  );
  useEffect(() => {
    (window as unknown as { __grid?: BenchGrid }).__grid = grid;
    return () => {
      delete (window as unknown as { __grid?: BenchGrid }).__grid;
    };
  }, [grid]);
  return (
    <div data-testid="jvxe-bench" data-rows={state.n}>
      <JVxeTable
        key={state.gen}
        ref={api}
        columns={BENCH_COLUMNS}
        dataSource={state.rows}
        rowSelection
        maxHeight={560}
        rowHeight={61}
      />
    </div>
  );
}
