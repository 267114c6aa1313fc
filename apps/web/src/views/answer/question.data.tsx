import { CheckCircleOutlined, DownloadOutlined, FileWordOutlined, StopOutlined } from '@ant-design/icons';
import { Badge, Typography } from 'antd';
import {
  addQuestion,
  checkStem,
  copyQuestion,
  downloadTemplate,
  editQuestion,
  QUESTION_URLS,
  type QuizQuestion,
  queryQuestion,
  setQuestionStatus,
} from '../../api/quiz';
import { type ActionContext, definePage, type FormFieldSchema, runCall } from '../../components/kit';
import { answerText } from '../../components/quiz/quiz-logic';
import { feedback } from '../../utils/feedback';
import {
  blanksProblem,
  hasContent,
  newOptions,
  optionsProblem,
  type QuestionFormValues,
  toFormValues,
  toQuestionBody,
} from './question-logic';
import './question-widgets';
import './subject.data';

type F = FormFieldSchema<QuizQuestion>;
const isType =
  (...types: string[]) =>
  (v: Record<string, unknown>) =>
    types.includes(String(v.type ?? ''));

export const TYPE_OPTIONS = [
  { value: '1', label: '单选' },
  { value: '2', label: '多选' },
  { value: '3', label: '判断' },
  { value: '4', label: '填空' },
  { value: '5', label: '简答' },
];
export const DIFFICULTY_OPTIONS = [
  { value: 1, label: '很易' },
  { value: 2, label: '较易' },
  { value: 3, label: '中等' },
  { value: 4, label: '较难' },
  { value: 5, label: '很难' },
];

type Getter = { getFieldValue: (name: string) => unknown };

export const questionFields: F[] = [
  { field: 'subjectId', label: '题目分类', widget: 'quiz-subject', required: true },
  {
    field: 'type',
    label: '题型',
    widget: 'radio',
    required: true,
    initialValue: '1',
    props: { options: TYPE_OPTIONS, optionType: 'button', buttonStyle: 'solid' },
  },
  {
    field: 'stem',
    label: '题干',
    widget: 'editor',
    initialValue: '',
    required: true,
    rules: [
      {
        validator: (_r, v) => (hasContent(v as string) ? Promise.resolve() : Promise.reject(new Error('请输入题干!'))),
      },
    ],
    props: { height: 160, placeholder: '请输入题干；填空题用（ ）或 ___ 标出每个空', biz: 'quiz' },
  },
  {
    field: 'options',
    label: '选项',
    widget: 'quiz-options',
    initialValue: newOptions(),
    show: isType('1', '2'),
    rules: [
      ({ getFieldValue }: Getter) => ({
        validator: (_r: unknown, v: unknown) => {
          const p = optionsProblem(
            v as QuestionFormValues['options'],
            getFieldValue('type') as QuestionFormValues['type'],
          );
          return p ? Promise.reject(new Error(p)) : Promise.resolve();
        },
      }),
    ],
  },
  {
    field: 'judge',
    label: '正确答案',
    widget: 'radio',
    show: isType('3'),
    required: '请选择正确答案',
    props: {
      options: [
        { value: '1', label: '正确' },
        { value: '0', label: '错误' },
      ],
    },
  },
  {
    field: 'blankAnswers',
    label: '填空答案',
    widget: 'quiz-blanks',
    show: isType('4'),
    rules: [
      ({ getFieldValue }: Getter) => ({
        validator: (_r: unknown, v: unknown) => {
          const p = blanksProblem(getFieldValue('stem') as string, v as string[][]);
          return p ? Promise.reject(new Error(p)) : Promise.resolve();
        },
      }),
    ],
  },
  {
    field: 'reference',
    label: '参考答案',
    widget: 'textarea',
    show: isType('5'),
    required: '请输入参考答案',
    props: { rows: 4, maxLength: 20000, placeholder: '简答题由阅卷人对照参考答案评分' },
  },
  {
    field: 'analysis',
    label: '解析',
    widget: 'editor',
    initialValue: '',
    props: { height: 110, placeholder: '答案解析（选填）', biz: 'quiz' },
  },
  {
    field: 'difficulty',
    label: '难度',
    widget: 'radio',
    initialValue: 3,
    props: { options: DIFFICULTY_OPTIONS, optionType: 'button' },
  },
  {
    field: 'score',
    label: '默认分值',
    widget: 'number',
    initialValue: 1,
    required: true,
    span: 12,
    props: { min: 0.01, max: 1000, precision: 2, step: 0.5 },
  },
  { field: 'tags', label: '标签', span: 12, props: { maxLength: 500, placeholder: '多个用逗号分隔' } },
  {
    field: 'status',
    label: '状态',
    widget: 'switch',
    initialValue: '1',
    span: 12,
    props: { options: ['1', '0'], checkedChildren: '启用', unCheckedChildren: '停用' },
  },
  { field: 'preview', label: '考生视角', widget: 'quiz-preview', submit: false },
];

/** asks before saving a stem that the subject already has (the server's same-stem check); false = do not save */
async function confirmSameStem(body: Record<string, unknown>, id?: string): Promise<boolean> {
  try {
    const res = await checkStem({ subjectId: String(body.subjectId ?? ''), stem: String(body.stem ?? ''), id });
    const dups = res.success && res.result?.duplicate ? res.result.questions : [];
    if (!dups.length) return true;
    return await new Promise<boolean>((resolve) =>
      feedback.modal.confirm({
        title: '题干重复',
        content: `该分类下已有 ${dups.length} 道题干相同的题目${dups[0]?.stemText ? `（如「${dups[0].stemText.slice(0, 40)}」）` : ''}，仍要保存吗?`,
        okText: '仍然保存',
        cancelText: '返回修改',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  } catch {
    return true;
  }
}

/** the questions' status switch (one or the selection), then a reload */
export function switchStatus(ids: string[], status: '0' | '1', ctx: ActionContext<QuizQuestion>) {
  if (!ids.length) return void feedback.message.warning('请选择一条记录！');
  void runCall(
    () => setQuestionStatus(ids, status),
    () => {
      ctx.list.clearSelection();
      ctx.reload();
    },
  );
}

/**
 * 题库管理 (component answer/QuestionList): query by subject (its sub-tree too), type, difficulty, status, stem keyword;
 * 新增 / 编辑 in a form that follows the type, 预览, 复制, 启用 / 停用 (one or the selection), 删除 (batch too), Excel
 * import (template, progress, error file) and export of the filtered list, Word import (view QuestionList).
 */
export const questionPage = definePage<QuizQuestion>({
  name: 'quiz-question',
  auth: 'question',
  urls: {
    list: QUESTION_URLS.list,
    add: QUESTION_URLS.add,
    edit: QUESTION_URLS.edit,
    delete: QUESTION_URLS.delete,
    deleteBatch: QUESTION_URLS.deleteBatch,
    exportXls: QUESTION_URLS.exportXls,
    importExcel: QUESTION_URLS.importExcel,
  },
  authCodes: { deleteBatch: 'question:delete' },
  exportName: '题库',
  scrollX: 1080,
  superQuery: false,
  queryVisible: 3,
  columns: [
    {
      field: 'stemText',
      title: '题干',
      align: 'left',
      ellipsis: true,
      minWidth: 280,
      render: (v, r, _i, ctx) => (
        <Typography.Link
          className="quiz-stem-link"
          title={String(v ?? '')}
          onClick={() => ctx?.handlers.preview?.(r, ctx)}
          data-testid="question-stem"
        >
          {String(v ?? '') || '（图片）'}
        </Typography.Link>
      ),
    },
    { field: 'type', title: '题型', type: 'dict', dictCode: 'question_type', width: 80 },
    { field: 'subjectName', title: '分类', ellipsis: true, width: 120 },
    { field: 'difficulty', title: '难度', type: 'dict', dictCode: 'question_difficulty', width: 80, sorter: true },
    { field: 'score', title: '分值', width: 80, sorter: true },
    {
      field: 'answer',
      title: '答案',
      width: 120,
      ellipsis: true,
      render: (v, r) => {
        const t = r.type === '5' ? '（参考答案）' : answerText(r.type, String(v ?? ''));
        return <span title={t}>{t}</span>;
      },
    },
    {
      field: 'status',
      title: '状态',
      width: 80,
      render: (v) => <Badge status={v === '1' ? 'success' : 'default'} text={v === '1' ? '启用' : '停用'} />,
    },
  ],
  query: [
    { field: 'subjectId', label: '题目分类', widget: 'quiz-subject' },
    { field: 'keyword', label: '题干关键词' },
    { field: 'type', label: '题型', widget: 'dict', props: { dictCode: 'question_type' } },
    { field: 'difficulty', label: '难度', widget: 'dict', props: { dictCode: 'question_difficulty' } },
    {
      field: 'status',
      label: '状态',
      widget: 'select',
      props: {
        options: [
          { value: '1', label: '启用' },
          { value: '0', label: '停用' },
        ],
      },
    },
  ],
  toolbar: [
    {
      key: 'template',
      label: '下载模板',
      icon: <DownloadOutlined />,
      auth: 'question:import',
      onClick: () => downloadTemplate().catch(() => undefined),
    },
    { key: 'word', label: 'Word 导入', icon: <FileWordOutlined />, auth: 'question:import', run: 'word' },
  ],
  batch: [
    {
      key: 'enable',
      label: '启用',
      icon: <CheckCircleOutlined />,
      auth: 'question:edit',
      onClick: (ctx) => switchStatus(ctx.list.selectedRowKeys.map(String), '1', ctx),
    },
    {
      key: 'disable',
      label: '停用',
      icon: <StopOutlined />,
      auth: 'question:edit',
      onClick: (ctx) => switchStatus(ctx.list.selectedRowKeys.map(String), '0', ctx),
    },
  ],
  actionWidth: 160,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'preview', label: '预览', run: 'preview' },
    {
      key: 'copy',
      label: '复制',
      auth: 'question:add',
      more: true,
      onClick: (r, ctx) => void runCall(() => copyQuestion(r.id), ctx.reload),
    },
    {
      key: 'disable',
      label: '停用',
      auth: 'question:edit',
      more: true,
      show: (r) => r.status === '1',
      onClick: (r, ctx) => switchStatus([r.id], '0', ctx),
    },
    {
      key: 'enable',
      label: '启用',
      auth: 'question:edit',
      more: true,
      show: (r) => r.status !== '1',
      onClick: (r, ctx) => switchStatus([r.id], '1', ctx),
    },
    { key: 'delete', label: '删除', run: 'delete', more: true, danger: true },
  ],
  form: questionFields,
  editor: {
    width: 920,
    labelSpan: 4,
    wrapperSpan: 19,
    name: 'quiz-question',
    title: (mode) => (mode === 'add' ? '新增题目' : mode === 'edit' ? '编辑题目' : '题目详情'),
    load: async (r) => {
      const res = await queryQuestion(r.id);
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
    toForm: (r) => toFormValues(r) as Record<string, unknown>,
    toSave: (v, c) => toQuestionBody(v as QuestionFormValues, c.record?.id),
    onValuesChange: (changed, all, form) => {
      if (!('type' in changed)) return;
      const options = all.options as QuestionFormValues['options'];
      if (!options?.length) form.setFieldValue('options', newOptions());
      else if (changed.type === '1' && options.filter((o) => o.right).length > 1) {
        const first = options.findIndex((o) => o.right);
        form.setFieldValue(
          'options',
          options.map((o, i) => ({ ...o, right: i === first })),
        );
      }
    },
    save: async (body, c) => {
      if (!(await confirmSameStem(body, c.record?.id))) throw new Error('cancelled');
      return c.record ? editQuestion(body) : addQuestion(body);
    },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
});
