import { QuestionView as QuizQuestion } from '../components/quiz/QuestionView';
import { countBlanks } from '../components/quiz/quiz-logic';
import { blanksOf, selectedKeys, setBlank, TYPE_TEXT, toggleKey } from './answer-format';
import type { CandidateQuestion } from './api';

export interface AnswerQuestionProps {
  question: CandidateQuestion;
  /** 1-based number in the paper */
  number: number;
  total: number;
  /** the title of its section (大题) */
  sectionTitle?: string;
  answer: string | undefined;
  disabled: boolean;
  /** a choice (saved at once) */
  onChoose(value: string): void;
  /** typing (saved after a pause, and on leaving the field) */
  onType(value: string): void;
  onLeaveField(): void;
}

/**
 * One question on the answering page: the bank's read-only renderer (components/quiz, shared with the console's
 * previews) made answerable — its options become buttons (`onSelect`: pressed state announced, Tab / Enter / Space),
 * blanks and the essay get labelled fields (`answerArea`) — inside a fieldset whose legend names the question for
 * screen readers. Once the attempt is over the options are plain text and the fields are disabled.
 */
export function AnswerQuestion({
  question: q,
  number,
  total,
  sectionTitle,
  answer,
  disabled,
  onChoose,
  onType,
  onLeaveField,
}: AnswerQuestionProps) {
  const legend = `第 ${number} 题，共 ${total} 题，${TYPE_TEXT[q.type] ?? ''}，${q.score} 分`;
  const name = `q-${q.id}`;
  const selected =
    q.type === '2' ? [...selectedKeys(answer)] : q.type === '1' || q.type === '3' ? (answer ? [answer] : []) : [];
  const onSelect = disabled
    ? undefined
    : (key: string) =>
        q.type === '2' ? onChoose(toggleKey(answer ?? '', key, !selectedKeys(answer).has(key))) : onChoose(key);
  let area: React.ReactNode;
  if (q.type === '4') {
    const count = q.blanks || Math.max(1, countBlanks(q.stem));
    area = (
      <div className="exam-blanks">
        {blanksOf(answer, count).map((b, i) => {
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
  } else if (q.type === '5') {
    const id = `${name}-text`;
    area = (
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
    <fieldset className="exam-question" disabled={disabled} data-testid="exam-question">
      <legend className="exam-sr">{legend}</legend>
      {sectionTitle ? <p className="exam-section">{sectionTitle}</p> : null}
      <QuizQuestion
        question={{ ...q, blanks: q.type === '4' ? q.blanks || Math.max(1, countBlanks(q.stem)) : undefined }}
        index={number}
        selected={selected}
        onSelect={onSelect}
        answerArea={area}
      />
    </fieldset>
  );
}
