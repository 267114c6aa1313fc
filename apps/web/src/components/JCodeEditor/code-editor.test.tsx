import { EditorState } from '@codemirror/state';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_LANGUAGES, CODE_TAB_SIZE, JCodeEditor, languageKey, languageLabel } from './index';
import { loadLanguage } from './load-language';

// jsdom has no layout: CodeMirror measures selections through Range rects
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
afterEach(cleanup);

describe('code editor languages', () => {
  it('the twelve languages of spec 02 §9', () => {
    expect(CODE_LANGUAGES.map((l) => l.label)).toEqual([
      'CSS',
      'JavaScript',
      'HTML',
      'Java',
      'Objective-C',
      'Python',
      'R',
      'Shell',
      'SQL',
      'Swift',
      'Vue',
      'Markdown',
    ]);
    expect(CODE_TAB_SIZE).toBe(2);
  });

  it('maps names, CodeMirror 5 modes and MIME types to one of them', () => {
    expect(languageKey('JavaScript')).toBe('javascript');
    expect(languageKey('application/javascript')).toBe('javascript');
    expect(languageKey('text/x-java')).toBe('java');
    expect(languageKey('objective-c')).toBe('objectivec');
    expect(languageKey('text/x-objectivec')).toBe('objectivec');
    expect(languageKey('bash')).toBe('shell');
    expect(languageKey('htmlmixed')).toBe('html');
    expect(languageKey('text/x-sql')).toBe('sql');
    expect(languageKey(' md ')).toBe('markdown');
    expect(languageKey('cobol')).toBeUndefined();
    expect(languageKey(undefined)).toBeUndefined();
    expect(languageLabel('py')).toBe('Python');
    expect(languageLabel('cobol')).toBe('纯文本');
  });

  it('every language loads a CodeMirror extension that a state accepts', async () => {
    for (const { key } of CODE_LANGUAGES) {
      const ext = await loadLanguage(key);
      const state = EditorState.create({ doc: 'x', extensions: [ext] });
      expect(state.doc.toString(), key).toBe('x');
    }
  });
});

describe('<JCodeEditor>', () => {
  it('shows the value, reports edits, follows an outside value', async () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<JCodeEditor value={'select 1'} language="sql" onChange={onChange} />);
    await waitFor(() => expect(container.querySelector('.cm-content')?.textContent).toBe('select 1'));
    expect(container.querySelector('.j-code-editor')?.getAttribute('data-language')).toBe('sql');
    expect((container.querySelector('.j-code-editor') as HTMLElement).style.height).toBe('240px');
    rerender(<JCodeEditor value={'select 2'} language="sql" onChange={onChange} />);
    expect(container.querySelector('.cm-content')?.textContent).toBe('select 2');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is read-only when disabled', () => {
    const { container } = render(<JCodeEditor value="a" disabled />);
    expect(container.querySelector('.cm-content')?.getAttribute('contenteditable')).toBe('false');
  });

  it('goes full screen and back (button, Escape)', () => {
    const { container } = render(<JCodeEditor value="a" fullScreen />);
    const box = container.querySelector('.j-code-editor') as HTMLElement;
    fireEvent.click(screen.getByLabelText('全屏'));
    expect(box.style.position).toBe('fixed');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(box.style.position).toBe('relative');
    fireEvent.click(screen.getByLabelText('全屏'));
    fireEvent.click(screen.getByLabelText('退出全屏'));
    expect(box.style.position).toBe('relative');
  });
});
