import { Tag, Tooltip } from 'antd';
import { sessionOptions } from '../../api/answer';
import { http } from '../../api/http';
import { PAPER_URLS } from '../../api/quiz';
import { EXAM_URLS, type QuizExam, queryExam } from '../../api/quiz-exam';
import { definePage, type FormFieldSchema } from '../../components/kit';
import { after } from './session.data';
import './exam-overrides';

/** tag colours of the derived exam status (quiz_exam_status) */
export const EXAM_STATUS_TAGS: Readonly<Record<string, { color: string; text: string }>> = {
  '0': { color: 'default', text: '未发布' },
  '1': { color: 'blue', text: '已发布' },
  '2': { color: 'green', text: '进行中' },
  '3': { color: 'red', text: '已结束' },
};

export const SHOW_RESULT_OPTIONS = [
  { value: '0', label: '不显示' },
  { value: '1', label: '交卷后立即显示' },
  { value: '2', label: '公布成绩后显示' },
];

/** an exam that has attempts keeps its paper (the server refuses too: 该考试已有答题记录，不能更换试卷) */
export const paperLocked = (r: Partial<QuizExam> | null | undefined) => Number(r?.attemptCount ?? 0) > 0;
export const editableExam = (r: Pick<QuizExam, 'status'>) => r.status !== '3';
export const publishable = (r: Pick<QuizExam, 'status'>) => r.status === '0';
export const closable = (r: Pick<QuizExam, 'status'>) => r.status === '1' || r.status === '2';
/** results are published once the exam is over (every answer sheet submitted and graded: the server says which not) */
export const resultPublishable = (r: Pick<QuizExam, 'status' | 'submittedCount' | 'resultsPublished'>) =>
  r.status === '3' && Number(r.resultsPublished ?? 0) !== 1 && Number(r.submittedCount ?? 0) > 0;

/** papers to choose from (the bank's 试卷管理) */
async function paperOptions() {
  const res = await http.get<{ records: { id: string; name: string; totalScore?: number; duration?: number }[] }>(
    PAPER_URLS.list,
    { pageNo: 1, pageSize: 500, column: 'createTime', order: 'desc' },
  );
  return (res.result?.records ?? []).map((p) => ({
    value: p.id,
    label: `${p.name}${p.totalScore != null ? `（${p.totalScore} 分${p.duration ? `，${p.duration} 分钟` : ''}）` : ''}`,
  }));
}

/** every 答题场次 (its confirmed or checked-in reservations take part) */
async function sessionChoices() {
  const res = await sessionOptions(true);
  return (res.result ?? []).map((s) => ({ value: s.value, label: `${s.text}（${s.startTime}）` }));
}

export const examFields: FormFieldSchema<QuizExam>[] = [
  { field: 'name', label: '考试名称', required: true, props: { maxLength: 100 } },
  {
    field: 'paperId',
    label: '试卷',
    widget: 'async-select',
    required: true,
    props: { load: paperOptions, showSearch: { optionFilterProp: 'label' } },
    readOnly: (_v, ctx) => paperLocked(ctx.record),
    extra: (ctx) => (paperLocked(ctx.record) ? '该考试已有答题记录，不能更换试卷' : undefined),
  },
  { field: 'startTime', label: '开始时间', widget: 'datetime', required: true, span: 12 },
  {
    field: 'endTime',
    label: '结束时间',
    widget: 'datetime',
    required: true,
    span: 12,
    rules: [after('startTime', '结束时间必须晚于开始时间')],
  },
  {
    field: 'duration',
    label: '答题时长',
    widget: 'number',
    span: 12,
    props: { min: 1, max: 1440, precision: 0, addonAfter: '分钟', placeholder: '默认为试卷时长' },
  },
  {
    field: 'attempts',
    label: '答题次数',
    widget: 'number',
    span: 12,
    initialValue: 1,
    props: { min: 1, max: 100, precision: 0, addonAfter: '次' },
  },
  {
    field: 'userIds',
    label: '参加人员',
    widget: 'user',
    props: { store: 'id', multiple: true },
  },
  { field: 'departIds', label: '参加部门', widget: 'depart', props: { multiple: true } },
  {
    field: 'sessionId',
    label: '答题场次',
    widget: 'async-select',
    props: { load: sessionChoices, showSearch: { optionFilterProp: 'label' } },
    extra: '场次中已确认或已签到的预约考生可参加；人员、部门、场次至少选一项',
  },
  {
    field: 'shuffleQuestions',
    label: '题目乱序',
    widget: 'switch',
    span: 12,
    initialValue: 0,
    props: { options: [1, 0] },
  },
  {
    field: 'shuffleOptions',
    label: '选项乱序',
    widget: 'switch',
    span: 12,
    initialValue: 0,
    props: { options: [1, 0] },
  },
  {
    field: 'drawPerCandidate',
    label: '每人单独抽题',
    widget: 'switch',
    span: 12,
    initialValue: 0,
    props: { options: [1, 0] },
    extra: '随机抽题的大题为每位考生单独抽取',
  },
  {
    field: 'partialScore',
    label: '多选少选得分',
    widget: 'number',
    span: 12,
    initialValue: 0,
    props: { min: 0, max: 1, step: 0.1, precision: 2 },
    extra: '少选且无错选时得分 = 分值 × 比例，0 为不得分',
  },
  {
    field: 'showResult',
    label: '成绩显示',
    widget: 'radio',
    initialValue: '2',
    props: { options: SHOW_RESULT_OPTIONS },
  },
  {
    field: 'maxSwitches',
    label: '离开页面上限',
    widget: 'number',
    span: 12,
    initialValue: 0,
    props: { min: 0, max: 100, precision: 0, addonAfter: '次' },
    extra: '超过即自动交卷，0 为不限制',
  },
  {
    field: 'instructions',
    label: '考试须知',
    widget: 'textarea',
    props: { rows: 3, maxLength: 5000, showCount: true, placeholder: '显示在考生开始答题之前' },
  },
  { field: 'overrides', label: '个人设置', widget: 'exam-overrides', initialValue: [] },
];

/**
 * 考试管理 (component answer/ExamList): an exam is a paper given to people in a window; publish / close / publish
 * results by their permissions; 成绩 and 阅卷 open those pages on the exam. Status is derived by the server.
 */
export const examPage = definePage<QuizExam>({
  name: 'quiz-exam',
  urls: { list: EXAM_URLS.list, add: EXAM_URLS.add, edit: EXAM_URLS.edit, delete: EXAM_URLS.delete },
  auth: 'exam',
  authCodes: { deleteBatch: '', import: '', export: '' },
  builtins: { batchDelete: false },
  selectable: false,
  scrollX: 1080,
  columns: [
    { field: 'name', title: '考试名称', sorter: true, ellipsis: true, minWidth: 180, align: 'left' },
    { field: 'paperName', title: '试卷', ellipsis: true, width: 140 },
    {
      field: 'startTime',
      title: '考试时间',
      sorter: true,
      width: 170,
      render: (_v, r) => (
        <span style={{ whiteSpace: 'nowrap', lineHeight: 1.4 }}>
          {r.startTime}
          <br />至 {r.endTime}
        </span>
      ),
    },
    { field: 'duration', title: '时长', width: 80, render: (v) => `${v ?? ''} 分钟` },
    {
      field: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => {
        const tag = EXAM_STATUS_TAGS[String(v)] ?? { color: 'default', text: String(v ?? '') };
        return (
          <span data-testid="exam-status">
            <Tag color={tag.color}>{r.status_dictText || tag.text}</Tag>
          </span>
        );
      },
    },
    {
      field: 'submittedCount',
      title: '已交 / 已考',
      width: 100,
      render: (_v, r) => (
        <Tooltip title="已交卷人次 / 开始答题人次">
          <span>
            {r.submittedCount ?? 0} / {r.attemptCount ?? 0}
          </span>
        </Tooltip>
      ),
    },
    {
      field: 'resultsPublished',
      title: '成绩公布',
      width: 90,
      render: (v) => (Number(v) === 1 ? <Tag color="green">已公布</Tag> : <Tag>未公布</Tag>),
    },
  ],
  query: [
    { field: 'name', label: '考试名称', rule: 'like' },
    { field: 'status', label: '状态', widget: 'dict-multi', props: { dictCode: 'quiz_exam_status' } },
  ],
  superQuery: false,
  actionWidth: 220,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit', show: editableExam },
    {
      key: 'publish',
      label: '发布',
      auth: 'exam:publish',
      run: 'publish',
      show: publishable,
      confirm: '发布后考生可在考试时间内答题，确定发布吗？',
    },
    { key: 'results', label: '成绩', run: 'results', show: (r) => r.status !== '0' },
    { key: 'detail', label: '详情', run: 'detail', more: true },
    { key: 'grading', label: '阅卷', run: 'grading', more: true, show: (r) => Number(r.submittedCount ?? 0) > 0 },
    {
      key: 'close',
      label: '结束考试',
      auth: 'exam:close',
      run: 'close',
      more: true,
      show: closable,
      confirm: '结束后未交的答卷将自动交卷，确定结束考试吗？',
    },
    {
      key: 'publishResult',
      label: '公布成绩',
      auth: 'exam:publishResult',
      run: 'publishResult',
      more: true,
      show: resultPublishable,
      confirm: '公布后考生可查看成绩并收到通知，确定公布吗？',
    },
    { key: 'delete', label: '删除', run: 'delete', more: true, show: (r) => !Number(r.attemptCount ?? 0) },
  ],
  form: examFields,
  editor: {
    width: 1000,
    title: (mode) => (mode === 'add' ? '新增考试' : mode === 'edit' ? '编辑考试' : '考试详情'),
    load: async (record) => {
      const res = await queryExam(record.id);
      return res.success && res.result ? res.result : record;
    },
    toSave: (v, c) => {
      const out: Record<string, unknown> = c.record ? { id: c.record.id } : {};
      for (const f of examFields) {
        const x = v[f.field];
        out[f.field] = typeof x === 'string' ? x.trim() : (x ?? null);
      }
      // an exam with attempts keeps its paper: the field is not sent
      if (c.record && paperLocked(c.record)) delete out.paperId;
      out.overrides = ((v.overrides as Record<string, unknown>[] | null) ?? []).map((o) => ({
        userId: o.userId || null,
        reservationId: o.reservationId || null,
        extraMinutes: o.extraMinutes ?? 0,
        startTime: o.startTime || null,
        endTime: o.endTime || null,
        remark: typeof o.remark === 'string' ? o.remark.trim() || null : null,
      }));
      return out;
    },
  },
  defaultSort: { column: 'startTime', order: 'desc' },
});
