/**
 * The exam rules that need no database (quiz contract §1–§2): the derived status, a candidate's window and deadline,
 * the result visibility, the messages.
 */

export const EXAM_PAGE = 'answer/ExamList';
export const GRADING_PAGE = 'answer/GradingList';
export const RESULT_PAGE = 'answer/ResultList';

/** quiz_exam_status */
export const EXAM_STATUS = { draft: '0', published: '1', running: '2', ended: '3' } as const;
export const EXAM_STATUS_TEXT: Readonly<Record<string, string>> = {
  '0': '未发布',
  '1': '已发布',
  '2': '进行中',
  '3': '已结束',
};

/** quiz_attempt_status */
export const ATTEMPT_STATUS = { open: '0', submitted: '1', graded: '2' } as const;
export const ATTEMPT_STATUS_TEXT: Readonly<Record<string, string>> = { '0': '答题中', '1': '已交卷', '2': '已阅卷' };

export const SHOW_RESULT = { never: '0', afterSubmit: '1', afterPublish: '2' } as const;

export const MSG = {
  examNotFound: '未找到对应的考试',
  attemptNotFound: '未找到对应的答题记录',
  notOpen: '该考试当前不对您开放',
  notStarted: '考试尚未开始',
  ended: '考试已结束',
  timeUp: '答题时间已结束，答案未保存',
  submitted: '答卷已提交，不能再修改',
  noMoreAttempts: (n: number) => `已达到本考试允许的答题次数（${n} 次）`,
  questionNotInAttempt: '该题目不属于本次答题',
  hasAttempts: '该考试已有答题记录，不能更换试卷',
  deleteWithAttempts: '该考试已有答题记录，不能删除',
  badLogin: '预约编号或身份证号不正确',
  resultHidden: '成绩尚未公布',
} as const;

export interface ExamTimes {
  published: number;
  closed: number;
  startTime: Date;
  endTime: Date;
}

/** 未发布 / 已发布 / 进行中 / 已结束 from the flags and the times (closed = ended whatever the times say) */
export function examStatus(e: ExamTimes, now: Date = new Date()): string {
  if (e.published !== 1) return EXAM_STATUS.draft;
  if (e.closed === 1 || now > e.endTime) return EXAM_STATUS.ended;
  if (now < e.startTime) return EXAM_STATUS.published;
  return EXAM_STATUS.running;
}

export interface Override {
  extraMinutes: number;
  startTime: Date | null;
  endTime: Date | null;
}

/** the window a candidate may start in and the minutes they get (their override applied) */
export function windowOf(
  e: { startTime: Date; endTime: Date; duration: number },
  o?: Override | null,
): { start: Date; end: Date; minutes: number } {
  return {
    start: o?.startTime ?? e.startTime,
    end: o?.endTime ?? e.endTime,
    minutes: e.duration + Math.max(0, o?.extraMinutes ?? 0),
  };
}

/**
 * deadline = min(window end, start + minutes) — an override's extra minutes lengthen the window's end by as much,
 * so extra time is not eaten by the window.
 */
export function deadlineOf(
  startedAt: Date,
  e: { startTime: Date; endTime: Date; duration: number },
  o?: Override | null,
): Date {
  const w = windowOf(e, o);
  const end = o?.endTime ? w.end.getTime() : w.end.getTime() + Math.max(0, o?.extraMinutes ?? 0) * 60_000;
  return new Date(Math.min(end, startedAt.getTime() + w.minutes * 60_000));
}

/** whether the candidate may see their score and the answer sheet of a finished attempt */
export function resultVisible(
  exam: { showResult: string; resultsPublished: number },
  attempt: { status: string },
): boolean {
  if (attempt.status === ATTEMPT_STATUS.open) return false;
  if (exam.showResult === SHOW_RESULT.afterSubmit) return true;
  if (exam.showResult === SHOW_RESULT.afterPublish) return exam.resultsPublished === 1;
  return false;
}

/** ids of a comma list ("1,2, 3,") */
export function idsOf(list: string | null | undefined): string[] {
  return [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Fisher–Yates with an injectable [0, 1) generator */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** seconds as 1小时05分03秒 / 12分08秒 / 45秒 */
export function durationText(seconds: number | null): string {
  if (seconds == null || seconds < 0) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const p = (n: number) => String(n).padStart(2, '0');
  if (h) return `${h}小时${p(m)}分${p(s)}秒`;
  if (m) return `${m}分${p(s)}秒`;
  return `${s}秒`;
}
