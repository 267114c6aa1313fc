import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAnswered } from '../answer-format';
import {
  CallError,
  type CandidateQuestion,
  forgetCandidate,
  reportSwitch,
  type StartedAttempt,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from '../api';
import { type AttemptClock, announcementBetween, formatClock, makeClock, secondsLeft, urgency } from '../countdown';
import { examPaths, useTitle } from '../paths';
import { AnswerQuestion } from '../QuestionView';
import { Link, useNavigate, useParams } from '../router';
import { type PendingStore, SaveQueue, type SaveSnapshot } from '../save-queue';

/** typing is saved after this pause (and at once when the field is left) */
const TYPE_PAUSE_MS = 800;
/** how long 交卷 waits for unsaved answers before asking anyway */
const FLUSH_WAIT_MS = 8000;

function localStore(key: string): PendingStore {
  return {
    load: () => {
      try {
        return JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
      } catch {
        return {};
      }
    },
    save: (pending) => {
      try {
        if (Object.keys(pending).length) localStorage.setItem(key, JSON.stringify(pending));
        else localStorage.removeItem(key);
      } catch {
        // storage full or blocked: the queue still retries while the page is open
      }
    },
  };
}

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not kept across reloads: harmless
  }
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'answering' }
  /** time is up or the leave-page limit was reached: no more answers, the attempt is being / was submitted */
  | { kind: 'over'; reason: string; attemptId: string };

/**
 * 答题: the questions one at a time with the 答题卡 (answered / marked / current), every change saved as it is made,
 * the countdown from the server's `deadline − now`, leaving the page reported, 交卷 with a confirmation counting the
 * unanswered questions. Reload, closing the tab or another device continue the same attempt (`start` answers it
 * again with its answers).
 */
export function AnswerPage() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState<StartedAttempt | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [marked, setMarked] = useState<Set<string>>(new Set());
  const [index, setIndex] = useState(0);
  const [save, setSave] = useState<SaveSnapshot | null>(null);
  const [clock, setClock] = useState<AttemptClock | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const [spoken, setSpoken] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [switches, setSwitches] = useState<{ count: number; max: number }>({ count: 0, max: 0 });
  const [cardOpen, setCardOpen] = useState(false);
  const [confirming, setConfirming] = useState<{ unanswered: number; unsaved: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const queueRef = useRef<SaveQueue | null>(null);
  const finishing = useRef(false);
  const typeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const typed = useRef(new Map<string, string>());
  const attemptId = attempt?.attemptId ?? '';
  const questions = attempt?.questions ?? [];
  const current: CandidateQuestion | undefined = questions[index];
  const over = phase.kind === 'over';
  useTitle(attempt?.examName ?? '答题');

  const toLogin = useCallback(() => {
    forgetCandidate();
    navigate(`${examPaths.login}?redirect=${encodeURIComponent(examPaths.answer(examId))}`, { replace: true });
  }, [examId, navigate]);

  // ---- start (or continue) the attempt ----
  useEffect(() => {
    let live = true;
    startAttempt(examId).then(
      (a) => {
        if (!live) return;
        const queue = new SaveQueue({
          send: (qid, value) => saveAnswer(a.attemptId, qid, value),
          onChange: setSave,
          store: localStore(`answer:exam-pending:${a.attemptId}`),
        });
        queueRef.current?.stop();
        queueRef.current = queue;
        // what this device changed and the server has not acknowledged goes on top of the server's answers
        const pending = queue.restore();
        setAnswers({ ...a.answers, ...pending });
        setMarked(new Set(readJson<string[]>(`answer:exam-marks:${a.attemptId}`, [])));
        const pos = readJson<number>(`answer:exam-pos:${a.attemptId}`, 0);
        setIndex(Math.min(Math.max(0, pos), Math.max(0, a.questions.length - 1)));
        setSwitches({ count: a.switchCount ?? 0, max: a.maxSwitches ?? 0 });
        setClock(
          a.remainingMs != null
            ? { deadlineMono: performance.now() + Math.max(0, a.remainingMs) }
            : makeClock(a.deadline, a.now, performance.now()),
        );
        setAttempt(a);
        setPhase({ kind: 'answering' });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof CallError && err.expired) return toLogin();
        setPhase({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [examId, toLogin]);

  useEffect(() => () => queueRef.current?.stop(), []);

  // an expired sign-in while saving: sign in again (what is unsaved stays in storage and is sent after)
  useEffect(() => {
    if (save?.expired) toLogin();
  }, [save?.expired, toLogin]);

  // ---- the network comes back: retry at once ----
  useEffect(() => {
    const online = () => queueRef.current?.retryNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  // ---- remember where the candidate is and what they marked ----
  useEffect(() => {
    if (attemptId) writeJson(`answer:exam-pos:${attemptId}`, index);
  }, [attemptId, index]);
  useEffect(() => {
    if (attemptId) writeJson(`answer:exam-marks:${attemptId}`, [...marked]);
  }, [attemptId, marked]);

  // ---- the attempt ends (time up, leave limit, submitted elsewhere) ----
  const finish = useCallback(
    async (reason: string) => {
      if (!attemptId || finishing.current) return;
      finishing.current = true;
      setPhase({ kind: 'over', reason, attemptId });
      // answers made before the deadline and still on their way may land; then nothing more is sent
      const queue = queueRef.current;
      await Promise.race([queue?.flush(), new Promise((r) => setTimeout(r, 3000))]);
      queue?.stop();
      try {
        await submitAttempt(attemptId);
      } catch {
        // already submitted (by the server's job, the limit or another device): the result page tells
      }
    },
    [attemptId],
  );

  // ---- countdown ----
  useEffect(() => {
    if (!clock || phase.kind !== 'answering') return;
    let prev = secondsLeft(clock, performance.now());
    setLeft(prev);
    setSpoken(announcementBetween(Number.POSITIVE_INFINITY, prev) ?? '');
    const tick = () => {
      const now = secondsLeft(clock, performance.now());
      const say = announcementBetween(prev, now);
      if (say) setSpoken(say);
      prev = now;
      setLeft(now);
      if (now <= 0) void finish('答题时间已到，系统已自动交卷');
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [clock, phase.kind, finish]);

  // ---- leaving the page is reported (once per leave: hidden and blur together count once) ----
  useEffect(() => {
    if (!attemptId || phase.kind !== 'answering') return;
    let away = false;
    const leave = () => {
      if (away) return;
      away = true;
      reportSwitch(attemptId).then(
        (r) => {
          setSwitches((s) => ({ count: r.switchCount ?? s.count + 1, max: r.maxSwitches ?? s.max }));
          if (r.submitted || (r.status && String(r.status) !== '0')) {
            void finish('离开页面次数已达上限，系统已自动交卷');
          }
        },
        (err: unknown) => {
          if (err instanceof CallError && !err.retryable && !err.expired) void finish(err.message);
        },
      );
    };
    const back = () => {
      if (!away || document.visibilityState === 'hidden') return;
      away = false;
      queueRef.current?.retryNow();
      setNotice('检测到你离开了答题页面，离开次数已被记录。');
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
    };
  }, [attemptId, phase.kind, finish]);

  // ---- answering ----
  const choose = useCallback(
    (qid: string, value: string) => {
      if (over) return;
      setAnswers((a) => ({ ...a, [qid]: value }));
      queueRef.current?.set(qid, value);
    },
    [over],
  );

  const commitTyped = useCallback((qid?: string) => {
    const ids = qid ? [qid] : [...typed.current.keys()];
    for (const id of ids) {
      const t = typeTimers.current.get(id);
      if (t) clearTimeout(t);
      typeTimers.current.delete(id);
      const v = typed.current.get(id);
      typed.current.delete(id);
      if (v !== undefined) queueRef.current?.set(id, v);
    }
  }, []);

  const type = useCallback(
    (qid: string, value: string) => {
      if (over) return;
      setAnswers((a) => ({ ...a, [qid]: value }));
      typed.current.set(qid, value);
      const t = typeTimers.current.get(qid);
      if (t) clearTimeout(t);
      typeTimers.current.set(
        qid,
        setTimeout(() => commitTyped(qid), TYPE_PAUSE_MS),
      );
    },
    [over, commitTyped],
  );

  const go = (i: number) => {
    commitTyped();
    setIndex(Math.max(0, Math.min(questions.length - 1, i)));
    setCardOpen(false);
    // the new question's legend is where a keyboard or screen reader user continues
    requestAnimationFrame(() => document.getElementById('exam-question-top')?.focus());
  };

  const toggleMark = () => {
    if (!current) return;
    setMarked((m) => {
      const next = new Set(m);
      if (next.has(current.id)) next.delete(current.id);
      else next.add(current.id);
      return next;
    });
  };

  const unanswered = useMemo(
    () => questions.filter((q) => !isAnswered(q.type, answers[q.id])).length,
    [questions, answers],
  );

  const askSubmit = async () => {
    commitTyped();
    setSubmitting(true);
    await Promise.race([queueRef.current?.flush(), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS))]);
    setSubmitting(false);
    setConfirming({ unanswered, unsaved: queueRef.current?.snapshot().unsaved ?? 0 });
  };

  const doSubmit = async () => {
    setSubmitting(true);
    try {
      queueRef.current?.stop();
      await submitAttempt(attemptId);
      navigate(examPaths.result(examId, attemptId), { replace: true });
    } catch (err) {
      if (err instanceof CallError && err.expired) return toLogin();
      setConfirming(null);
      setNotice(err instanceof Error ? err.message : String(err));
      setSubmitting(false);
    }
  };

  if (phase.kind === 'loading') return <p className="exam-muted">正在进入考试…</p>;
  if (phase.kind === 'error')
    return (
      <div className="exam-card">
        <h1 className="exam-page-title">无法开始答题</h1>
        <p className="exam-alert exam-alert-error" role="alert">
          {phase.message}
        </p>
        <Link className="exam-btn" to={examPaths.home}>
          返回考试列表
        </Link>
      </div>
    );

  const level = left == null ? 'normal' : urgency(left);
  const saveText = !save
    ? ''
    : save.error && !save.expired
      ? save.error
      : save.retrying
        ? `${save.unsaved} 题答案未保存，网络恢复后自动重试`
        : save.unsaved > 0
          ? '正在保存…'
          : '答案已自动保存';
  const saveLevel = save?.error ? 'error' : save?.retrying ? 'warning' : save && save.unsaved > 0 ? 'busy' : 'ok';

  return (
    <div className="exam-answer">
      <div className="exam-bar" data-testid="exam-bar">
        <div className={`exam-timer is-${level}`}>
          <span className="exam-timer-label">剩余</span>
          <span role="timer" aria-label={`剩余时间 ${formatClock(left ?? 0)}`} data-testid="exam-countdown">
            {formatClock(left ?? 0)}
          </span>
        </div>
        <div className={`exam-save is-${saveLevel}`} data-testid="exam-save-status">
          {saveText}
        </div>
        <button
          type="button"
          className="exam-btn exam-btn-small exam-card-toggle"
          aria-expanded={cardOpen}
          aria-controls="exam-answer-card"
          onClick={() => setCardOpen((o) => !o)}
        >
          答题卡 {questions.length - unanswered}/{questions.length}
        </button>
      </div>
      {/* what a screen reader hears: the remaining time at sensible marks, and save problems */}
      <div className="exam-sr" role="status" aria-live="polite" data-testid="exam-time-announcer">
        {spoken}
      </div>
      <div className="exam-sr" aria-live="polite">
        {save?.retrying || save?.error ? saveText : ''}
      </div>
      {over ? (
        <div className="exam-alert exam-alert-warning" role="alert" data-testid="exam-over">
          <p>{phase.reason}</p>
          <Link className="exam-btn exam-btn-primary" to={examPaths.result(examId, phase.attemptId)}>
            查看结果
          </Link>
        </div>
      ) : null}
      {notice ? (
        <div className="exam-alert exam-alert-info" role="status">
          {notice}
          {switches.max > 0 ? `（已离开 ${switches.count} 次，最多 ${switches.max} 次）` : ''}
          <button type="button" className="exam-link-btn" onClick={() => setNotice(null)}>
            知道了
          </button>
        </div>
      ) : null}
      <div className="exam-layout">
        <section className="exam-question-wrap" aria-label="题目">
          <h1 className="exam-sr" id="exam-question-top" tabIndex={-1}>
            第 {index + 1} 题，共 {questions.length} 题
          </h1>
          {current ? (
            <AnswerQuestion
              key={current.id}
              question={current}
              sectionTitle={current.section != null ? attempt?.sections?.[current.section]?.title : undefined}
              number={index + 1}
              total={questions.length}
              answer={answers[current.id]}
              disabled={over}
              onChoose={(v) => choose(current.id, v)}
              onType={(v) => type(current.id, v)}
              onLeaveField={() => commitTyped(current.id)}
            />
          ) : (
            <p className="exam-muted">本考试没有题目</p>
          )}
          <div className="exam-nav">
            <button type="button" className="exam-btn" disabled={index === 0} onClick={() => go(index - 1)}>
              上一题
            </button>
            <button
              type="button"
              className={`exam-btn${current && marked.has(current.id) ? ' is-marked' : ''}`}
              aria-pressed={current ? marked.has(current.id) : false}
              disabled={!current || over}
              onClick={toggleMark}
            >
              {current && marked.has(current.id) ? '取消标记' : '标记'}
            </button>
            {index < questions.length - 1 ? (
              <button type="button" className="exam-btn exam-btn-primary" onClick={() => go(index + 1)}>
                下一题
              </button>
            ) : (
              <button
                type="button"
                className="exam-btn exam-btn-primary"
                disabled={over || submitting}
                onClick={askSubmit}
              >
                交卷
              </button>
            )}
          </div>
        </section>
        <nav
          id="exam-answer-card"
          className={`exam-answer-card${cardOpen ? ' is-open' : ''}`}
          aria-label="答题卡"
          data-testid="exam-answer-card"
        >
          <h2 className="exam-subtitle">答题卡</h2>
          <ul className="exam-legend" aria-hidden="true">
            <li>
              <i className="is-answered" />
              已答
            </li>
            <li>
              <i />
              未答
            </li>
            <li>
              <i className="is-marked" />
              标记
            </li>
            <li>
              <i className="is-current" />
              当前
            </li>
          </ul>
          <ol className="exam-card-grid">
            {questions.map((q, i) => {
              const done = isAnswered(q.type, answers[q.id]);
              const flag = marked.has(q.id);
              const states = [done ? '已作答' : '未作答', flag ? '已标记' : ''].filter(Boolean).join('，');
              const unsaved = save?.status[q.id] && save.status[q.id] !== 'saved';
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    className={`exam-card-cell${done ? ' is-answered' : ''}${flag ? ' is-marked' : ''}${i === index ? ' is-current' : ''}${unsaved ? ' is-unsaved' : ''}`}
                    aria-current={i === index ? 'step' : undefined}
                    aria-label={`第 ${i + 1} 题，${states}`}
                    onClick={() => go(i)}
                  >
                    {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="exam-btn exam-btn-primary exam-btn-block"
            disabled={over || submitting}
            onClick={askSubmit}
            data-testid="exam-submit"
          >
            {submitting && !confirming ? '正在保存答案…' : '交卷'}
          </button>
        </nav>
      </div>
      {confirming ? (
        <ConfirmSubmit
          total={questions.length}
          unanswered={confirming.unanswered}
          unsaved={confirming.unsaved}
          busy={submitting}
          onCancel={() => setConfirming(null)}
          onOk={doSubmit}
        />
      ) : null}
    </div>
  );
}

/** 确认交卷: a modal dialog (focus kept inside, Escape closes) counting the unanswered questions */
function ConfirmSubmit(props: {
  total: number;
  unanswered: number;
  unsaved: number;
  busy: boolean;
  onCancel(): void;
  onOk(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, []);
  const { total, unanswered, unsaved, busy, onCancel, onOk } = props;
  return (
    <dialog
      ref={ref}
      className="exam-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="exam-confirm"
    >
      <h2 id="confirm-title">确认交卷</h2>
      <div id="confirm-text">
        <p>
          共 {total} 题，已作答 {total - unanswered} 题
          {unanswered > 0 ? (
            <>
              ，<strong>还有 {unanswered} 题未作答</strong>
            </>
          ) : null}
          。
        </p>
        {unsaved > 0 ? (
          <p className="exam-alert exam-alert-error">
            有 {unsaved} 题的答案尚未保存（网络异常），交卷后这些答案将丢失。
          </p>
        ) : null}
        <p>交卷后不能再修改答案，确定交卷吗？</p>
      </div>
      <div className="exam-dialog-actions">
        <button type="button" className="exam-btn" onClick={onCancel} disabled={busy}>
          继续答题
        </button>
        <button type="button" className="exam-btn exam-btn-primary" onClick={onOk} disabled={busy}>
          {busy ? '正在交卷…' : '确认交卷'}
        </button>
      </div>
    </dialog>
  );
}
