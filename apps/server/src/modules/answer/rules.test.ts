import { describe, expect, it } from 'vitest';
import { isIdCard, isMobile, personKeyOf, sessionStatus, TRANSITIONS, transitionError } from './rules.ts';
import { idCard } from './test-helpers.ts';

describe('session status', () => {
  const s = { cancelled: 0, startTime: new Date('2030-01-01T02:00:00Z'), endTime: new Date('2030-01-01T04:00:00Z') };
  it('is derived from the times: 未开始 before, 进行中 between (ends inclusive), 已结束 after', () => {
    expect(sessionStatus(s, new Date('2030-01-01T01:59:59Z'))).toBe('0');
    expect(sessionStatus(s, new Date('2030-01-01T02:00:00Z'))).toBe('1');
    expect(sessionStatus(s, new Date('2030-01-01T04:00:00Z'))).toBe('1');
    expect(sessionStatus(s, new Date('2030-01-01T04:00:01Z'))).toBe('2');
  });
  it('is 已取消 whatever the times say once cancelled', () => {
    for (const at of ['2029-12-31T00:00:00Z', '2030-01-01T03:00:00Z', '2031-01-01T00:00:00Z']) {
      expect(sessionStatus({ ...s, cancelled: 1 }, new Date(at))).toBe('3');
    }
  });
});

describe('reservation state machine', () => {
  it('待确认 → 已确认 → 已签到; 待确认/已确认 → 已取消 or 缺席', () => {
    expect(transitionError('confirm', '0')).toBeNull();
    expect(transitionError('checkin', '1')).toBeNull();
    expect(transitionError('cancel', '0')).toBeNull();
    expect(transitionError('cancel', '1')).toBeNull();
    expect(transitionError('absent', '0')).toBeNull();
    expect(transitionError('absent', '1')).toBeNull();
    expect(TRANSITIONS.confirm.to).toBe('1');
    expect(TRANSITIONS.checkin.to).toBe('2');
    expect(TRANSITIONS.cancel.to).toBe('3');
    expect(TRANSITIONS.absent.to).toBe('4');
  });
  it('refuses every other move with a Chinese reason naming the current state', () => {
    expect(transitionError('checkin', '0')).toBe('预约尚未确认，不能签到');
    expect(transitionError('confirm', '1')).toBe('只有待确认的预约可以确认（当前状态：已确认）');
    expect(transitionError('cancel', '2')).toBe('只有待确认或已确认的预约可以取消（当前状态：已签到）');
    expect(transitionError('checkin', '3')).toBe('只有已确认的预约可以签到（当前状态：已取消）');
    for (const terminal of ['2', '3', '4']) {
      for (const a of ['confirm', 'cancel', 'absent'] as const) expect(transitionError(a, terminal)).not.toBeNull();
    }
    expect(transitionError('checkin', '4')).not.toBeNull();
  });
});

describe('validators (spec 02 §5 presets)', () => {
  it('mobile: 11 digits, 1 then 3-9', () => {
    for (const ok of ['13912345678', '19900000000', '16612345678']) expect(isMobile(ok)).toBe(true);
    for (const bad of ['12912345678', '1391234567', '139123456789', '23912345678', '1391234567a', ''])
      expect(isMobile(bad)).toBe(false);
  });
  it('ID number: 18 characters, a real past birth date and the GB 11643 check digit', () => {
    const good = idCard('11010519491231002');
    expect(good).toBe('11010519491231002X');
    expect(isIdCard(good)).toBe(true);
    expect(isIdCard(good.toLowerCase())).toBe(true);
    expect(isIdCard(idCard('44030519951120331'))).toBe(true);
    // wrong check digit
    expect(isIdCard('110105194912310021')).toBe(false);
    // 30 February, a future birth date, 17 digits, letters, a leading 0
    expect(isIdCard(idCard('11010519490230002'))).toBe(false);
    expect(isIdCard(idCard('11010520990101002'), new Date('2030-01-01'))).toBe(false);
    expect(isIdCard('11010519491231002')).toBe(false);
    expect(isIdCard('11010519491231002Y')).toBe(false);
    expect(isIdCard(idCard('01010519491231002'))).toBe(false);
  });
  it('person keys: one per system user, one per ID number (case-insensitive)', () => {
    expect(personKeyOf({ personType: '1', userId: 'u1' })).toBe('u:u1');
    expect(personKeyOf({ personType: '2', idCard: ' 11010519491231002x ' })).toBe('p:11010519491231002X');
  });
});
