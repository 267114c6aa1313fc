import type { Extension } from '@codemirror/state';
import type { CodeLanguage } from './code-languages';

/**
 * The CodeMirror support of each language, each its own import: a page with a SQL editor fetches the SQL grammar
 * only. The four without a CodeMirror 6 grammar (Objective-C, R, Shell, Swift) use the ported legacy modes.
 */
const LOADERS: Record<CodeLanguage, () => Promise<Extension>> = {
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ jsx: true })),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  objectivec: () =>
    Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/clike')]).then(([l, m]) =>
      l.StreamLanguage.define(m.objectiveC),
    ),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  r: () =>
    Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/r')]).then(([l, m]) =>
      l.StreamLanguage.define(m.r),
    ),
  shell: () =>
    Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/shell')]).then(([l, m]) =>
      l.StreamLanguage.define(m.shell),
    ),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  swift: () =>
    Promise.all([import('@codemirror/language'), import('@codemirror/legacy-modes/mode/swift')]).then(([l, m]) =>
      l.StreamLanguage.define(m.swift),
    ),
  vue: () => import('@codemirror/lang-vue').then((m) => m.vue()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
};

const cache = new Map<CodeLanguage, Promise<Extension>>();

/** the language support (cached; asked again after a failed load) */
export function loadLanguage(key: CodeLanguage): Promise<Extension> {
  let p = cache.get(key);
  if (!p) {
    p = LOADERS[key]();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}
