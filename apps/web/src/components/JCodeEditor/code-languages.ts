/**
 * The code editor's languages (spec 02 §9): CSS, JavaScript, HTML, Java, Objective-C, Python, R, Shell, SQL, Swift,
 * Vue, Markdown. A declaration may name a language the JeecgBoot way (a CodeMirror 5 mode or MIME type such as
 * 'text/x-java', 'application/javascript', 'shell', 'objective-c'); `languageKey` maps each to one of the twelve.
 */

export const CODE_LANGUAGES = [
  { key: 'css', label: 'CSS' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'html', label: 'HTML' },
  { key: 'java', label: 'Java' },
  { key: 'objectivec', label: 'Objective-C' },
  { key: 'python', label: 'Python' },
  { key: 'r', label: 'R' },
  { key: 'shell', label: 'Shell' },
  { key: 'sql', label: 'SQL' },
  { key: 'swift', label: 'Swift' },
  { key: 'vue', label: 'Vue' },
  { key: 'markdown', label: 'Markdown' },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['key'];

/** tab size of the editor (spec 02 §9) */
export const CODE_TAB_SIZE = 2;
/** default height (spec 02 §9) */
export const CODE_DEFAULT_HEIGHT = '240px';

const ALIASES: Record<string, CodeLanguage> = {
  css: 'css',
  'text/css': 'css',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  html: 'html',
  htm: 'html',
  htmlmixed: 'html',
  'text/html': 'html',
  java: 'java',
  'text/x-java': 'java',
  objectivec: 'objectivec',
  'objective-c': 'objectivec',
  objc: 'objectivec',
  'text/x-objectivec': 'objectivec',
  python: 'python',
  py: 'python',
  'text/x-python': 'python',
  r: 'r',
  'text/x-rsrc': 'r',
  shell: 'shell',
  sh: 'shell',
  bash: 'shell',
  'text/x-sh': 'shell',
  'application/x-sh': 'shell',
  sql: 'sql',
  'text/x-sql': 'sql',
  'text/x-mysql': 'sql',
  swift: 'swift',
  'text/x-swift': 'swift',
  vue: 'vue',
  'text/x-vue': 'vue',
  'script/x-vue': 'vue',
  markdown: 'markdown',
  md: 'markdown',
  'text/x-markdown': 'markdown',
  'text/markdown': 'markdown',
};

/** one of the twelve for a name / mode / MIME type, case-insensitive; undefined = plain text */
export function languageKey(name: string | null | undefined): CodeLanguage | undefined {
  if (!name) return undefined;
  return ALIASES[name.trim().toLowerCase()];
}

/** the label of a language ('纯文本' when none) */
export function languageLabel(name: string | null | undefined): string {
  const key = languageKey(name);
  return CODE_LANGUAGES.find((l) => l.key === key)?.label ?? '纯文本';
}
