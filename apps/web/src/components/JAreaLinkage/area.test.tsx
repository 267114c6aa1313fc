import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { areaList } from '@vant/area-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AREA_ROOT,
  areaOptions,
  BAD_TYPE_MESSAGE,
  checkAreaType,
  childrenOf,
  codeOfNames,
  levelOf,
  namesOf,
  pathOf,
  pathToValue,
  valueToPath,
} from './area-logic';
import { JAreaLinkage, JAreaText } from './index';

const data = areaList;
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

describe('area logic on the shipped GB/T 2260 data', () => {
  it('has the 34 provincial divisions under root 86, with real codes', () => {
    const provinces = childrenOf(data, AREA_ROOT);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toBe('110000');
    expect(provinces).toContain('440000');
    expect(provinces).toContain('810000');
    expect(namesOf(data, '440000')).toBe('广东省');
  });

  it('looks up a district code to its path and names', () => {
    expect(levelOf(data, '110101')).toBe('district');
    expect(pathOf(data, '110101')).toEqual(['110000', '110100', '110101']);
    expect(namesOf(data, '110101')).toBe('北京市/北京市/东城区');
    expect(namesOf(data, '440305', ' ')).toBe('广东省 深圳市 南山区');
    expect(pathOf(data, '440300')).toEqual(['440000', '440300']);
    expect(codeOfNames(data, ['广东省', '深圳市', '南山区'])).toBe('440305');
  });

  it('knows nothing of unknown codes', () => {
    expect(levelOf(data, '999999')).toBeUndefined();
    expect(pathOf(data, '999999')).toEqual([]);
    expect(namesOf(data, '')).toBe('');
    expect(codeOfNames(data, ['广东省', '不存在市'])).toBeUndefined();
  });

  it('every city and district hangs below a parent that exists (prefix rule holds on the data)', () => {
    for (const code of Object.keys(data.county_list)) expect(pathOf(data, code), code).toHaveLength(3);
    for (const code of Object.keys(data.city_list)) expect(pathOf(data, code), code).toHaveLength(2);
  });

  it('builds the cascader tree with every district once', () => {
    const tree = areaOptions(data);
    const districts = tree.flatMap((p) => (p.children ?? []).flatMap((c) => c.children ?? []));
    expect(tree).toHaveLength(34);
    expect(districts).toHaveLength(Object.keys(data.county_list).length);
    const bj = tree[0];
    expect(bj.label).toBe('北京市');
    expect(bj.children?.[0].children?.find((d) => d.value === '110101')?.label).toBe('东城区');
  });

  it('stores the deepest code, or the comma path with saveCode all', () => {
    expect(pathToValue(['110000', '110100', '110101'])).toBe('110101');
    expect(pathToValue(['110000', '110100', '110101'], 'all')).toBe('110000,110100,110101');
    expect(pathToValue([])).toBeUndefined();
    expect(valueToPath(data, '110101')).toEqual(['110000', '110100', '110101']);
    expect(valueToPath(data, '110000,110100,110101', 'all')).toEqual(['110000', '110100', '110101']);
    expect(valueToPath(data, '120000,110100,110101', 'all')).toEqual([]);
    expect(valueToPath(data, null)).toEqual([]);
  });

  it('refuses a bad widget type with Bad type value', () => {
    expect(checkAreaType('select')).toBe('select');
    expect(() => checkAreaType('tree')).toThrow(BAD_TYPE_MESSAGE);
  });
});

describe('<JAreaLinkage>', () => {
  it('shows the names of a stored code once the data chunk loads', async () => {
    render(<JAreaLinkage value="440305" />);
    await waitFor(() => expect(document.body.textContent).toContain('广东省'), { timeout: 15_000 });
    expect(document.body.textContent).toContain('深圳市');
    expect(document.body.textContent).toContain('南山区');
  });

  it('three selects in select mode; Bad type value for another type', async () => {
    render(<JAreaLinkage value="110101" type="select" />);
    await waitFor(() => expect(document.body.textContent).toContain('东城区'), { timeout: 15_000 });
    cleanup();
    render(<JAreaLinkage value="110101" type="tree" />);
    expect(screen.getByText(BAD_TYPE_MESSAGE)).toBeTruthy();
  });

  it('JAreaText names a value', async () => {
    render(<JAreaText value="110101" />);
    await waitFor(() => expect(document.body.textContent).toBe('北京市/北京市/东城区'), { timeout: 15_000 });
  });
});
