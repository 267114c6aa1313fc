import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderExt,
} from '@codemirror/view';

/**
 * The CodeMirror 6 set-up shared by the code editor and the markdown editor (one chunk): history, line numbers
 * (optional), bracket matching, default highlighting, tab size / indent unit, read-only and language compartments.
 */
export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  tabSize: number;
  lineNumbers?: boolean;
  lineWrapping?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  extensions?: Extension[];
  onChange?: (doc: string) => void;
}

export interface EditorHandle {
  view: EditorView;
  setLanguage: (ext: Extension) => void;
  setReadOnly: (readOnly: boolean) => void;
  /** replace the text when it differs (an outside value change); no change event */
  setDoc: (doc: string) => void;
  destroy: () => void;
}

const readOnlyExt = (r: boolean): Extension => [EditorState.readOnly.of(r), EditorView.editable.of(!r)];

export function createEditor(o: EditorOptions): EditorHandle {
  const language = new Compartment();
  const readOnly = new Compartment();
  let silent = false;
  const view = new EditorView({
    parent: o.parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        o.lineNumbers === false ? [] : [lineNumbers(), highlightActiveLineGutter()],
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        EditorState.tabSize.of(o.tabSize),
        indentUnit.of(' '.repeat(o.tabSize)),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { overflow: 'auto' } }),
        o.lineWrapping ? EditorView.lineWrapping : [],
        o.placeholder ? placeholderExt(o.placeholder) : [],
        language.of([]),
        readOnly.of(readOnlyExt(!!o.readOnly)),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !silent) o.onChange?.(u.state.doc.toString());
        }),
        ...(o.extensions ?? []),
      ],
    }),
  });
  return {
    view,
    setLanguage: (ext) => view.dispatch({ effects: language.reconfigure(ext) }),
    setReadOnly: (r) => view.dispatch({ effects: readOnly.reconfigure(readOnlyExt(r)) }),
    setDoc: (doc) => {
      const cur = view.state.doc.toString();
      if (cur === doc) return;
      silent = true;
      try {
        view.dispatch({ changes: { from: 0, to: cur.length, insert: doc } });
      } finally {
        silent = false;
      }
    },
    destroy: () => view.destroy(),
  };
}

export { EditorView };
