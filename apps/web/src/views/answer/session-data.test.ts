import { describe, expect, it } from 'vitest';
import { reservationBody } from './reservation-form.data';
import { after, cancellable, editable, placeText, SESSION_STATUS_TAGS, seatsText } from './session.data';

describe('答题场次 declaration helpers', () => {
  it('shows the place, else the online link, and booked / capacity', () => {
    expect(placeText({ place: '301', onlineLink: 'https://x' })).toBe('301');
    expect(placeText({ place: null, onlineLink: 'https://x' })).toBe('https://x');
    expect(seatsText({ bookedCount: 3, capacity: 10 })).toBe('3 / 10');
  });
  it('offers 编辑 / 取消场次 only while the session is not over or cancelled', () => {
    expect(['0', '1', '2', '3'].map((s) => cancellable({ status: s as never }))).toEqual([true, true, false, false]);
    expect(['0', '1', '2', '3'].map((s) => editable({ status: s as never }))).toEqual([true, true, false, false]);
    expect(SESSION_STATUS_TAGS['3']).toEqual({ color: 'red', text: '已取消' });
  });
  it('refuses an end before the start with the given message', async () => {
    const values: Record<string, string> = { startTime: '2030-01-01 10:00:00' };
    const rule = after('startTime', '结束时间必须晚于开始时间')({ getFieldValue: (n) => values[n] });
    await expect(rule.validator(null, '2030-01-01 09:00:00')).rejects.toThrow('结束时间必须晚于开始时间');
    await expect(rule.validator(null, '2030-01-01 10:00:00')).rejects.toThrow();
    await expect(rule.validator(null, '2030-01-01 11:00:00')).resolves.toBeUndefined();
  });
});

describe('预约表单 body', () => {
  it('sends only the fields of the chosen person type; the session only when adding', () => {
    const values = {
      sessionId: 's1',
      personType: '1',
      userId: 'u1',
      name: ' 甲 ',
      mobile: '139',
      idCard: 'x',
      remark: ' r ',
    };
    expect(reservationBody(values, null)).toEqual({ sessionId: 's1', personType: '1', userId: 'u1', remark: 'r' });
    expect(reservationBody({ ...values, personType: '2' }, 'id1')).toEqual({
      id: 'id1',
      personType: '2',
      name: '甲',
      mobile: '139',
      idCard: 'x',
      remark: 'r',
    });
  });
});

describe('答题预约 ?status= drill-down', () => {
  it('opens the list on a known state only (not as a declared initial value: 重置 clears it)', async () => {
    const { reservationPage, reservationOpenWith } = await import('./reservation.data');
    expect(reservationOpenWith('0')).toEqual({ status: '0' });
    expect(reservationOpenWith('9')).toBeUndefined();
    expect(reservationOpenWith(null)).toBeUndefined();
    expect(reservationPage.query?.find((f) => f.field === 'status')?.initialValue).toBeUndefined();
  });
});

describe('首页 reservation figures', () => {
  it('are fetched only for users granted an answer page (no 403 round trip for the others)', async () => {
    const { mayViewReservationStats } = await import('./reservation-figures');
    const page = (component: string) => ({
      id: component,
      route: '1' as const,
      path: `/${component}`,
      name: component,
      component,
      meta: {},
    });
    expect(mayViewReservationStats([{ ...page('layouts/RouteView'), children: [page('answer/SessionList')] }])).toBe(
      true,
    );
    expect(mayViewReservationStats([page('system/UserList'), page('dashboard/Analysis')])).toBe(false);
    expect(mayViewReservationStats(null)).toBe(false);
  });
});
