import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EyeOutlined,
  FontColorsOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Select, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import type { QuestionType } from '../../api/quiz';
import { registerWidget } from '../../components/kit';
import { QuestionView } from '../../components/quiz/QuestionView';
import { countBlanks, MAX_OPTIONS, MIN_OPTIONS, OPTION_KEYS } from '../../components/quiz/quiz-logic';
import { RichTextEditor } from '../../components/RichTextEditor';
import {
  addOption,
  blanksProblem,
  type EditorOption,
  fitBlankAnswers,
  isPlainOption,
  markRight,
  moveOption,
  optionText,
  previewOf,
  type QuestionFormValues,
  removeOption,
  textToHtml,
} from './question-logic';
import './question.css';

/**
 * The type-dependent parts of the question editor, registered as form widgets of the kit: the option editor
 * (单选 / 多选), the accepted answers per blank (填空) and the candidate's-eye preview.
 */

interface ValueProps<V> {
  value?: V;
  onChange?: (v: V) => void;
  disabled?: boolean;
  id?: string;
}

type RichOption = EditorOption & { rich?: boolean };

/** 2–8 options A…H: mark the right one(s), add, remove, move up / down; a one-line text or rich text (images) each */
export function OptionsEditor({ value, onChange, disabled }: ValueProps<RichOption[]>) {
  const type = Form.useWatch('type') as QuestionType | undefined;
  const list = value ?? [];
  const set = (next: RichOption[]) => onChange?.(next);
  const multi = type === '2';
  return (
    <div className="quiz-options-editor" data-testid="quiz-options-editor">
      <div className="quiz-options-hint">
        {multi ? '勾选所有正确答案（至少两个）' : '点选正确答案'}，选项 {MIN_OPTIONS}–{MAX_OPTIONS} 个
      </div>
      {list.map((o, i) => {
        const key = OPTION_KEYS[i] ?? '?';
        const rich = o.rich || !isPlainOption(o.content);
        const mark = multi ? (
          <Checkbox
            checked={o.right}
            disabled={disabled}
            onChange={() => set(markRight(list, i, type))}
            aria-label={`${key} 为正确答案`}
          />
        ) : (
          <Radio
            checked={o.right}
            disabled={disabled}
            onChange={() => set(markRight(list, i, type))}
            aria-label={`${key} 为正确答案`}
          />
        );
        const edit = (content: string) => set(list.map((x, j) => (j === i ? { ...x, content } : x)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positions (A, B, …)
          <div key={i} className={`quiz-option-row${o.right ? ' is-right' : ''}`} data-testid={`quiz-option-${key}`}>
            <div className="quiz-option-row-mark">
              {mark}
              <span className="quiz-option-row-key">{key}</span>
            </div>
            <div className="quiz-option-row-content">
              {rich ? (
                <RichTextEditor
                  value={o.content}
                  onChange={edit}
                  height={90}
                  disabled={disabled}
                  placeholder={`选项 ${key}`}
                />
              ) : (
                <Input
                  value={optionText(o.content)}
                  onChange={(e) => edit(textToHtml(e.target.value))}
                  placeholder={`选项 ${key} 的内容`}
                  disabled={disabled}
                  maxLength={2000}
                  aria-label={`选项 ${key}`}
                />
              )}
            </div>
            <div className="quiz-option-row-ops">
              <Tooltip title={rich ? '富文本（可插入图片）' : '切换为富文本（可插入图片）'}>
                <Button
                  size="small"
                  type={rich ? 'primary' : 'text'}
                  ghost={rich}
                  icon={<FontColorsOutlined />}
                  aria-label={`选项 ${key} 富文本`}
                  disabled={disabled || (rich && !isPlainOption(o.content))}
                  onClick={() => set(list.map((x, j) => (j === i ? { ...x, rich: !rich } : x)))}
                />
              </Tooltip>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={`上移选项 ${key}`}
                disabled={disabled || i === 0}
                onClick={() => set(moveOption(list, i, -1))}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={`下移选项 ${key}`}
                disabled={disabled || i === list.length - 1}
                onClick={() => set(moveOption(list, i, 1))}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除选项 ${key}`}
                disabled={disabled || list.length <= MIN_OPTIONS}
                onClick={() => set(removeOption(list, i))}
              />
            </div>
          </div>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={disabled || list.length >= MAX_OPTIONS}
        onClick={() => set(addOption(list))}
      >
        添加选项{list.length >= MAX_OPTIONS ? `（最多 ${MAX_OPTIONS} 个）` : ''}
      </Button>
    </div>
  );
}

/** 填空: one row of accepted answers per blank found in the stem; the count rule is shown as the stem is typed */
export function BlankAnswersEditor({ value, onChange, disabled }: ValueProps<string[][]>) {
  const form = Form.useFormInstance();
  const stem = Form.useWatch('stem') as string | undefined;
  const list = value ?? [];
  const blanks = countBlanks(stem);
  // rows follow the stem: a new blank gets a row, an empty row past the last blank goes
  useEffect(() => {
    const fitted = fitBlankAnswers(stem, value);
    if (JSON.stringify(fitted) !== JSON.stringify(value ?? [])) onChange?.(fitted);
  }, [stem, value, onChange]);
  const problem = stem && countBlanks(stem) + list.length > 0 ? blanksProblem(stem, list) : null;
  useEffect(() => {
    if (stem && blanks > 0) void form.validateFields(['blankAnswers']).catch(() => undefined);
  }, [stem, blanks, form]);
  return (
    <div className="quiz-blanks-editor" data-testid="quiz-blanks-editor">
      <div className="quiz-options-hint">
        题干中用（ ）或 ___ 标出填空的位置；每空可填多个可接受的答案（输入后回车）。当前题干中有 {blanks} 个空。
      </div>
      {list.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positions
        <div key={i} className={`quiz-blank-row${i >= blanks ? ' is-extra' : ''}`} data-testid={`quiz-blank-${i + 1}`}>
          <span className="quiz-blank-row-label">
            第 {i + 1} 空{i >= blanks ? '（多余）' : ''}
          </span>
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            value={b}
            disabled={disabled}
            tokenSeparators={['|', '；', ';']}
            placeholder="输入答案后回车，可填多个"
            aria-label={`第 ${i + 1} 空的答案`}
            onChange={(v: string[]) =>
              onChange?.(list.map((x, j) => (j === i ? v.map((a) => a.trim()).filter(Boolean) : x)))
            }
            style={{ flex: 1, minWidth: 0 }}
          />
          {i >= blanks && (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除第 ${i + 1} 空`}
              onClick={() => onChange?.(list.filter((_, j) => j !== i))}
            />
          )}
        </div>
      ))}
      {problem && !disabled ? (
        <Alert
          type="warning"
          showIcon
          className="quiz-blank-problem"
          title={problem}
          data-testid="quiz-blank-problem"
        />
      ) : null}
    </div>
  );
}

/** 预览: the question of the form's current values as a candidate will see it (and the answer under it) */
export function QuestionPreviewButton() {
  const form = Form.useFormInstance();
  const [shown, setShown] = useState<QuestionFormValues | null>(null);
  const [withKey, setWithKey] = useState(false);
  return (
    <>
      <Button icon={<EyeOutlined />} onClick={() => setShown(form.getFieldsValue(true) as QuestionFormValues)}>
        预览
      </Button>
      <Modal
        title="题目预览（考生视角）"
        open={!!shown}
        footer={null}
        onCancel={() => setShown(null)}
        width={720}
        destroyOnHidden
      >
        {shown ? (
          <div data-testid="question-preview">
            <Checkbox checked={withKey} onChange={(e) => setWithKey(e.target.checked)} style={{ marginBottom: 8 }}>
              显示答案与解析
            </Checkbox>
            <QuestionView question={previewOf(shown)} index={1} showAnswer={withKey} />
          </div>
        ) : null}
      </Modal>
    </>
  );
}

registerWidget('quiz-options', { component: OptionsEditor });
registerWidget('quiz-blanks', { component: BlankAnswersEditor });
registerWidget('quiz-preview', { component: QuestionPreviewButton });
