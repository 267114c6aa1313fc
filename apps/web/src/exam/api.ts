import { HttpError, http } from '../api/http';
import { ls, STORAGE_KEYS } from '../utils/storage';
import type { SendOutcome } from './save-queue';

/**
 * The candidate calls of the quiz contract (§2), the only API the answering page talks to. A candidate is either
 * a system user (the console's token, signed in as usual) or an outside person of a reservation (the token of
 * `/answer/candidate/login`, kept here under its own key). Errors are the page's to show: every call is silent for
 * the console's global feedback, and an expired sign-in goes back to the page's own sign-in instead of the console's.
 */

export const CANDIDATE_URLS = {
  login: '/answer/candidate/login',
  exams: '/answer/candidate/exams',
  start: '/answer/candidate/start',
  save: '/answer/candidate/save',
  switch: '/answer/candidate/switch',
  submit: '/answer/candidate/submit',
  result: '/answer/candidate/result',
} as const;

export const EXPIRED_MESSAGE = '登录已过期，请重新登录';
const CANDIDATE_KEY = 'answer:exam-candidate';
/** an outside person's sign-in is kept for a day at most on this device (the server decides its real life) */
const CANDIDATE_TTL_MS = 24 * 3600_000;

export interface Candidate {
  token: string;
  kind: 'outside' | 'user';
  name: string;
}

interface StoredCandidate {
  token: string;
  name: string;
}

/** the signed-in candidate: an outside person who signed in here, else the console's signed-in user, else null */
export function currentCandidate(): Candidate | null {
  const outside = ls.get<StoredCandidate>(CANDIDATE_KEY);
  if (outside?.token) return { token: outside.token, kind: 'outside', name: outside.name };
  const token = ls.get<string>(STORAGE_KEYS.ACCESS_TOKEN);
  if (!token) return null;
  const info = ls.get<{ realname?: string; username?: string }>(STORAGE_KEYS.USER_INFO);
  return { token, kind: 'user', name: info?.realname || info?.username || '' };
}

export function forgetCandidate(): void {
  ls.remove(CANDIDATE_KEY);
}

/** a refused or failed call: the server's message (or the page's words for no answer) */
export class CallError extends Error {
  /** no answer / a fault: the same call may succeed later */
  readonly retryable: boolean;
  readonly expired: boolean;
  constructor(message: string, retryable: boolean, expired = false) {
    super(message);
    this.name = 'CallError';
    this.retryable = retryable;
    this.expired = expired;
  }
}

const NO_ANSWER = '网络异常，请检查网络连接后重试';

function toCallError(err: unknown): CallError {
  if (err instanceof CallError) return err;
  if (err instanceof HttpError) {
    if (err.status === 401) return new CallError(EXPIRED_MESSAGE, false, true);
    if (err.kind === 'network' || err.kind === 'timeout') return new CallError(NO_ANSWER, true);
    if (err.status >= 500 || err.status === 429 || err.status === 408)
      return new CallError(err.message || NO_ANSWER, true);
    return new CallError(err.message || '请求失败', false);
  }
  return new CallError(NO_ANSWER, true);
}

async function call<T>(
  method: 'get' | 'post',
  url: string,
  data?: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const who = token ?? currentCandidate()?.token ?? null;
  const opts = { token: who, silent: true, ignoreExpiry: true, signed: false };
  try {
    const res = method === 'get' ? await http.get<T>(url, data, opts) : await http.post<T>(url, data, opts);
    if (!res.success) {
      if (String(res.message ?? '').includes('Token失效')) throw new CallError(EXPIRED_MESSAGE, false, true);
      throw new CallError(res.message || '操作失败', false);
    }
    return res.result;
  } catch (err) {
    throw toCallError(err);
  }
}

// ---- wire shapes (contract §2; optional fields are what the page shows when the server sends them) ----

export type QuestionType = '1' | '2' | '3' | '4' | '5';

export interface CandidateQuestion {
  id: string;
  type: QuestionType;
  stem: string;
  options?: { key: string; content: string }[] | null;
  score: number;
  /** blanks of a 填空 question */
  blanks?: number | null;
  /** index of its section (大题) in the attempt's `sections` */
  section?: number | null;
}

export interface AttemptSection {
  title: string;
  type?: string;
  score?: number;
  count?: number;
}

export interface MyAttempt {
  id?: string;
  attemptId?: string;
  status: string;
  startTime?: string | null;
  submitTime?: string | null;
  deadline?: string | null;
  totalScore?: number | null;
  score?: number | null;
  pass?: boolean | number | string | null;
  visible?: boolean;
  status_dictText?: string;
}

export interface CandidateExam {
  id: string;
  name: string;
  startTime: string;
  endTime: string;
  duration: number;
  attempts: number;
  status?: string;
  status_dictText?: string;
  showResult?: number | string;
  maxSwitches?: number;
  paperName?: string | null;
  totalScore?: number | null;
  passScore?: number | null;
  questionCount?: number | null;
  instructions?: string | null;
  /** the server's word on starting / continuing now, and why not */
  canStart?: boolean;
  reason?: string | null;
  openAttemptId?: string | null;
  /** my attempts of this exam, oldest first */
  myAttempts?: MyAttempt[] | null;
}

export interface StartedAttempt {
  attemptId: string;
  deadline: string | number;
  now: string | number;
  /** the server's deadline − now in ms (preferred to the two second-precision times) */
  remainingMs?: number;
  questions: CandidateQuestion[];
  sections?: AttemptSection[];
  /** questionId → answer */
  answers: Record<string, string>;
  switchCount?: number;
  maxSwitches?: number;
  examName?: string;
}

export interface ResultQuestion extends CandidateQuestion {
  myAnswer?: string | null;
  rightAnswer?: string | null;
  analysis?: string | null;
  myScore?: number | null;
  comment?: string | null;
}

export interface AttemptResult {
  attemptId?: string;
  examName?: string;
  status: string;
  status_dictText?: string;
  submitTime?: string | null;
  switchCount?: number;
  /** whether the exam's showResult lets me see the score now */
  visible?: boolean;
  /** why the score is not shown */
  message?: string | null;
  totalScore?: number | null;
  objectiveScore?: number | null;
  subjectiveScore?: number | null;
  /** null until every 简答 answer is graded */
  pass?: boolean | null;
  passScore?: number | null;
  fullScore?: number | null;
  /** 已交卷 with 简答 answers waiting: the total is not final */
  pending?: boolean;
  sections?: AttemptSection[];
  questions?: ResultQuestion[];
}

export interface SwitchAnswer {
  switchCount: number;
  maxSwitches?: number;
  submitted?: boolean;
  status?: string;
}

// ---- calls ----

export async function candidateLogin(reservationNo: string, idCard: string): Promise<Candidate> {
  const res = await call<{ token: string; name?: string; realname?: string; userInfo?: { realname?: string } }>(
    'post',
    CANDIDATE_URLS.login,
    { reservationNo, idCard },
    '',
  );
  const name = res.name || res.realname || res.userInfo?.realname || reservationNo;
  ls.set(CANDIDATE_KEY, { token: res.token, name } satisfies StoredCandidate, CANDIDATE_TTL_MS);
  return { token: res.token, kind: 'outside', name };
}

export const myExams = () =>
  call<CandidateExam[] | { records: CandidateExam[] }>('get', CANDIDATE_URLS.exams).then((r) =>
    Array.isArray(r) ? r : (r?.records ?? []),
  );

/** answers arrive as a map or as a list of {questionId, answer} */
function answerMap(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(raw)) {
    for (const a of raw as { questionId?: string; answer?: unknown }[]) {
      if (a?.questionId && a.answer != null) out[a.questionId] = String(a.answer);
    }
  } else if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (v != null) out[k] = String(v);
  }
  return out;
}

export async function startAttempt(examId: string): Promise<StartedAttempt> {
  const r = await call<StartedAttempt & { answers: unknown; id?: string }>('post', CANDIDATE_URLS.start, { examId });
  return {
    ...r,
    attemptId: r.attemptId ?? r.id ?? '',
    questions: (r.questions ?? []).map((q) => ({
      ...q,
      type: String(q.type) as QuestionType,
      score: Number(q.score),
    })),
    answers: answerMap(r.answers),
  };
}

/** one save, as the save queue wants to hear about it */
export async function saveAnswer(attemptId: string, questionId: string, answer: string): Promise<SendOutcome> {
  try {
    await call('post', CANDIDATE_URLS.save, { attemptId, questionId, answer });
    return { kind: 'ok' };
  } catch (err) {
    const e = toCallError(err);
    if (e.expired) return { kind: 'expired', message: e.message };
    if (e.retryable) return { kind: 'retry', message: e.message };
    return { kind: 'refused', message: e.message };
  }
}

export const reportSwitch = (attemptId: string) => call<SwitchAnswer>('post', CANDIDATE_URLS.switch, { attemptId });
export const submitAttempt = (attemptId: string) => call<AttemptResult>('post', CANDIDATE_URLS.submit, { attemptId });
export const attemptResult = (attemptId: string) => call<AttemptResult>('get', CANDIDATE_URLS.result, { attemptId });
