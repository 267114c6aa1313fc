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

function InputEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  const [v, setV] = useState(str(value));
  return (
    <Input
      value={v}
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(column.props as object)}
      onChange={(e) => {
        setV(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

function TextareaEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  const [v, setV] = useState(str(value));
  return (
    <Input.TextArea
      value={v}
      placeholder={placeholder}
      autoFocus={autoFocus}
      autoSize={{ minRows: 1, maxRows: 4 }}
      {...(column.props as object)}
      onChange={(e) => {
        setV(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

/** typed text: optional minus, digits, one decimal point; other keystrokes are refused */
function NumberEditor({ value, onChange, placeholder, autoFocus, column }: CellEditorProps) {
  const [v, setV] = useState(str(value));
  return (
    <Input
      value={v}
      inputMode="decimal"
      placeholder={placeholder}
      autoFocus={autoFocus}
      {...(column.props as object)}
      onChange={(e) => {
        const next = e.target.value;
        if (!acceptNumberTyping(next)) return;
        setV(next);
        onChange(next);
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
  registerCell('slot', {
    display: (p) => {
      const render = (p.api as unknown as { __slots?: Record<string, (x: CellDisplayProps) => unknown> }).__slots?.[
        p.column.slotName ?? p.column.key
      ];
      return render ? (render(p) as React.ReactNode) : null;
    },
  });
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
