import { type ReactNode, useMemo } from 'react';
import { sanitizeHtml } from '../HeaderNotice/sanitize-html';
import { answerKeys, answerText, countBlanks, JUDGE_TEXT, QUESTION_TYPE_TEXT } from './quiz-logic';
import './quiz.css';

/**
 * A question as a candidate sees it (read-only): number, type and score, the stem (sanitised rich text; 填空 blanks
 * shown as numbered gaps), the options (单选 / 多选), 正确 / 错误 (判断), one line per blank (填空) or the answer area
 * (简答). With `showAnswer` (the bank's preview, a printed key) the right answer and the analysis follow.
 *
 * Light on purpose — no antd, no editor: the candidate answering page reuses it under a strict size budget.
 * `selected` / `onSelect` make the choices pickable there (keys, or '1' / '0' for 判断).
 */
export interface QuestionViewData {
  id?: string;
  type: string;
  stem: string;
  options?: readonly { key: string; content: string }[] | null;
  /** blanks of a 填空 question (counted from the stem when absent) */
  blanks?: number;
  score?: number | null;
  answer?: string | null;
  analysis?: string | null;
}

export interface QuestionViewProps {
  question: QuestionViewData;
  /** the number shown before the stem (1-based) */
  index?: number;
  /** show the right answer and the analysis */
  showAnswer?: boolean;
  /** the candidate's chosen keys (highlighted) */
  selected?: readonly string[];
  /** makes options / 正确 / 错误 clickable */
  onSelect?: (key: string) => void;
  /** what replaces the blank lines / essay area (e.g. the candidate's inputs) */
  answerArea?: ReactNode;
  /** hide the type and score tag (e.g. inside a section whose title says them) */
  hideMeta?: boolean;
}

/** the stem's sanitised HTML with its blanks replaced by numbered gap markers (text nodes only, never attributes) */
export function stemHtml(stem: string, markBlanks: boolean): string {
  const clean = sanitizeHtml(stem);
  if (!markBlanks || typeof document === 'undefined') return clean;
  const box = document.createElement('div');
  box.innerHTML = clean;
  let n = 0;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let t = walker.nextNode(); t; t = walker.nextNode()) texts.push(t as Text);
  const re = /（(?:\s|\u3000)*）|\((?:\s|\u3000)+\)|_{3,}/g;
  for (const t of texts) {
    const s = t.data;
    if (!re.test(s)) continue;
    re.lastIndex = 0;
    const frag = document.createDocumentFragment();
    let last = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      if (m.index > last) frag.append(s.slice(last, m.index));
      const gap = document.createElement('span');
      gap.className = 'quiz-blank';
      n += 1;
      gap.textContent = String(n);
      frag.append(gap);
      last = m.index + m[0].length;
    }
    if (last < s.length) frag.append(s.slice(last));
    t.replaceWith(frag);
  }
  return box.innerHTML;
}

function Html({ html, className }: { html: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeHtml (stemHtml / the option renderer)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function QuestionView({
  question: q,
  index,
  showAnswer,
  selected,
  onSelect,
  answerArea,
  hideMeta,
}: QuestionViewProps) {
  const stem = useMemo(() => stemHtml(q.stem, q.type === '4'), [q.stem, q.type]);
  const blanks = q.type === '4' ? (q.blanks ?? countBlanks(q.stem)) : 0;
  const right = new Set(showAnswer ? (q.type === '3' ? [q.answer ?? ''] : answerKeys(q.answer)) : []);
  const picked = new Set(selected ?? []);
  const choice = (key: string, label: ReactNode, html?: string) => {
    const cls = `quiz-option${picked.has(key) ? ' is-selected' : ''}${right.has(key) ? ' is-right' : ''}`;
    const body = (
      <>
        <span className="quiz-option-key">{q.type === '3' ? (key === '1' ? '√' : '×') : key}</span>
        {html !== undefined ? (
          <Html className="quiz-option-content quiz-html" html={sanitizeHtml(html)} />
        ) : (
          <span className="quiz-option-content">{label}</span>
        )}
      </>
    );
    return onSelect ? (
      <li key={key}>
        <button
          type="button"
          className={cls}
          aria-pressed={picked.has(key)}
          onClick={() => onSelect(key)}
          data-testid="quiz-option"
        >
          {body}
        </button>
      </li>
    ) : (
      <li key={key} className={cls} data-testid="quiz-option">
        {body}
      </li>
    );
  };
  return (
    <article className="quiz-question" data-testid="quiz-question" data-type={q.type}>
      <header className="quiz-question-head">
        {index !== undefined && <span className="quiz-question-no">{index}.</span>}
        {!hideMeta && (
          <span className="quiz-question-meta">
            {QUESTION_TYPE_TEXT[q.type] ?? ''}
            {q.score !== undefined && q.score !== null ? ` · ${q.score} 分` : ''}
          </span>
        )}
      </header>
      <Html className="quiz-stem quiz-html" html={stem} />
      {(q.type === '1' || q.type === '2') && (
        <ul className="quiz-options" data-multi={q.type === '2' || undefined}>
          {(q.options ?? []).map((o) => choice(o.key, null, o.content))}
        </ul>
      )}
      {q.type === '3' && (
        <ul className="quiz-options quiz-options-row">{['1', '0'].map((k) => choice(k, JUDGE_TEXT[k]))}</ul>
      )}
      {answerArea ??
        (q.type === '4' ? (
          <ol className="quiz-blank-lines">
            {Array.from({ length: blanks }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the blanks are positions
              <li key={i}>
                <span className="quiz-blank-label">第 {i + 1} 空</span>
                <span className="quiz-blank-line" />
              </li>
            ))}
          </ol>
        ) : q.type === '5' ? (
          <div className="quiz-essay" role="img" aria-label="作答区" />
        ) : null)}
      {showAnswer && (
        <footer className="quiz-key" data-testid="quiz-key">
          <div>
            <b>答案：</b>
            <span className="quiz-key-answer">{answerText(q.type, q.answer)}</span>
          </div>
          {q.analysis ? (
            <div className="quiz-key-analysis">
              <b>解析：</b>
              <Html className="quiz-html" html={sanitizeHtml(q.analysis)} />
            </div>
          ) : null}
        </footer>
      )}
    </article>
  );
}

export default QuestionView;
