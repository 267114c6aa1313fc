import { Checkbox, Input, InputNumber, Radio, Select, Tabs } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyChange,
  BOUNDS,
  type CronMode,
  type CronOptions,
  type CronState,
  FIELD_KEYS,
  FIELD_LABELS,
  type FieldKey,
  type FieldState,
  fieldText,
  PREVIEW_DEBOUNCE_MS,
  PREVIEW_PLACEHOLDER,
  parseExpression,
  previewRuns,
  toExpression,
  WEEK_NAMES,
} from './cron-model';
import './jcron.css';

export interface JCronEditorProps extends CronOptions {
  value?: string | null;
  /** every change of the expression (a tab, or leaving the full box) */
  onChange?: (expr: string) => void;
  disabled?: boolean;
}

const UNIT: Record<FieldKey, string> = { ...FIELD_LABELS, day: '日', week: '周' };

/** a number box that applies its value when it changes and when the box is left (spec 02 §4) */
function Num({
  value,
  min,
  max,
  onChange,
  disabled,
  testId,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <InputNumber
      size="small"
      className="jcron-num"
      data-testid={testId}
      value={value}
      min={min}
      max={max}
      precision={0}
      disabled={disabled}
      onChange={(v) => v !== null && onChange(Number(v))}
    />
  );
}

function weekdayOptions() {
  return WEEK_NAMES.map((label, i) => ({ value: i + 1, label }));
}

/** one tab: the radio of modes with their inputs */
function FieldTab({
  k,
  f,
  onChange,
  disabled,
}: {
  k: FieldKey;
  f: FieldState;
  onChange: (next: FieldState) => void;
  disabled?: boolean;
}) {
  const b = BOUNDS[k];
  const unit = UNIT[k];
  const set = (patch: Partial<FieldState>) => onChange({ ...f, ...patch });
  const isYear = k === 'year';
  const row = (mode: CronMode, label: ReactNode) => (
    <Radio value={mode} data-testid={`jcron-${k}-${mode}`}>
      {label}
    </Radio>
  );
  const values = Array.from({ length: b.max - b.min + 1 }, (_, i) => b.min + i);
  const modes: ReactNode[] = [];
  if (k === 'day' || k === 'week') modes.push(row('unset', '不指定'));
  modes.push(row('every', k === 'week' ? '每周' : `每${unit}`));
  modes.push(
    row(
      'range',
      <>
        区间　从{' '}
        {k === 'week' ? (
          <Select
            size="small"
            className="jcron-week"
            value={f.start}
            options={weekdayOptions()}
            onChange={(v) => set({ start: v, mode: 'range' })}
          />
        ) : (
          <Num
            value={f.start}
            min={isYear ? 0 : b.min}
            max={b.max}
            onChange={(n) => set({ start: n, mode: 'range' })}
            testId={`jcron-${k}-range-start`}
          />
        )}{' '}
        {unit} 至{' '}
        {k === 'week' ? (
          <Select
            size="small"
            className="jcron-week"
            value={f.end}
            options={weekdayOptions()}
            onChange={(v) => set({ end: v, mode: 'range' })}
          />
        ) : (
          <Num
            value={f.end}
            min={isYear ? 1 : b.min}
            max={isYear ? 9999 : b.max}
            onChange={(n) => set({ end: n, mode: 'range' })}
            testId={`jcron-${k}-range-end`}
          />
        )}{' '}
        {unit}
      </>,
    ),
  );
  modes.push(
    row(
      'loop',
      <>
        循环　从{' '}
        {k === 'week' ? (
          <Select
            size="small"
            className="jcron-week"
            value={f.loopStart}
            options={weekdayOptions()}
            onChange={(v) => set({ loopStart: v, mode: 'loop' })}
          />
        ) : (
          <Num
            value={f.loopStart}
            min={isYear ? 0 : b.min}
            max={isYear ? 9999 : b.max}
            onChange={(n) => set({ loopStart: n, mode: 'loop' })}
            testId={`jcron-${k}-loop-start`}
          />
        )}{' '}
        {unit}开始，每{' '}
        <Num
          value={f.interval}
          min={b.intervalMin}
          max={b.intervalMax}
          onChange={(n) => set({ interval: n, mode: 'loop' })}
          testId={`jcron-${k}-loop-interval`}
        />{' '}
        {unit}执行一次
      </>,
    ),
  );
  if (k === 'day') {
    modes.push(
      row(
        'work',
        <>
          工作日　本月{' '}
          <Num
            value={f.workDay}
            min={1}
            max={31}
            onChange={(n) => set({ workDay: n, mode: 'work' })}
            testId="jcron-day-work-day"
          />{' '}
          号，最近的工作日
        </>,
      ),
    );
    modes.push(row('last', '最后一日　本月最后一天'));
  }
  if (k === 'week') {
    modes.push(
      row(
        'nth',
        <>
          本月第{' '}
          <Num value={f.nth} min={1} max={5} onChange={(n) => set({ nth: n, mode: 'nth' })} testId="jcron-week-nth" />{' '}
          周的{' '}
          <Select
            size="small"
            className="jcron-week"
            value={f.weekday}
            options={weekdayOptions()}
            onChange={(v) => set({ weekday: v, mode: 'nth' })}
          />
        </>,
      ),
    );
    modes.push(
      row(
        'lastWeek',
        <>
          本月最后一个{' '}
          <Select
            size="small"
            className="jcron-week"
            value={f.weekday}
            options={weekdayOptions()}
            onChange={(v) => set({ weekday: v, mode: 'lastWeek' })}
          />
        </>,
      ),
    );
  }
  if (!isYear) {
    modes.push(
      <div key="specify" className="jcron-specify">
        {row('specify', '指定')}
        <Checkbox.Group
          className="jcron-values"
          value={f.values}
          disabled={disabled || f.mode !== 'specify'}
          options={values.map((v) => ({
            value: v,
            label: k === 'week' ? WEEK_NAMES[v - 1] : String(v).padStart(2, '0'),
          }))}
          onChange={(vs) => set({ values: vs as number[], mode: 'specify' })}
        />
      </div>,
    );
  }
  return (
    <Radio.Group
      className="jcron-modes"
      value={f.mode}
      disabled={disabled}
      onChange={(e) => set({ mode: e.target.value as CronMode })}
    >
      {modes.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per tab
        <div key={i} className="jcron-mode">
          {m}
        </div>
      ))}
    </Radio.Group>
  );
}

/** the preview of the next runs, recomputed 500 ms after the last change */
export function useCronPreview(expr: string, opts: CronOptions) {
  const [preview, setPreview] = useState<{ lines: string[]; error?: string }>({ lines: [] });
  const { hideSecond, hideYear } = opts;
  useEffect(() => {
    const t = setTimeout(() => setPreview(previewRuns(expr, { hideSecond, hideYear })), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [expr, hideSecond, hideYear]);
  return preview;
}

/**
 * The cron editor (spec 02 §3): tabs 秒 分 时 日 月 周 年 with modes every / range / loop / specify (day: not set,
 * work day, last day; week: not set, nth weekday, last weekday), the full expression box, and the preview of the next
 * 10 runs. `hideSecond` drops the second (and year) field, `hideYear` the year.
 */
export function JCronEditor({ value, onChange, hideSecond, hideYear, disabled }: JCronEditorProps) {
  const opts = useMemo(() => ({ hideSecond, hideYear }), [hideSecond, hideYear]);
  const [state, setState] = useState<CronState>(() => parseExpression(value || '* * * * * ? *', opts));
  const expr = toExpression(state, opts);
  const [text, setText] = useState(expr);
  const [tab, setTab] = useState<FieldKey>(hideSecond ? 'minute' : 'second');

  // a new value from outside (another record, a typed value) resets the tabs; our own emissions do not
  const emitted = useRef<string | null | undefined>(value);
  useEffect(() => {
    if (value && value !== emitted.current) {
      emitted.current = value;
      setState(parseExpression(value, opts));
      setText(value);
    }
  }, [value, opts]);
  const emit = (e: string) => {
    emitted.current = e;
    onChange?.(e);
  };

  const change = (k: FieldKey, next: FieldState) => {
    const s = applyChange(state, k, next);
    setState(s);
    const e = toExpression(s, opts);
    setText(e);
    emit(e);
  };

  const preview = useCronPreview(expr, opts);
  const weekSet = fieldText('week', state.week) !== '?';
  const keys = FIELD_KEYS.filter(
    (k) => !(hideSecond && (k === 'second' || k === 'year')) && !(hideYear && k === 'year'),
  );

  return (
    <div className="jcron" data-testid="jcron-editor">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => setTab(k as FieldKey)}
        items={keys.map((k) => ({
          key: k,
          label: FIELD_LABELS[k],
          children: (
            <div className="jcron-pane" data-testid={`jcron-pane-${k}`}>
              <FieldTab
                k={k}
                f={state[k]}
                disabled={disabled || (k === 'day' && weekSet)}
                onChange={(next) => change(k, next)}
              />
              {k === 'day' && weekSet ? <div className="jcron-note">已在[周]中指定，[日]为“?”（不指定）</div> : null}
            </div>
          ),
        }))}
      />
      <div className="jcron-foot">
        <div className="jcron-fields">
          {keys.map((k) => (
            <div key={k} className="jcron-field">
              <span className="jcron-field-label">{FIELD_LABELS[k]}</span>
              <span className="jcron-field-text" data-testid={`jcron-text-${k}`}>
                {fieldText(k, state[k]) === '?' || (k === 'day' && weekSet) ? '?' : fieldText(k, state[k])}
              </span>
            </div>
          ))}
        </div>
        <Input
          className="jcron-full"
          data-testid="jcron-full"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            const t = text.split(' ').filter(Boolean).join(' ');
            if (!t) return;
            setState(parseExpression(t, opts));
            emit(t);
          }}
        />
        <div className="jcron-preview" data-testid="jcron-preview">
          {preview.error ? (
            <div className="jcron-preview-error">{preview.error}</div>
          ) : preview.lines.length ? (
            preview.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: run times may repeat only as 无执行时间
              <div key={i}>{l}</div>
            ))
          ) : (
            <div className="jcron-preview-placeholder">{PREVIEW_PLACEHOLDER}</div>
          )}
        </div>
      </div>
    </div>
  );
}
