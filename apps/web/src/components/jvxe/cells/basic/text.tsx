// Text-like basic cells: normal, hidden, slot, input, textarea, inputNumber, tags, progress.
import { Input } from 'antd';
import { useState } from 'react';
import { registerCell } from '../../registry';
import type { CellDisplayProps, CellEditorProps } from '../../types';
import { acceptNumberTyping, normalizeTags, parseNumber, progressPercent, tagList } from './logic';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function textDisplay({ value }: CellDisplayProps) {
  return str(value);
}

/** uncontrolled: a keystroke re-renders nothing in React (the draft goes to the table through onChange) */
function InputEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  return (
    <Input
      defaultValue={str(value)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(column.props as object)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function TextareaEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  return (
    <Input.TextArea
      defaultValue={str(value)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      autoSize={{ minRows: 1, maxRows: 4 }}
      {...(column.props as object)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** the text an input would hold after inserting `insert` over its selection */
function nextText(el: HTMLInputElement, insert: string): string {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  return el.value.slice(0, start) + insert + el.value.slice(end);
}

/**
 * Typed text: optional minus, digits, one decimal point; other keystrokes and pastes are refused before they reach
 * the input (uncontrolled: a keystroke re-renders nothing in React).
 */
function NumberEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  return (
    <Input
      defaultValue={str(value)}
      inputMode="decimal"
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(column.props as object)}
      onKeyDown={(e) => {
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
        if (!acceptNumberTyping(nextText(e.currentTarget, e.key))) e.preventDefault();
      }}
      onPaste={(e) => {
        const text = e.clipboardData.getData('text/plain');
        if (!acceptNumberTyping(nextText(e.currentTarget, text))) e.preventDefault();
        e.stopPropagation();
      }}
      onChange={(e) => {
        // anything that still slipped through (IME, drop) is refused too
        if (acceptNumberTyping(e.target.value)) onChange(e.target.value);
      }}
    />
  );
}

function TagsEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  const [v, setV] = useState(str(value));
  return (
    <Input
      value={v}
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(column.props as object)}
      onChange={(e) => {
        const next = normalizeTags(e.target.value);
        setV(next);
        onChange(next);
      }}
    />
  );
}

export function registerTextCells(): void {
  registerCell('normal', { display: textDisplay });
  registerCell('hidden', { display: () => null });
  // slot cells are drawn by the table from JVxeTableProps.slots[slotName]
  registerCell('slot', { display: () => null });
  registerCell('input', { display: textDisplay, Editor: InputEditor, parse: (raw) => str(raw) });
  registerCell('textarea', { display: textDisplay, Editor: TextareaEditor, parse: (raw) => str(raw), keepKeys: true });
  registerCell('inputNumber', {
    display: textDisplay,
    Editor: NumberEditor,
    parse: (raw) => parseNumber(raw),
    format: (v) => (v === '' || v === undefined || v === null ? v : parseNumber(v)),
  });
  registerCell('tags', {
    display: ({ value }) => {
      const tags = tagList(value);
      if (!tags.length) return null;
      return (
        <span className="jvxe-tags">
          {tags.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tags may repeat
            <span key={i} className="jvxe-tag">
              {t}
            </span>
          ))}
        </span>
      );
    },
    Editor: TagsEditor,
    parse: (raw) => normalizeTags(raw),
  });
  registerCell('progress', {
    display: ({ value }) => {
      const p = progressPercent(value);
      return (
        <span className="jvxe-progress">
          <span className="jvxe-progress-bar">
            <span style={{ width: `${p}%` }} />
          </span>
          <span className="jvxe-progress-text">{p}%</span>
        </span>
      );
    },
    parse: (raw) => progressPercent(raw),
  });
}
