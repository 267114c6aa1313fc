import type { useAppProps } from 'antd/es/app/context';

/**
 * The app's message / notification / modal, usable from React (`useFeedback()`) and from plain code (`feedback`,
 * e.g. the http client). The real antd holders (context-aware, so they follow the theme and locale) live in a
 * host component the app loads after the first paint: antd's message, notification and Modal stay off the
 * login page's critical path. Calls made before the host is bound are queued and replayed in order; the values
 * they return (a message's close function, a modal's destroy/update) forward to the real ones once they exist.
 */
export type Feedback = useAppProps;

type Call = (real: Feedback) => void;

let bound: Feedback | null = null;
const queue: Call[] = [];
let requestHost: (() => void) | null = null;
let hostRequested = false;

/** Called by the host once the antd holders are mounted (and with null when it unmounts). */
export function bindFeedback(next: Feedback | null): void {
  bound = next;
  if (!next) return;
  for (const call of queue.splice(0)) call(next);
}

/** The app registers how to mount the host (a call queued before that mounts it at once); returns the unregister. */
export function onFeedbackRequested(mount: () => void): () => void {
  requestHost = mount;
  if (hostRequested) mount();
  return () => {
    if (requestHost === mount) requestHost = null;
  };
}

/** Mounts the host now (the app calls it once the first page is on screen). */
export function requestFeedbackHost(): void {
  if (hostRequested) return;
  hostRequested = true;
  requestHost?.();
}

function defer(call: Call): void {
  queue.push(call);
  requestFeedbackHost();
}

/**
 * A message / notification close handle, or a modal instance, for a call still in the queue: closing or updating
 * it before the real one exists applies once it does. (Unlike antd's message handle it is not thenable.)
 */
function pendingHandle(apply: (fn: (result: unknown) => void) => void) {
  let result: unknown;
  let ready = false;
  const pending: ((r: unknown) => void)[] = [];
  apply((r) => {
    result = r;
    ready = true;
    for (const p of pending.splice(0)) p(r);
  });
  const later = (use: (r: unknown) => void) => (ready ? use(result) : pending.push(use));
  const close = () =>
    later((r) => {
      if (typeof r === 'function') (r as () => void)();
      else (r as { destroy?: () => void } | undefined)?.destroy?.();
    });
  return Object.assign(close, {
    destroy: close,
    update: (config: unknown) => later((r) => (r as { update?: (c: unknown) => void } | undefined)?.update?.(config)),
  });
}

function facade<K extends keyof Feedback>(key: K): Feedback[K] {
  return new Proxy({} as Record<string, unknown>, {
    get(_target, method) {
      // not a promise, and no symbol-keyed methods
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args: unknown[]) => {
        if (bound) return (bound[key] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args);
        return pendingHandle((done) =>
          defer((real) =>
            done((real[key] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args)),
          ),
        );
      };
    },
  }) as unknown as Feedback[K];
}

export const feedback: Feedback = {
  message: facade('message'),
  notification: facade('notification'),
  modal: facade('modal'),
};

/** `App.useApp()` of this app: the same stable object everywhere, no antd App wrapper needed. */
export function useFeedback(): Feedback {
  return feedback;
}
