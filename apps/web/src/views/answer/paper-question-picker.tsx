import { Button, Modal, Space, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import type { QuestionType, QuizQuestion } from '../../api/quiz';
import { type ActionContext, CrudPage, definePage } from '../../components/kit';
import { QUESTION_TYPE_TEXT } from '../../components/quiz/quiz-logic';
import { questionPage } from './question.data';

/**
 * 选择题目 of a fixed section: the bank's list with its filters (subject and its sub-tree, difficulty, keyword), only
 * enabled questions of the section's type; questions already in the paper are marked and not added twice.
 */
export function QuestionPicker({
  type,
  open,
  inPaper,
  onPick,
  onClose,
}: {
  type: QuestionType;
  open: boolean;
  /** ids already in the paper (any section) */
  inPaper: ReadonlySet<string>;
  onPick: (rows: QuizQuestion[]) => void;
  onClose: () => void;
}) {
  const ctxRef = useRef<ActionContext<QuizQuestion> | null>(null);
  const page = useMemo(
    () =>
      definePage<QuizQuestion>({
        ...questionPage,
        name: 'quiz-question-picker',
        authCodes: { add: '', edit: '', delete: '', deleteBatch: '', import: '', export: '' },
        builtins: { add: false, export: false, import: false, batchDelete: false },
        toolbar: [],
        batch: [],
        rowActions: [],
        queryVisible: 3,
        query: (questionPage.query ?? []).filter((q) => q.field !== 'type' && q.field !== 'status'),
        scrollX: 760,
        columns: [
          {
            field: 'stemText',
            title: '题干',
            align: 'left',
            ellipsis: true,
            minWidth: 260,
            render: (v, r) => (
              <span title={String(v ?? '')}>
                {inPaper.has(r.id) ? <Tag color="blue">已在试卷中</Tag> : null}
                {String(v ?? '') || '（图片）'}
              </span>
            ),
          },
          { field: 'subjectName', title: '分类', ellipsis: true, width: 140 },
          { field: 'difficulty', title: '难度', type: 'dict', dictCode: 'question_difficulty', width: 80 },
          { field: 'score', title: '分值', width: 70 },
        ],
      }),
    [inPaper],
  );
  const pick = () => {
    const rows = (ctxRef.current?.list.selectedRows ?? []).filter((r) => !inPaper.has(r.id));
    onPick(rows);
  };
  return (
    <Modal
      title={`选择题目（${QUESTION_TYPE_TEXT[type] ?? ''}，仅启用的题目）`}
      open={open}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={pick} data-testid="picker-ok">
            加入试卷
          </Button>
        </Space>
      }
    >
      <CrudPage schema={page} fixedParams={{ type, status: '1' }} embedded>
        {(ctx) => {
          ctxRef.current = ctx;
          return null;
        }}
      </CrudPage>
    </Modal>
  );
}
