import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  clampSplit,
  loadSplit,
  SPLIT_DEFAULT,
  SPLIT_MAX,
  SPLIT_MIN,
  saveSplit,
  splitForKey,
  splitFromPointer,
  splitStorageKey,
} from './split-logic';
import './split-pane.css';

export * from './split-logic';

export interface SplitPaneProps {
  /** the pane's id: with `user`, the key its split is saved under (no id: not saved) */
  id?: string;
  /** whose split this is (the signed-in username) */
  user?: string;
  /** first pane share in percent @default 50 */
  defaultSplit?: number;
  min?: number;
  max?: number;
  /** panes side by side (horizontal) or one above the other @default 'horizontal' */
  direction?: 'horizontal' | 'vertical';
  first: ReactNode;
  second: ReactNode;
  /** the separator's accessible name @default '调整分屏大小' */
  label?: string;
  onChange?: (split: number) => void;
  style?: CSSProperties;
  className?: string;
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * Two resizable panes (分屏): drag the separator with the pointer, or focus it and use the arrow keys (Shift for
 * bigger steps, Home / End for the bounds). The split is saved per user and pane id in localStorage.
 */
export function SplitPane({
  id,
  user = '',
  defaultSplit = SPLIT_DEFAULT,
  min = SPLIT_MIN,
  max = SPLIT_MAX,
  direction = 'horizontal',
  first,
  second,
  label = '调整分屏大小',
  onChange,
  style,
  className,
}: SplitPaneProps) {
  const bounds = { min, max };
  const key = id ? splitStorageKey(user, id) : null;
  const [split, setSplit] = useState(() =>
    key ? loadSplit(storage(), key, defaultSplit, bounds) : clampSplit(defaultSplit, bounds),
  );
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(split);
  latest.current = split;

  // another user (or pane) → its own saved split
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what changes; bounds are read as they are
  useEffect(() => {
    if (key) setSplit(loadSplit(storage(), key, defaultSplit, bounds));
  }, [key]);

  const apply = (next: number, persist: boolean) => {
    setSplit(next);
    onChange?.(next);
    if (persist && key) saveSplit(storage(), key, next);
  };

  const horizontal = direction === 'horizontal';
  const fromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return latest.current;
    return horizontal
      ? splitFromPointer(e.clientX, rect.left, rect.width, bounds)
      : splitFromPointer(e.clientY, rect.top, rect.height, bounds);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging) apply(fromPointer(e), false);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    apply(fromPointer(e), true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = splitForKey(latest.current, e.key, e.shiftKey, bounds);
    if (next === null) return;
    e.preventDefault();
    apply(next, true);
  };

  const firstStyle: CSSProperties = horizontal ? { width: `${split}%` } : { height: `${split}%` };
  return (
    <div
      ref={box}
      className={`split-pane split-pane-${direction}${dragging ? ' split-pane-dragging' : ''}${className ? ` ${className}` : ''}`}
      style={style}
    >
      <div className="split-pane-first" style={firstStyle}>
        {first}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (WAI-ARIA), not a thematic break */}
      <div
        className="split-pane-separator"
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation={horizontal ? 'vertical' : 'horizontal'}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={split}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane-second">{second}</div>
    </div>
  );
}

export default SplitPane;
