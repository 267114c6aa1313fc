import { memo, useMemo } from 'react';
import { sanitizeHtml } from '../components/HeaderNotice/sanitize-html';
import { blankCount, blanksOf, JUDGE_OPTIONS, selectedKeys, setBlank, TYPE_TEXT, toggleKey } from './answer-format';
import type { CandidateQuestion } from './api';

/** the stem (sanitised rich text, images allowed) */
export const RichText = memo(function RichText({
  html,
  id,
  className,
}: {
  html: string;
  id?: string;
  className?: string;
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above (and on the server on write)
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
});

export interface QuestionViewProps {
  question: CandidateQuestion;
  /** 1-based number in the paper */
  number: number;
  total: number;
  answer: string | undefined;
  disabled: boolean;
  /** a choice (saved at once) */
  onChoose(value: string): void;
  /** typing (saved after a pause, and on leaving the field) */
  onType(value: string): void;
  onLeaveField(): void;
}

/**
 * One question, answerable with the keyboard alone: choices are native radio buttons / check boxes in a fieldset
 * whose legend names the question (arrow keys move within a 单选 group, Space ticks a 多选 option), blanks and
 * essays are labelled fields.
 */
export function QuestionView({
  question: q,
  number,
  total,
  answer,
  disabled,
  onChoose,
  onType,
  onLeaveField,
}: QuestionViewProps) {
  const stemId = `q-stem-${q.id}`;
  const legend = `第 ${number} 题（${TYPE_TEXT[q.type] ?? ''}，${q.score} 分）`;
  const name = `q-${q.id}`;
  let body: React.ReactNode = null;
  if (q.type === '1' || q.type === '3') {
    const options = q.type === '3' ? JUDGE_OPTIONS : (q.options ?? []);
    body = (
      <div className="exam-options">
        {options.map((o) => {
          const id = `${name}-${o.key}`;
          return (
            <label key={o.key} htmlFor={id} className={`exam-option${answer === o.key ? ' is-checked' : ''}`}>
              <input
                type="radio"
                id={id}
                name={name}
                value={o.key}
                checked={answer === o.key}
                disabled={disabled}
                onChange={() => onChoose(o.key)}
              />
              {q.type === '1' ? <span className="exam-option-key">{o.key}.</span> : null}
              <RichText html={o.content} className="exam-option-text" />
            </label>
          );
        })}
      </div>
    );
  } else if (q.type === '2') {
    const keys = selectedKeys(answer);
    body = (
      <div className="exam-options">
        {(q.options ?? []).map((o) => {
          const id = `${name}-${o.key}`;
          const on = keys.has(o.key);
          return (
            <label key={o.key} htmlFor={id} className={`exam-option${on ? ' is-checked' : ''}`}>
              <input
                type="checkbox"
                id={id}
                name={name}
                value={o.key}
                checked={on}
                disabled={disabled}
                onChange={(e) => onChoose(toggleKey(answer ?? '', o.key, e.target.checked))}
              />
              <span className="exam-option-key">{o.key}.</span>
              <RichText html={o.content} className="exam-option-text" />
            </label>
          );
        })}
      </div>
    );
  } else if (q.type === '4') {
    const count = blankCount(q.stem);
    const blanks = blanksOf(answer, count);
    body = (
      <div className="exam-blanks">
        {blanks.map((b, i) => {
          const id = `${name}-blank-${i}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
            <div key={i} className="exam-field">
              <label htmlFor={id}>第 {i + 1} 空</label>
              <input
                id={id}
                value={b}
                disabled={disabled}
                maxLength={500}
                autoComplete="off"
                onChange={(e) => onType(setBlank(answer, count, i, e.target.value))}
                onBlur={onLeaveField}
              />
            </div>
          );
        })}
      </div>
    );
  } else {
    const id = `${name}-text`;
    body = (
      <div className="exam-field">
        <label htmlFor={id}>作答</label>
        <textarea
          id={id}
          rows={8}
          value={answer ?? ''}
          disabled={disabled}
          maxLength={20000}
          onChange={(e) => onType(e.target.value)}
          onBlur={onLeaveField}
        />
      </div>
    );
  }
  return (
    <fieldset className="exam-question" aria-describedby={stemId} disabled={disabled}>
      <legend className="exam-question-legend">
        <span className="exam-question-no">
          {number}/{total}
        </span>
        <span className="exam-sr">{legend}</span>
        <span aria-hidden="true" className="exam-question-meta">
          {TYPE_TEXT[q.type]} · {q.score} 分
        </span>
      </legend>
      {q.section || q.sectionTitle ? <p className="exam-section">{q.section || q.sectionTitle}</p> : null}
      <RichText html={q.stem} id={stemId} className="exam-stem" />
      {body}
    </fieldset>
  );
}
