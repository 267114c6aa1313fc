import { describe, expect, it } from 'vitest';
import { checkboxRules, firstRuleError, lengthRules, RULES } from './rules';

describe('form rule presets (spec 01 §5 messages)', () => {
  it.each([
    ['mobile', '', '请输入手机号'],
    ['mobile', '12345678901', '请输入正确手机号'],
    ['mobile', '16012345678', '请输入正确手机号'],
    ['mobile', '1381234567', '请输入正确手机号'],
    ['mobile', '13812345678', null],
    ['mobile', '15912345678', null],
    ['mobile', '17012345678', null],
    ['mobile', '18812345678', null],
    ['mobile', '14512345678', null],
    ['userName', '', '请输入用户名'],
    ['userName', 'ab-c', '只允许字母、数字、下划线'],
    ['userName', 'abc', '长度6到18个字符'],
    ['userName', 'abcd', null],
    ['userName', 'a'.repeat(18), null],
    ['userName', 'a'.repeat(19), '长度6到18个字符'],
    ['email', '', null],
    ['email', 'a@b', '邮箱格式不正确'],
    ['email', 'user@example.com', null],
    ['naturalNumber', '-1', '请输入自然数'],
    ['naturalNumber', '0', null],
    ['english', 'abc1', '请输入英文字符'],
    ['landline', '12345', '请输入正确的座机号'],
    ['landline', '010-12345678', null],
    ['bankCard', '123456789', '请输入正确的银行卡号码'],
    ['bankCard', '1234567890', null],
    ['bankCard', '1'.repeat(21), '请输入正确的银行卡号码'],
    ['idNumber', 'A'.repeat(51), '请输入正确的证件号码'],
    ['idNumber', 'AB12', null],
    ['idCard', '11010519491231002X', null],
    ['idCard', '1101051949123100', '请输入正确的身份证号码'],
    ['qq', '1234', '请输入正确的QQ号码'],
    ['qq', '123456789012', null],
    ['url', 'ftp://x', '请输入以http和https开头的网址'],
    ['url', 'https://x', null],
    ['alnum20', 'a'.repeat(21), '请输入20位以内的英文字符和数字'],
    ['chineseEnglishSpace', '答', '请输入2到100位的中英文字符和空格'],
    ['chineseEnglishSpace', '答题 abc', null],
    ['digitsAndLineFeeds', '12\n34', null],
    ['digitsAndLineFeeds', '12 34', '请输入数字和换行符'],
    ['max255', 'x'.repeat(256), '请输入255位以内的字符'],
    ['max255', 'x'.repeat(255), null],
  ] as const)('%s %j → %j', (preset, value, message) => {
    expect(firstRuleError(value, RULES[preset])).toBe(message);
  });

  it('length helper', () => {
    const rules = lengthRules(2, 5);
    expect(firstRuleError('a', rules)).toBe('最小长度2位字符');
    expect(firstRuleError('abcdef', rules)).toBe('最大长度5位字符');
    expect(firstRuleError('abc', rules)).toBeNull();
  });

  it('checkbox helper', () => {
    const rules = checkboxRules(1, 2);
    expect(firstRuleError(['a', 'b', 'c'], rules)).toBe('最多选择2项');
    expect(firstRuleError(['a'], rules)).toBeNull();
    expect(firstRuleError(['a'], checkboxRules(2))).toBe('最少选择2项');
  });
});
