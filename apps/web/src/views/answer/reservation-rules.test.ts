import { describe, expect, it } from 'vitest';
import { firstRuleError } from '../../utils/rules';
import {
  canCancel,
  canCheckin,
  canConfirm,
  isIdCard,
  MOBILE_RE,
  maskIdCard,
  mobileRules,
  onReservationsChanged,
  reservationsChanged,
  savesSoFar,
} from './reservation-rules';

describe('reservation form rules', () => {
  it('mobile: preset m (1 then 3-9, 11 digits) with 请输入正确手机号', () => {
    expect(MOBILE_RE.test('19912345678')).toBe(true);
    expect(firstRuleError('12912345678', mobileRules)).toBe('请输入正确手机号');
    expect(firstRuleError('', mobileRules)).toBe('请输入手机号');
    expect(firstRuleError('13912345678', mobileRules)).toBeNull();
  });
  it('ID number: check digit, real birth date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('110105194902300026')).toBe(false);
    expect(isIdCard('1101051949123100')).toBe(false);
  });
  it('masks ID numbers in the list', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard(null)).toBe('');
  });
  it('offers 确认 / 签到 / 取消 by state', () => {
    expect([0, 1, 2, 3, 4].map((s) => canConfirm({ status: String(s) }))).toEqual([true, false, false, false, false]);
    expect([0, 1, 2, 3, 4].map((s) => canCheckin({ status: String(s) }))).toEqual([false, true, false, false, false]);
    // 签到 is offered only while the session runs (未开始 / 已结束 / 已取消 sessions would be refused by the server)
    expect(['0', '1', '2', '3'].map((sessionStatus) => canCheckin({ status: '1', sessionStatus }))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([0, 1, 2, 3, 4].map((s) => canCancel({ status: String(s) }))).toEqual([true, true, false, false, false]);
  });
  it('tells the list when the form saved', () => {
    let n = 0;
    const before = savesSoFar();
    const off = onReservationsChanged(() => n++);
    reservationsChanged();
    off();
    reservationsChanged();
    expect(n).toBe(1);
    // a list that was hidden (no listener) sees the count moved when it shows again
    expect(savesSoFar()).toBe(before + 2);
  });
});
