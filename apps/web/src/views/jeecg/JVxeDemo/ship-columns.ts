// Columns of the ship rows of /mock/vxe/getData (the 树形 and 弹出子表 tabs of JVxeTable示例).
import type { JVxeColumn } from '../../../components/jvxe';

export function shipColumns(): JVxeColumn[] {
  return [
    { key: 'ship_name', title: '船名', type: 'input', width: 200, validateRules: [{ required: true }] },
    { key: 'call', title: '呼叫', type: 'input', width: 100 },
    { key: 'len', title: '长', type: 'inputNumber', width: 90 },
    { key: 'ton', title: '吨', type: 'inputNumber', width: 110 },
    { key: 'payer', title: '付款方', type: 'input', width: 120 },
    { key: 'count', title: '数', type: 'inputNumber', width: 80 },
    { key: 'company', title: '公司', type: 'input', width: 160 },
    { key: 'trend', title: '动向', type: 'input', width: 110 },
  ];
}
