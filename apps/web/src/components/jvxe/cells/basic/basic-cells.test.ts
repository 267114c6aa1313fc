// biome-ignore-all lint/suspicious/noTemplateCurlyInString: placeholders substitute ${title}
import { describe, expect, it } from 'vitest';
import { getCell } from '../../registry';
import type { JVxeColumn } from '../../types';
import './index';
import {
  acceptNumberTyping,
  fillPlaceholder,
  formatDate,
  inputOptions,
  isChecked,
  normalizeTags,
  parseChecked,
  parseNumber,
  parseOption,
  progressPercent,
  splitMulti,
  tagList,
  textOfValue,
  toggleChecked,
  typedDate,
} from './logic';

const col = (over: Partial<JVxeColumn>): JVxeColumn => ({ key: 'k', title: '字段', type: 'input', ...over });

describe('number cell (spec 02 §5)', () => {
  it('accepts an optional minus, digits and one decimal point while typing', () => {
    for (const ok of ['', '-', '1', '-12', '3.', '3.14', '-0.5', '.5']) expect(acceptNumberTyping(ok), ok).toBe(true);
    for (const bad of ['1-', '1.2.3', 'a', '1e5', '--1', '1 2', '+1']) expect(acceptNumberTyping(bad), bad).toBe(false);
  });
  it('on blur a non-matching value becomes empty, a valid one a number', () => {
    expect(parseNumber('12')).toBe(12);
    expect(parseNumber('-3.50')).toBe(-3.5);
    expect(parseNumber('3.')).toBe(3);
    expect(parseNumber('-')).toBe('');
    expect(parseNumber('abc')).toBe('');
    expect(parseNumber('1.2.3')).toBe('');
    expect(parseNumber('')).toBe('');
    expect(parseNumber(null)).toBe('');
    expect(parseNumber(7)).toBe(7);
    expect(parseNumber(Number.NaN)).toBe('');
  });
  it('the registered inputNumber cell parses and formats so', () => {
    const def = getCell('inputNumber');
    const c = col({ type: 'inputNumber' });
    expect(def?.parse?.('42.5', c)).toBe(42.5);
    expect(def?.parse?.('x', c)).toBe('');
    expect(def?.format?.('8', c)).toBe(8);
    expect(def?.format?.('', c)).toBe('');
  });
});

describe('tags cell', () => {
  it('removes semicolons and inserts one after every two characters', () => {
    expect(normalizeTags('abcde')).toBe('ab;cd;e');
    expect(normalizeTags('ab;cd;')).toBe('ab;cd;');
    expect(normalizeTags('a;b;c;d')).toBe('ab;cd;');
    expect(normalizeTags('中文标签')).toBe('中文;标签;');
    expect(normalizeTags('')).toBe('');
    expect(normalizeTags(null)).toBe('');
    expect(tagList('ab;cd;e')).toEqual(['ab', 'cd', 'e']);
    expect(getCell('tags')?.parse?.('xyz', col({ type: 'tags' }))).toBe('xy;z');
  });
});

describe('typed dates (issue 29)', () => {
  it.each([
    ['2026-12-04', 'date', '2026-12-04'],
    ['2026/12/4', 'date', '2026-12-04'],
    ['2026.1.5', 'date', '2026-01-05'],
    ['2026年12月4日', 'date', '2026-12-04'],
    ['20261204', 'date', '2026-12-04'],
    [' 2026-2-28 ', 'date', '2026-02-28'],
    ['2026-02-30', 'date', null],
    ['2026-13-01', 'date', null],
    ['12/04/2026', 'date', null],
    ['abc', 'date', null],
    ['2026/12/4 9:05', 'datetime', '2026-12-04 09:05:00'],
    ['2026-12-04 23:59:59', 'datetime', '2026-12-04 23:59:59'],
    ['2026-12-04 24:00', 'datetime', null],
    ['9:05', 'time', '09:05:00'],
    ['21:15:30', 'time', '21:15:30'],
    ['25:00', 'time', null],
  ] as const)('%j as %s → %j', (text, kind, want) => {
    expect(typedDate(text, kind)).toBe(want);
  });
});

describe('date cells', () => {
  it('default formats YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, HH:mm:ss', () => {
    expect(formatDate('2024-3-5', 'date')).toBe('2024-03-05');
    expect(formatDate('2024/03/05 08:09:10', 'datetime')).toBe('2024-03-05 08:09:10');
    expect(formatDate('2024-03-05', 'datetime')).toBe('2024-03-05 00:00:00');
    expect(formatDate('8:05', 'time')).toBe('08:05:00');
    expect(formatDate('garbage', 'date')).toBe('');
    expect(formatDate('', 'date')).toBe('');
    expect(formatDate('2024-03-05', 'date', col({ format: 'YYYY/MM/DD' }))).toBe('2024/03/05');
  });
  it('registered date cells parse pasted text and keep min widths (spec §9)', () => {
    expect(getCell('date')?.parse?.('2024-1-2', col({ type: 'date' }))).toBe('2024-01-02');
    expect(getCell('datetime')?.parse?.('2024-01-02 3:04:05', col({ type: 'datetime' }))).toBe('2024-01-02 03:04:05');
    expect(getCell('time')?.parse?.('12:30', col({ type: 'time' }))).toBe('12:30:00');
    expect(getCell('date')?.minWidth).toBe(135);
    expect(getCell('datetime')?.minWidth).toBe(190);
  });
});

describe('checkbox cells', () => {
  it('customValue gives the checked / unchecked values', () => {
    const c = col({ type: 'checkbox', customValue: ['Y', 'N'] });
    expect(isChecked('Y', c)).toBe(true);
    expect(isChecked('N', c)).toBe(false);
    expect(toggleChecked('Y', c)).toBe('N');
    expect(toggleChecked(undefined, c)).toBe('Y');
    expect(parseChecked('true', c)).toBe('Y');
    expect(parseChecked('no', c)).toBe('N');
  });
  it('without customValue: true / false', () => {
    const c = col({ type: 'checkbox' });
    expect(toggleChecked(false, c)).toBe(true);
    expect(isChecked('true', c)).toBe(true);
    expect(parseChecked('1', c)).toBe(true);
    expect(getCell('checkbox')?.alwaysEditor).toBe(true);
  });
});

describe('option cells', () => {
  const options = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ];
  it('texts of (multi) values, unknown values as they are', () => {
    const texts = new Map([
      ['1', '男'],
      ['2', '女'],
    ]);
    expect(textOfValue('1', texts)).toBe('男');
    expect(textOfValue('1,2', texts)).toBe('男,女');
    expect(textOfValue(['2', '9'], texts)).toBe('女,9');
    expect(textOfValue('', texts)).toBe('');
  });
  it('pasted text may name the option text', () => {
    expect(parseOption('女', options)).toBe('2');
    expect(parseOption('1', options)).toBe('1');
    expect(parseOption('x', options)).toBe('x');
    expect(getCell('select')?.parse?.('男', col({ type: 'select', options }))).toBe('1');
    expect(getCell('select-multiple')?.parse?.('男,女', col({ type: 'select-multiple', options }))).toBe('1,2');
    expect(getCell('select-multiple')?.format?.(['1', '2'], col({ type: 'select-multiple' }))).toBe('1,2');
    expect(splitMulti('a, b,,c')).toEqual(['a', 'b', 'c']);
  });
});

describe('placeholder substitution and others', () => {
  it('replaces ${title}, ${key}, ${defaultValue}', () => {
    expect(fillPlaceholder(col({ placeholder: '请输入${title}(${key}) 默认${defaultValue}', defaultValue: 5 }))).toBe(
      '请输入字段(k) 默认5',
    );
    expect(fillPlaceholder(col({}))).toBe('请输入字段');
    expect(fillPlaceholder(col({ type: 'select' }), 'select')).toBe('请选择字段');
  });
  it('progress is clamped 0..100', () => {
    expect(progressPercent(150)).toBe(100);
    expect(progressPercent('-3')).toBe(0);
    expect(progressPercent('x')).toBe(0);
    expect(progressPercent(42)).toBe(42);
  });
  it('every basic type is registered', () => {
    for (const t of [
      'normal',
      'hidden',
      'slot',
      'input',
      'inputNumber',
      'textarea',
      'select',
      'select-multiple',
      'select-search',
      'list_multi',
      'date',
      'datetime',
      'time',
      'checkbox',
      'checkbox_meta',
      'radio',
      'progress',
      'tags',
      'row-number',
      'row-checkbox',
      'row-radio',
      'row-drag-sort',
      'row-expand',
    ]) {
      expect(getCell(t), t).toBeTruthy();
    }
  });
});

describe('select cell with allowInput', () => {
  const base = [
    { value: '1', label: '男' },
    { value: '2', label: '女' },
  ];
  it('offers what is typed first when no option has that value or text', () => {
    expect(inputOptions(base, ' 其他 ', undefined).map((o) => o.value)).toEqual(['其他', '1', '2']);
    expect(inputOptions(base, '女', undefined)).toEqual(base);
    expect(inputOptions(base, '2', undefined)).toEqual(base);
    expect(inputOptions(base, '', undefined)).toEqual(base);
  });
  it('keeps a typed value that is not an option shown as itself', () => {
    expect(inputOptions(base, '', '未知')).toEqual([...base, { value: '未知', label: '未知' }]);
  });
});
