import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import {
  applyChange,
  defaultState,
  formatRun,
  NO_RUNS,
  PREVIEW_PLACEHOLDER,
  parseExpression,
  previewRuns,
  toExpression,
  validateCron,
} from './cron-model';
import { JCron } from './index';
import { JCronEditor } from './JCronEditor';

installMatchMedia();

/** the radio input of a mode (antd puts the test id on the input itself) */
const radio = (el: HTMLElement): HTMLInputElement =>
  (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const at = (local: string) => new Date(`${local}+08:00`).getTime();

describe('cron model', () => {
  it('defaults: all *, week ?', () => {
    expect(toExpression(defaultState())).toBe('* * * * * ? *');
  });

  it('each mode as text; day emits ? while week is set', () => {
    const s = parseExpression('5-10 0/15 1,3,5 15W * ? 2026/2');
    expect(s.second).toMatchObject({ mode: 'range', start: 5, end: 10 });
    expect(s.minute).toMatchObject({ mode: 'loop', loopStart: 0, interval: 15 });
    expect(s.hour).toMatchObject({ mode: 'specify', values: [1, 3, 5] });
    expect(s.day).toMatchObject({ mode: 'work', workDay: 15 });
    expect(s.year).toMatchObject({ mode: 'loop', loopStart: 2026, interval: 2 });
    expect(toExpression(s)).toBe('5-10 0/15 1,3,5 15W * ? 2026/2');
    expect(toExpression(parseExpression('0 0 12 L * ?'), { hideYear: true })).toBe('0 0 12 L * ?');
    expect(toExpression(parseExpression('0 0 12 ? * 6#3 *'))).toBe('0 0 12 ? * 6#3 *');
    expect(toExpression(parseExpression('0 0 12 ? * 2L *'))).toBe('0 0 12 ? * 2L *');
  });

  it('hide-second gives five fields (no year), hide-year six', () => {
    const s = parseExpression('0/5 * * * ?', { hideSecond: true });
    expect(s.minute).toMatchObject({ mode: 'loop', interval: 5 });
    expect(toExpression(s, { hideSecond: true })).toBe('0/5 * * * ?');
    expect(toExpression(defaultState(), { hideYear: true })).toBe('* * * * * ?');
  });

  it('auto-adjust rules of spec 02 §4 (cascading)', () => {
    const d = defaultState();
    const minute = applyChange(d, 'minute', { ...d.minute, mode: 'specify', values: [30] });
    expect(toExpression(minute)).toBe('0 30 * * * ? *');
    const hour = applyChange(d, 'hour', { ...d.hour, mode: 'specify', values: [8] });
    expect(toExpression(hour)).toBe('0 0 8 * * ? *');
    const week = applyChange(d, 'week', { ...d.week, mode: 'specify', values: [2] });
    expect(toExpression(week)).toBe('0 0 0 ? * 2 *');
    const day = applyChange(d, 'day', { ...d.day, mode: 'last' });
    expect(toExpression(day)).toBe('0 0 0 L * ? *');
    const year = applyChange(d, 'year', { ...d.year, mode: 'range', start: 2030, end: 2031 });
    // year → month 1 → day 1 (week ?, day *) → hour 0 → minute 0 → second 0, as the original's watchers cascade
    expect(toExpression(year)).toBe('0 0 0 1 1 ? 2030-2031');
    // month changes while week is ? and day * → day 1
    const month = applyChange(d, 'month', { ...d.month, mode: 'specify', values: [6] });
    expect(toExpression(month)).toBe('0 0 0 1 6 ? *');
    // month changes while day is ? and week * → week 1
    const dayQ = parseExpression('0 0 0 ? * * *');
    expect(toExpression(applyChange(dayQ, 'month', { ...dayQ.month, mode: 'specify', values: [3] }))).toBe(
      '0 0 0 ? 3 1 *',
    );
    // week back to 不指定 with day ? → day every
    const back = applyChange(week, 'week', { ...week.week, mode: 'unset' });
    expect(toExpression(back)).toBe('0 0 0 * * ? *');
  });

  it('bounds: values clamp to the spec ranges', () => {
    const d = defaultState();
    expect(toExpression(applyChange(d, 'second', { ...d.second, mode: 'loop', loopStart: 70, interval: 0 }))).toBe(
      '59/1 * * * * ? *',
    );
    const w = applyChange(d, 'week', { ...d.week, mode: 'nth', weekday: 9, nth: 8 });
    expect(toExpression(w)).toBe('0 0 0 ? * 7#5 *');
  });

  it('preview: next 10 runs in GMT+8, year ignored; 无执行时间; errors', () => {
    const p = previewRuns('0 0 12 ? * 2', {}, at('2026-01-01T00:00:00'));
    expect(p.lines).toHaveLength(10);
    expect(p.lines.slice(0, 2)).toEqual(['2026-01-05 12:00:00', '2026-01-12 12:00:00']);
    // the year is ignored: a past year still previews
    expect(previewRuns('0 0 0 1 1 ? 2020', {}, at('2026-06-01T00:00:00')).lines[0]).toBe('2027-01-01 00:00:00');
    // 30 February never comes
    expect(previewRuns('0 0 0 30 2 ?', {}, at('2026-06-01T00:00:00')).lines).toEqual([NO_RUNS]);
    expect(previewRuns('0 0 25 * * ?').error).toMatch(/^Cron表达式错误：/);
    expect(formatRun(at('2026-03-04T05:06:07'))).toBe('2026-03-04 05:06:07');
  });

  it('validator messages (JEasyCron validator)', () => {
    expect(validateCron('')).toBeNull();
    expect(validateCron('* * * * * ? * *')).toBe('Cron表达式最多7项！');
    expect(validateCron('* * * * * ? abc')).toBe('Cron表达式参数[年]错误：abc');
    expect(validateCron('0 0 12 * * 2')).toBe('Cron表达式错误：[日]和[周]必须有且只有一个为“?”');
    expect(validateCron('0 0 12 * * ?')).toBeNull();
    expect(validateCron('0/5 * * * ?', { hideSecond: true })).toBeNull();
  });
});

describe('JCronEditor (DOM)', () => {
  it('tabs 秒 分 时 日 月 周 年; choosing a mode emits the expression and the preview follows after 500 ms', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<JCronEditor value="* * * * * ? *" onChange={onChange} />);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['秒', '分', '时', '日', '月', '周', '年']);
    expect(screen.getByTestId('jcron-preview').textContent).toBe(PREVIEW_PLACEHOLDER);
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByTestId('jcron-preview').children).toHaveLength(10);

    // 分 → 循环 0/1 → the second goes to 0 (auto-adjust)
    fireEvent.click(screen.getByRole('tab', { name: '分' }));
    fireEvent.click(radio(within(screen.getByTestId('jcron-pane-minute')).getByTestId('jcron-minute-loop')));
    expect(onChange).toHaveBeenLastCalledWith('0 0/1 * * * ? *');
    expect((screen.getByTestId('jcron-full') as HTMLInputElement).value).toBe('0 0/1 * * * ? *');

    // 日 → 最后一日: hour 0, minute stays, day L
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    fireEvent.click(radio(screen.getByTestId('jcron-day-last')));
    expect(onChange).toHaveBeenLastCalledWith('0 0/1 0 L * ? *');
    expect(screen.getByTestId('jcron-text-day').textContent).toBe('L');
  });

  it('a week choice disables the day tab and the day shows ?', () => {
    const onChange = vi.fn();
    render(<JCronEditor value="0 0 12 ? * 2#1 *" onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '日' }));
    expect(radio(screen.getByTestId('jcron-day-every')).disabled).toBe(true);
    expect(screen.getByTestId('jcron-text-day').textContent).toBe('?');
    expect(screen.getByTestId('jcron-text-week').textContent).toBe('2#1');
  });

  it('leaving the full box applies a typed expression to the tabs', () => {
    const onChange = vi.fn();
    render(<JCronEditor value="* * * * * ? *" onChange={onChange} />);
    const full = screen.getByTestId('jcron-full');
    fireEvent.change(full, { target: { value: '0  30  9 ? * 2-6 *' } });
    fireEvent.blur(full);
    expect(onChange).toHaveBeenLastCalledWith('0 30 9 ? * 2-6 *');
    expect(screen.getByTestId('jcron-text-hour').textContent).toBe('9');
    expect(screen.getByTestId('jcron-text-week').textContent).toBe('2-6');
  });

  it('hide-second / hide-year hide their tabs', { timeout: 20_000 }, () => {
    render(<JCronEditor value="0/5 * * * ?" hideSecond />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['分', '时', '日', '月', '周']);
    cleanup();
    render(<JCronEditor value="* * * * * ?" hideYear />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['秒', '分', '时', '日', '月', '周']);
  });

  it('an expression without runs previews 无执行时间', async () => {
    vi.useFakeTimers();
    render(<JCronEditor value="0 0 0 30 2 ? *" />);
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByTestId('jcron-preview').textContent).toBe(NO_RUNS);
  });
});

describe('JCron (form widget with the dialog)', () => {
  it('选择 opens the editor; 确定 emits, 关闭 changes nothing', { timeout: 20_000 }, async () => {
    const onChange = vi.fn();
    render(<JCron value="* * * * * ? *" onChange={onChange} />);
    fireEvent.click(screen.getByTestId('jcron-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: '时' }));
    fireEvent.click(radio(within(dialog).getByTestId('jcron-hour-range')));
    fireEvent.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('jcron-open'));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('tab', { name: '时' }));
    fireEvent.click(radio(within(again).getByTestId('jcron-hour-range')));
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenLastCalledWith('0 0 0-23 * * ? *');
  });
});
