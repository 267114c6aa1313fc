import { Tag } from 'antd';
import { RESULT_URLS, type ResultRow } from '../../api/quiz-exam';
import { definePage } from '../../components/kit';

export const ATTEMPT_STATUS_TAGS: Readonly<Record<string, { color: string; text: string }>> = {
  '0': { color: 'blue', text: '答题中' },
  '1': { color: 'orange', text: '已交卷' },
  '2': { color: 'green', text: '已阅卷' },
};

/** seconds as 1小时5分 / 12分30秒 */
export function usedText(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return `${h}小时${m}分`;
  return `${m}分${s % 60}秒`;
}

/**
 * 成绩 of one exam (`/answer/result/list?examId=`, the exam as a fixed parameter): rank, score, pass, time used,
 * leave-page count; 答卷 opens the answer sheet; 导出 by `result:export`.
 */
export const resultPage = definePage<ResultRow>({
  name: 'quiz-result',
  urls: { list: RESULT_URLS.list, exportXls: RESULT_URLS.exportXls },
  auth: 'result',
  authCodes: { add: '', edit: '', delete: '', deleteBatch: '', import: '' },
  builtins: { add: false, batchDelete: false, import: false },
  selectable: false,
  rowNumber: false,
  exportName: '成绩',
  scrollX: 1400,
  columns: [
    { field: 'rank', title: '排名', width: 70, render: (v) => (v == null ? '—' : String(v)) },
    { field: 'candidateName', title: '姓名', width: 110 },
    { field: 'username', title: '账号', width: 110, render: (v, r) => String(v ?? r.candidateType ?? '') },
    { field: 'departName', title: '部门', width: 140, ellipsis: true },
    { field: 'attemptNo', title: '第几次', width: 70 },
    {
      field: 'status',
      title: '状态',
      width: 90,
      render: (v, r) => {
        const t = ATTEMPT_STATUS_TAGS[String(v)] ?? { color: 'default', text: String(v ?? '') };
        return <Tag color={t.color}>{r.status_dictText || t.text}</Tag>;
      },
    },
    {
      field: 'totalScore',
      title: '总分',
      width: 80,
      render: (v) => (v == null ? '—' : <b data-testid="result-score">{String(v)}</b>),
    },
    { field: 'objectiveScore', title: '客观题', width: 80, render: (v) => (v == null ? '—' : String(v)) },
    { field: 'subjectiveScore', title: '主观题', width: 80, render: (v) => (v == null ? '—' : String(v)) },
    {
      field: 'pass',
      title: '是否及格',
      width: 90,
      render: (v, r) =>
        r.pass_dictText === '待阅卷' || (r.status === '1' && v != null) ? (
          <Tag color="orange">待阅卷</Tag>
        ) : v == null ? (
          '—'
        ) : Number(v) === 1 ? (
          <Tag color="green">及格</Tag>
        ) : (
          <Tag color="red">不及格</Tag>
        ),
    },
    { field: 'startTime', title: '开始时间', type: 'datetime', width: 165 },
    { field: 'submitTime', title: '交卷时间', type: 'datetime', width: 165 },
    {
      field: 'usedSeconds',
      title: '用时',
      width: 100,
      render: (v, r) => r.usedText || usedText(v as number | null),
    },
    { field: 'switchCount', title: '离开页面', width: 90, render: (v) => `${v ?? 0} 次` },
  ],
  query: [
    { field: 'candidateName', label: '姓名', rule: 'like' },
    { field: 'status', label: '状态', widget: 'dict', props: { dictCode: 'quiz_attempt_status' } },
  ],
  superQuery: false,
  actionWidth: 90,
  rowActions: [{ key: 'sheet', label: '答卷', run: 'sheet', show: (r) => r.status !== '0' }],
});
