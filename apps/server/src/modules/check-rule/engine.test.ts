import { describe, expect, it } from 'vitest';
import { CHECK_RULE_SEED } from '../../db/seed/dict-area.ts';
import { checkValue, normalizeRuleJson, patternRisk, RuleError, type RuleSegment, RuleTimeout } from './engine.ts';

const seg = (digits: string, pattern: string, message: string): RuleSegment => ({ digits, pattern, message });
const TEST = CHECK_RULE_SEED.find((r) => r.key === 'test')!.rules as unknown as RuleSegment[];

describe('checkValue (JeecgBoot checkValue semantics)', () => {
  it('numbered segments consume consecutive slices; * checks the whole value', () => {
    expect(checkValue(TEST, '123@@@@#=O。')).toBeNull();
    expect(checkValue(TEST, '12a@@@@#=O。')).toEqual({
      digits: '3',
      pattern: '^\\d{3}$',
      message: '前3位必须是数字',
      beginIndex: 0,
      endIndex: 3,
      checkValue: '12a',
      passed: false,
    });
    expect(checkValue(TEST, '123@@@x#=O。')).toMatchObject({
      message: '第4-7位必须都为 @',
      beginIndex: 3,
      endIndex: 7,
    });
    expect(checkValue(TEST, '123@@@@#=O.')).toMatchObject({ message: '必须以。结尾', checkValue: '123@@@@#=O.' });
    expect(checkValue(TEST, '12')).toMatchObject({ message: '只能输入3-12位字符' });
    expect(checkValue(TEST, '123p')).toMatchObject({ message: '不能输入P' });
  });

  it('a short value checks the rest as empty slices', () => {
    const rules = [seg('2', '^\\d{2}$', '前两位数字'), seg('2', '^[a-z]{0,2}$', '后两位字母')];
    expect(checkValue(rules, '12')).toBeNull();
    expect(checkValue(rules, '1')).toMatchObject({ checkValue: '1', endIndex: 1 });
    expect(checkValue([seg('3', '^.{3}$', 'x'), seg('2', '^.+$', '缺少')], 'abc')).toMatchObject({
      beginIndex: 3,
      endIndex: 3,
      checkValue: '',
    });
  });

  it('the match is complete (Pattern.matches), a blank value passes', () => {
    expect(checkValue([seg('*', '\\d', '一位数字')], '12')).toMatchObject({ passed: false });
    expect(checkValue([seg('*', 'a|b', 'a 或 b')], 'ab')).toMatchObject({ passed: false });
    expect(checkValue([seg('*', 'a|b', 'a 或 b')], 'b')).toBeNull();
    expect(checkValue(TEST, '')).toBeNull();
    expect(checkValue(TEST, '   ')).toBeNull();
  });

  it('a pattern that still backtracks badly is cut off by the time budget', () => {
    const slow = [seg('*', '^\\d*\\d*\\d*\\d*\\d*\\d*x$', '慢')];
    const t0 = Date.now();
    expect(() => checkValue(slow, '1'.repeat(500), 50)).toThrow(RuleTimeout);
    expect(Date.now() - t0).toBeLessThan(1000);
    // and the runner keeps working afterwards
    expect(checkValue(TEST, '123@@@@#=O。')).toBeNull();
  });
});

describe('rule JSON validation on save', () => {
  it('accepts the seeded rules and normalizes digits', () => {
    for (const r of CHECK_RULE_SEED) expect(() => normalizeRuleJson(JSON.stringify(r.rules))).not.toThrow();
    const n = normalizeRuleJson('[{"digits":3,"pattern":"^\\\\d+$","message":" 数字 ","extra":1}]');
    expect(JSON.parse(n.json)).toEqual([{ digits: '3', pattern: '^\\d+$', message: '数字' }]);
  });

  it.each([
    ['not json', /规则JSON格式不正确/],
    ['{}', /需要一个数组/],
    ['[]', /至少设置一条规则/],
    ['[1]', /第1条规则：格式不正确/],
    ['[{"digits":"0","pattern":"a","message":"m"}]', /位数必须是/],
    ['[{"digits":"**","pattern":"a","message":"m"}]', /位数必须是/],
    ['[{"digits":"-1","pattern":"a","message":"m"}]', /位数必须是/],
    ['[{"digits":"*","pattern":"","message":"m"}]', /正则表达式不能为空/],
    ['[{"digits":"*","pattern":"(a","message":"m"}]', /正则表达式/],
    ['[{"digits":"*","pattern":"a++","message":"m"}]', /正则表达式/],
    ['[{"digits":"*","pattern":"^(a+)+$","message":"m"}]', /回溯/],
    ['[{"digits":"*","pattern":"^(a|aa)*$","message":"m"}]', /回溯/],
    ['[{"digits":"*","pattern":"^((ab)*c)*$","message":"m"}]', /回溯/],
    ['[{"digits":"*","pattern":"^(\\\\w+\\\\s?)*$","message":"m"}]', /回溯/],
    ['[{"digits":"*","pattern":"^(a)\\\\1$","message":"m"}]', /反向引用/],
    ['[{"digits":"*","pattern":"^(a?){30}a{30}$","message":"m"}]', /回溯/],
    ['[{"digits":"*","pattern":"^a{1,100000}$","message":"m"}]', /重复次数/],
    ['[{"digits":"*","pattern":"a","message":""}]', /提示文本不能为空/],
    [`[{"digits":"*","pattern":"${'a'.repeat(201)}","message":"m"}]`, /不能超过 200/],
  ])('%s → %s', (text, message) => {
    expect(() => normalizeRuleJson(text)).toThrow(RuleError);
    expect(() => normalizeRuleJson(text)).toThrow(message);
  });

  it('patternRisk leaves ordinary patterns alone', () => {
    for (const p of [
      '^[a-zA-Z]$',
      '^[0-9|a-z|A-Z|_]{0,}$',
      '^.{3,12}$',
      '^(abc)?\\d+$',
      '^(?:[a-z]{2})+$',
      '^(\\d{3})-(\\d{4})$',
      '^[^()]*$',
      '^\\(\\d+\\)$',
      '^1[3-9]\\d{9}$',
      '^(?=.*\\d).{6,}$',
    ]) {
      expect(patternRisk(p), p).toBeNull();
    }
  });
});
