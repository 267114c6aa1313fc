import { describe, expect, it } from 'vitest';
import { type PendingStore, SaveQueue, type SendOutcome, type Timers } from './save-queue';

/** manual timers: `run()` fires what is due */
function fakeTimers() {
  let seq = 0;
  const due = new Map<number, { fn: () => void; ms: number }>();
  const timers: Timers = {
    set: (fn, ms) => {
      due.set(++seq, { fn, ms });
      return seq;
    },
    clear: (h) => {
      due.delete(h as number);
    },
  };
  return {
    timers,
    delays: () => [...due.values()].map((d) => d.ms),
    run: () => {
      const list = [...due.entries()];
      due.clear();
      for (const [, d] of list) d.fn();
    },
  };
}

/** a server whose answers the test decides, call by call */
function fakeServer() {
  const calls: { qid: string; value: string; answer(o: SendOutcome): Promise<void> }[] = [];
  const send = (qid: string, value: string) =>
    new Promise<SendOutcome>((resolve) => {
      calls.push({
        qid,
        value,
        answer: async (o) => {
          resolve(o);
          await new Promise((r) => setTimeout(r, 0));
        },
      });
    });
  return { calls, send };
}

const ok: SendOutcome = { kind: 'ok' };
const noAnswer: SendOutcome = { kind: 'retry', message: '网络异常，请检查网络连接后重试' };

describe('save queue', () => {
  it('sends a change at once and reports it saved once acknowledged', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ send: server.send });
    q.set('q1', 'B');
    expect(server.calls.map((c) => [c.qid, c.value])).toEqual([['q1', 'B']]);
    expect(q.snapshot()).toMatchObject({ unsaved: 1, status: { q1: 'saving' } });
    await server.calls[0].answer(ok);
    expect(q.snapshot()).toMatchObject({ unsaved: 0, retrying: false, status: { q1: 'saved' } });
  });

  it('keeps one request per question in flight and sends the last value after it (the last write wins)', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ send: server.send });
    q.set('q1', 'A');
    q.set('q1', 'A,B');
    q.set('q1', 'A,C');
    q.set('q2', '1');
    expect(server.calls.map((c) => c.value)).toEqual(['A', '1']);
    await server.calls[0].answer(ok);
    // the intermediate 'A,B' is never sent
    expect(server.calls.map((c) => c.value)).toEqual(['A', '1', 'A,C']);
    expect(q.snapshot().status.q1).toBe('saving');
    await server.calls[2].answer(ok);
    await server.calls[1].answer(ok);
    expect(q.snapshot()).toMatchObject({ unsaved: 0, status: { q1: 'saved', q2: 'saved' } });
  });

  it('retries a save that got no answer with growing delays, and at once when the network is back', async () => {
    const server = fakeServer();
    const t = fakeTimers();
    const q = new SaveQueue({ send: server.send, timers: t.timers, retryDelays: [1000, 5000] });
    q.set('q1', 'B');
    await server.calls[0].answer(noAnswer);
    expect(q.snapshot()).toMatchObject({ unsaved: 1, retrying: true, status: { q1: 'retrying' } });
    expect(t.delays()).toEqual([1000]);
    t.run();
    expect(server.calls).toHaveLength(2);
    await server.calls[1].answer(noAnswer);
    expect(t.delays()).toEqual([5000]);
    // a change while the retry waits goes with the retry
    q.set('q1', 'C');
    expect(server.calls).toHaveLength(2);
    q.retryNow();
    expect(t.delays()).toEqual([]);
    expect(server.calls.map((c) => c.value)).toEqual(['B', 'B', 'C']);
    await server.calls[2].answer(ok);
    expect(q.snapshot()).toMatchObject({ unsaved: 0, retrying: false });
  });

  it('treats a thrown send as no answer', async () => {
    const t = fakeTimers();
    let n = 0;
    const q = new SaveQueue({
      send: () => {
        n++;
        return n === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(ok);
      },
      timers: t.timers,
    });
    q.set('q1', 'A');
    await new Promise((r) => setTimeout(r, 0));
    expect(q.snapshot().retrying).toBe(true);
    t.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(q.snapshot()).toMatchObject({ unsaved: 0, status: { q1: 'saved' } });
  });

  it('stops sending a question the server refused (time is up) and shows its message', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ send: server.send });
    q.set('q1', 'A');
    await server.calls[0].answer({ kind: 'refused', message: '答题时间已结束，答案未保存' });
    expect(q.snapshot()).toMatchObject({ unsaved: 0, error: '答题时间已结束，答案未保存', status: { q1: 'refused' } });
    q.set('q1', 'B');
    expect(server.calls).toHaveLength(1);
  });

  it('on an expired sign-in stops everything and keeps the change unsaved', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ send: server.send });
    q.set('q1', 'A');
    await server.calls[0].answer({ kind: 'expired', message: '登录已过期，请重新登录' });
    expect(q.snapshot()).toMatchObject({ expired: true, unsaved: 1 });
    await expect(q.flush()).resolves.toBe(false);
    q.set('q2', 'B');
    expect(server.calls).toHaveLength(1);
  });

  it('flush resolves once everything is acknowledged', async () => {
    const server = fakeServer();
    const q = new SaveQueue({ send: server.send });
    await expect(q.flush()).resolves.toBe(true);
    q.set('q1', 'A');
    let done: boolean | null = null;
    void q.flush().then((v) => {
      done = v;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBeNull();
    await server.calls[0].answer(ok);
    expect(done).toBe(true);
  });

  it('keeps unacknowledged answers in storage and sends them again after a reload', async () => {
    let kept: Record<string, string> = {};
    const store: PendingStore = { load: () => ({ ...kept }), save: (p) => (kept = { ...p }) };
    const first = fakeServer();
    const q1 = new SaveQueue({ send: first.send, store, timers: fakeTimers().timers });
    q1.set('q1', 'A');
    q1.set('q2', '["北京"]');
    await first.calls[1].answer(ok);
    await first.calls[0].answer(noAnswer);
    expect(kept).toEqual({ q1: 'A' });
    q1.stop();
    // the page is reloaded
    const second = fakeServer();
    const q2 = new SaveQueue({ send: second.send, store });
    expect(q2.restore()).toEqual({ q1: 'A' });
    expect(second.calls.map((c) => [c.qid, c.value])).toEqual([['q1', 'A']]);
    await second.calls[0].answer(ok);
    expect(kept).toEqual({});
  });
});
