import { type LoginResult, REQUEST_TIMEOUT_MS, type Result, SESSION_CACHE_MS } from '@answer/contract';
import { apiUrl, HttpError, http } from '../api/http';
import { ls, SESSION_KEYS, STORAGE_KEYS, ss } from '../utils/storage';
import type { SendOutcome } from './save-queue';

/**
 * The candidate calls of the quiz contract (§2), the only API the answering page talks to (and the console's sign-in
 * call). A candidate is either a system user (the console's session: signed in on this page's own form or on the
 * console) or an outside person of a reservation (the token of `/answer/candidate/login`, kept here under its own
 * key). Errors are the page's to show: every call is silent for
 * the console's global feedback, and an expired sign-in goes back to the page's own sign-in instead of the console's.
 */

export const CANDIDATE_URLS = {
  /** a system user's sign-in (the console's, with its captcha) */
  userLogin: '/sys/login',
  captcha: '/sys/randomImage',
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
    return unwrap(method === 'get' ? await http.get<T>(url, data, opts) : await http.post<T>(url, data, opts));
  } catch (err) {
    throw toCallError(err);
  }
}

/** an envelope's result, or its refusal as a CallError */
function unwrap<T>(res: Result<T>): T {
  if (!res.success) {
    if (String(res.message ?? '').includes('Token失效')) throw new CallError(EXPIRED_MESSAGE, false, true);
    throw new CallError(res.message || '操作失败', false);
  }
  return res.result;
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

/** the keys of the console's session (stores/session.ts): a sign-in here starts from none of another user's */
function clearConsoleSession(): void {
  for (const key of [
    STORAGE_KEYS.ACCESS_TOKEN,
    STORAGE_KEYS.USER_NAME,
    STORAGE_KEYS.USER_INFO,
    STORAGE_KEYS.TENANT_ID,
    STORAGE_KEYS.DICT_CACHE,
    STORAGE_KEYS.CACHE_INCLUDED_ROUTES,
  ]) {
    ls.remove(key);
  }
  ss.remove(SESSION_KEYS.USER_AUTH);
  ss.remove(SESSION_KEYS.SYS_BUTTON_AUTH);
}

export interface TenantChoice {
  id: number | string;
  name: string;
}

/**
 * A system user's sign-in on this page (`/sys/login`, the console's call with its captcha; issue 26: the console's
 * sign-in page would cost a candidate its whole bundle). The session is kept as the console keeps it (token, user,
 * dictionaries and tenant under the console's keys, 7 days), so the console opens signed in too. Answers the tenants
 * to choose from when the user has several (the console asks the same), else null. A department is not asked for:
 * taking part in an exam goes by the user's departments, not by the one selected.
 */
export async function userLogin(
  username: string,
  password: string,
  captcha: string,
  checkKey: number,
): Promise<TenantChoice[] | null> {
  const r = await call<LoginResult>(
    'post',
    CANDIDATE_URLS.userLogin,
    { username, password, captcha, checkKey, remember_me: true },
    '',
  );
  if (!r || typeof r.token !== 'string' || !r.userInfo) throw new CallError('登录失败', false);
  forgetCandidate();
  clearConsoleSession();
  ls.set(STORAGE_KEYS.ACCESS_TOKEN, r.token, SESSION_CACHE_MS);
  ls.set(STORAGE_KEYS.USER_NAME, r.userInfo.username, SESSION_CACHE_MS);
  ls.set(STORAGE_KEYS.USER_INFO, r.userInfo, SESSION_CACHE_MS);
  if (r.sysAllDictItems) ls.set(STORAGE_KEYS.DICT_CACHE, r.sysAllDictItems, SESSION_CACHE_MS);
  const tenants = r.tenantList ?? [];
  if (tenants.length > 1) return tenants.map((t) => ({ id: t.id, name: t.name }));
  const own = (r.userInfo.relTenantIds ?? '').split(',').filter(Boolean);
  const one = tenants.length === 1 ? tenants[0].id : own.length === 1 ? own[0] : null;
  if (one !== null) chooseTenant(one);
  return null;
}

/** the tenant a user with several works in (sent as the tenant-id header of every call) */
export function chooseTenant(id: number | string): void {
  ls.set(STORAGE_KEYS.TENANT_ID, id, SESSION_CACHE_MS);
}

/** the captcha image (a data URL) for a key chosen here; the same key goes with the sign-in as checkKey */
export const captchaImage = (key: number) =>
  call<string>('get', `${CANDIDATE_URLS.captcha}/${key}`, undefined, '').then((image) =>
    typeof image === 'string' && image.startsWith('data:image/') ? image : null,
  );

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

// ---- the start call early-start.js sent before this code arrived (issue 26) ----

/**
 * What early-start.js leaves for a page opened on `/exam/<id>/answer` with a signed-in candidate: the start
 * call, sent as soon as the HTML was read instead of after the app's code had arrived, run and rendered (one round
 * trip less before the first question: 0.6 s on a 3G phone). `null` once the app has looked, so a script that
 * arrives late sends nothing.
 */
interface EarlyStart {
  examId: string;
  url: string;
  token: string;
  /** null: no answer (the page asks again) */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __examStart?: EarlyStart | null;
  }
}

function takeEarlyStart(examId: string, token: string | undefined): Promise<Response | null> | null {
  const early = window.__examStart;
  window.__examStart = null;
  if (!early || early.examId !== examId || early.token !== token || early.url !== apiUrl(CANDIDATE_URLS.start)) {
    return null;
  }
  return early.response;
}

/**
 * The early answer as the http client hands one over: its envelope, or an HttpError for a status other than 2xx.
 * null when there was no usable answer (no connection, no answer in time, not an envelope): the page asks again the
 * usual way — starting is answered with the same open attempt however often it is asked.
 */
async function adoptEarly<T>(pending: Promise<Response | null>): Promise<Result<T> | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([pending.catch(() => null), late]);
    if (!res) return null;
    const text = await Promise.race([res.text().catch(() => null), late]);
    if (text === null) return null;
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    if (!res.ok) {
      const message =
        data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
          ? (data as { message: string }).message
          : res.statusText || String(res.status);
      throw new HttpError('http', res.status, message, data);
    }
    return data && typeof data === 'object' && 'success' in data ? (data as Result<T>) : null;
  } finally {
    clearTimeout(timer);
  }
}

export async function startAttempt(examId: string): Promise<StartedAttempt> {
  type Started = StartedAttempt & { answers: unknown; id?: string };
  const early = takeEarlyStart(examId, currentCandidate()?.token);
  let r: Started | undefined;
  if (early) {
    try {
      const res = await adoptEarly<Started>(early);
      if (res) r = unwrap(res);
    } catch (err) {
      throw toCallError(err);
    }
  }
  r ??= await call<Started>('post', CANDIDATE_URLS.start, { examId });
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
