import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ls, STORAGE_KEYS } from '../utils/storage';
import { CallError, currentCandidate, startAttempt, userLogin } from './api';

// The answering page's own sign-in of a system user and the start call early-start.js sends before the app (issue 26).

const envelope = (result: unknown, success = true, message = '') =>
  new Response(JSON.stringify({ success, code: success ? 200 : 500, message, result, timestamp: 1 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const started = (attemptId: string) => ({
  attemptId,
  deadline: 0,
  now: 0,
  remainingMs: 60_000,
  questions: [{ id: 'q1', type: 1, stem: '<p>?</p>', score: '2' }],
  answers: [{ questionId: 'q1', answer: 'B' }],
});

let calls: { url: string; init: RequestInit }[];
let respond: (url: string) => Response;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.__examStart = undefined;
  calls = [];
  respond = () => envelope(started('by-app'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function signedIn(token = 'T1') {
  ls.set(STORAGE_KEYS.ACCESS_TOKEN, token);
}

function early(examId: string, response: Promise<Response | null>, token = 'T1') {
  window.__examStart = { examId, url: '/jeecg-boot/answer/candidate/start', token, response };
}

describe('startAttempt and the early start call', () => {
  it('takes the answer early-start.js asked for: no second call, the same shape as the app’s own call', async () => {
    signedIn();
    early('E1', Promise.resolve(envelope(started('early'))));
    const a = await startAttempt('E1');
    expect(calls).toHaveLength(0);
    expect(a.attemptId).toBe('early');
    expect(a.questions[0]).toMatchObject({ type: '1', score: 2 });
    expect(a.answers).toEqual({ q1: 'B' });
    // the slot is taken: a script arriving late sends nothing, a later start asks itself
    expect(window.__examStart).toBeNull();
    await startAttempt('E1');
    expect(calls).toHaveLength(1);
  });

  it('asks itself when the early call is for another exam, another token, or got no answer', async () => {
    signedIn();
    early('E2', Promise.resolve(envelope(started('early'))));
    expect((await startAttempt('E1')).attemptId).toBe('by-app');
    early('E1', Promise.resolve(envelope(started('early'))), 'OLD');
    expect((await startAttempt('E1')).attemptId).toBe('by-app');
    early('E1', Promise.resolve(null));
    expect((await startAttempt('E1')).attemptId).toBe('by-app');
    expect(calls.map((c) => JSON.parse(String(c.init.body)))).toEqual([
      { examId: 'E1' },
      { examId: 'E1' },
      { examId: 'E1' },
    ]);
    expect(new Headers(calls[0].init.headers).get('X-Access-Token')).toBe('T1');
  });

  it('an early refusal or expiry is the page’s error, as from its own call', async () => {
    signedIn();
    early('E1', Promise.resolve(envelope(null, false, '考试未开始')));
    await expect(startAttempt('E1')).rejects.toMatchObject({ message: '考试未开始', retryable: false });
    early('E1', Promise.resolve(new Response('{"message":"Token失效"}', { status: 401 })));
    const err = await startAttempt('E1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect(err).toMatchObject({ expired: true });
    expect(calls).toHaveLength(0);
  });

  it('an early call without an answer in time: the page asks itself after the usual 9 s', async () => {
    vi.useFakeTimers();
    signedIn();
    early('E1', new Promise<Response | null>(() => {}));
    const pending = startAttempt('E1');
    await vi.advanceTimersByTimeAsync(9000);
    expect((await pending).attemptId).toBe('by-app');
  });
});

describe('userLogin (a system user on the answering page)', () => {
  const login = (extra: Record<string, unknown> = {}) => ({
    token: 'NEW',
    userInfo: { username: 'jeecg', realname: '神经', relTenantIds: '' },
    departs: [],
    multi_depart: 1,
    sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
    ...extra,
  });

  it('keeps the session as the console does and drops an outside person’s sign-in on the device', async () => {
    localStorage.setItem('answer:exam-candidate', JSON.stringify({ value: { token: 'R', name: '外' }, expire: null }));
    ls.set(STORAGE_KEYS.TENANT_ID, 9);
    respond = () => envelope(login({ tenantList: [{ id: 3, name: '甲' }] }));
    expect(await userLogin('jeecg', '123456', 'ABCD', 42)).toBeNull();
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      username: 'jeecg',
      password: '123456',
      captcha: 'ABCD',
      checkKey: 42,
    });
    expect(new Headers(calls[0].init.headers).get('X-Access-Token')).toBeNull();
    expect(ls.get(STORAGE_KEYS.ACCESS_TOKEN)).toBe('NEW');
    expect(ls.get(STORAGE_KEYS.USER_NAME)).toBe('jeecg');
    expect(ls.get(STORAGE_KEYS.DICT_CACHE)).toEqual({ sex: [{ value: '1', text: '男' }] });
    expect(ls.get(STORAGE_KEYS.TENANT_ID)).toBe(3);
    expect(currentCandidate()).toEqual({ token: 'NEW', kind: 'user', name: '神经' });
  });

  it('several tenants: answers them to choose from, no tenant kept yet', async () => {
    respond = () =>
      envelope(
        login({
          tenantList: [
            { id: 1, name: '甲' },
            { id: 2, name: '乙' },
          ],
        }),
      );
    expect(await userLogin('jeecg', '123456', 'ABCD', 1)).toEqual([
      { id: 1, name: '甲' },
      { id: 2, name: '乙' },
    ]);
    expect(ls.get(STORAGE_KEYS.TENANT_ID)).toBeNull();
  });

  it('a refused sign-in keeps nothing and says why', async () => {
    signedIn('OLD');
    respond = () => envelope(null, false, '验证码错误');
    await expect(userLogin('jeecg', '123456', 'x', 1)).rejects.toMatchObject({ message: '验证码错误' });
    expect(ls.get(STORAGE_KEYS.ACCESS_TOKEN)).toBe('OLD');
  });
});
