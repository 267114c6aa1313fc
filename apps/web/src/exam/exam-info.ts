import type { CandidateExam, MyAttempt } from './api';

/** what the candidate can do with an exam now, from the server's status and their attempts */
export type ExamAction =
  | { kind: 'continue'; attempt: MyAttempt }
  | { kind: 'start' }
  | { kind: 'result'; attempt: MyAttempt }
  | { kind: 'none'; reason: string };

export function attemptsOf(exam: CandidateExam): MyAttempt[] {
  return exam.myAttempts ?? [];
}

export const attemptIdOf = (a: MyAttempt) => a.attemptId ?? a.id ?? '';

/** status (dictionary quiz_exam_status): 1 已发布 (not started yet), 2 进行中, 3 已结束 */
export function examStatusText(exam: CandidateExam): string {
  if (exam.status_dictText) return exam.status_dictText;
  return { '0': '未发布', '1': '未开始', '2': '进行中', '3': '已结束' }[String(exam.status ?? '')] ?? '';
}

export function isRunning(exam: CandidateExam): boolean {
  return String(exam.status ?? '2') === '2';
}

export function examAction(exam: CandidateExam): ExamAction {
  const attempts = attemptsOf(exam);
  const open = attempts.find((a) => String(a.status) === '0');
  if (open && exam.canStart !== false) return { kind: 'continue', attempt: open };
  const done = attempts.filter((a) => String(a.status) !== '0');
  const startable = exam.canStart ?? (isRunning(exam) && done.length < (exam.attempts || 1));
  if (startable) return { kind: 'start' };
  if (exam.reason) return { kind: 'none', reason: exam.reason };
  if (String(exam.status) === '1') return { kind: 'none', reason: '考试尚未开始' };
  if (done.length >= (exam.attempts || 1)) return { kind: 'none', reason: '答题次数已用完' };
  return { kind: 'none', reason: '考试已结束' };
}

/** `showResult`: 0 never, 1 right after submitting, 2 once results are published */
export function showResultText(v: number | string | undefined): string {
  switch (String(v ?? '')) {
    case '0':
      return '不公布成绩';
    case '1':
      return '交卷后立即显示成绩';
    case '2':
      return '成绩公布后可查看';
    default:
      return '';
  }
}

export const attemptStatusText = (s: string | undefined) =>
  ({ '0': '答题中', '1': '已交卷', '2': '已阅卷' })[String(s ?? '')] ?? '';
