import { describe, expect, it } from 'vitest';
import { RULES } from '../../utils/rules';
import { type FieldRule, fieldErrors } from './login-form';

const required: FieldRule[] = [{ required: true, message: '请输入用户名' }];
const lengthRule: FieldRule[] = [{ min: 4, max: 6, message: '长度不对' }];

describe('fieldErrors (antd / async-validator semantics for the login fields)', () => {
  it.each([
    ['empty required value', undefined, required, ['请输入用户名']],
    ['empty string required', '', required, ['请输入用户名']],
    ['whitespace counts as a value (no whitespace rule)', ' ', required, []],
    ['filled required value', 'admin', required, []],
    ['empty mobile: only the required message', '', RULES.mobile, ['请输入手机号']],
    ['short mobile: the pattern message', '1', RULES.mobile, ['请输入正确手机号']],
    ['valid mobile', '13800138000', RULES.mobile, []],
    ['mobile with a wrong second digit', '12800138000', RULES.mobile, ['请输入正确手机号']],
    ['empty optional value skips the other rules', '', lengthRule, []],
    ['too short', 'abc', lengthRule, ['长度不对']],
    ['too long', 'abcdefg', lengthRule, ['长度不对']],
    ['every failing rule is listed', 'ab!', RULES.userName, ['只允许字母、数字、下划线', '长度6到18个字符']],
  ] as const)('%s', (_case, value, rules, expected) => {
    expect(fieldErrors(value, rules as readonly FieldRule[])).toEqual(expected);
  });

  it('a global pattern gives the same answer every time', () => {
    const rules: FieldRule[] = [{ pattern: /^\d+$/g, message: 'digits' }];
    expect(fieldErrors('123', rules)).toEqual([]);
    expect(fieldErrors('123', rules)).toEqual([]);
  });
});
