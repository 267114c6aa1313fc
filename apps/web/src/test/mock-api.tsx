import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../api/http';
import { installMatchMedia } from '../components/list/test-dom';
import { useSession } from '../stores/session';
import { bindFeedback, type Feedback } from '../utils/feedback';

/**
 * The mock server of the web page tests: `fetch` answered in the test, every call recorded, antd's jsdom stubs, and a
 * render that puts a page inside a QueryClient (and a router). Call `mockApi()` once at the top of a test file.
 */

/** one request a page sent */
export interface Call {
  url: URL;
  /** the URL path without the `/jeecg-boot` base */
  path: string;
  method: string;
  /** the JSON body, parsed (a body that is not JSON as sent) */
  body?: Record<string, unknown>;
}

/** an answer by path: a body (sent with 200), a Response (sent as a copy) or a function of the call giving either */
export type Answer = unknown;

/** a Result envelope (contract §1) */
export const envelope = (result: unknown, extra: Record<string, unknown> = {}) => ({
  success: true,
  code: 200,
  message: '',
  result,
  timestamp: 1,
  ...extra,
});

export const respond = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** a Result envelope as a Response; `extra` overrides its fields (success, code, message) */
export const json = (result: unknown, extra: Record<string, unknown> = {}) => respond(envelope(result, extra));

export interface MockApiOptions {
  /** the file's standing answers (after `answers` and `override`); undefined: `otherwise` */
  route?: (call: Call) => Response | undefined;
  /** what an unanswered call gets (default: a successful envelope with a null result) */
  otherwise?: (call: Call) => Response;
  /**
   * kit-style pages: fresh http state with a token, the feedback (toasts, confirms) bound to `fb`'s mocks, and these
   * button grants in the session (default: none)
   */
  signedIn?: boolean | { auth: string[] };
}

export interface MockApi {
  /** the calls of the running test, in order */
  readonly calls: Call[];
  /** per test (emptied before each): answers by path */
  answers: Record<string, Answer>;
  /** per test (cleared before each): asked first, undefined passes on */
  override: ((call: Call) => Response | null | undefined) | null;
  /** the feedback mocks (bound with `signedIn`) */
  readonly fb: ReturnType<typeof feedbackMocks>;
  /** the calls whose path ends with `suffix` */
  callsTo(suffix: string): Call[];
}

const feedbackMocks = () => ({
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
});

function toResponse(answer: Answer, call: Call): Response {
  const a = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
  return a instanceof Response ? a.clone() : respond(a);
}

function parseBody(body: RequestInit['body']): Call['body'] {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body as unknown as Call['body'];
  }
}

export function mockApi(options: MockApiOptions = {}): MockApi {
  const otherwise = options.otherwise ?? (() => json(null));
  const api: MockApi = {
    calls: [],
    answers: {},
    override: null,
    fb: feedbackMocks(),
    callsTo: (suffix) => api.calls.filter((c) => c.path.endsWith(suffix)),
  };
  beforeAll(() => {
    installMatchMedia();
    // a shared, busy machine: findBy… / waitFor get time for antd's renders
    configure({ asyncUtilTimeout: 10_000 });
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.answers = {};
    api.override = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(input, 'http://localhost');
        const call: Call = {
          url,
          path: url.pathname.replace(/^\/jeecg-boot/, ''),
          method: String(init.method ?? 'GET'),
          body: parseBody(init.body),
        };
        api.calls.push(call);
        const custom = api.override?.(call);
        if (custom) return custom;
        if (call.path in api.answers) return toResponse(api.answers[call.path], call);
        return options.route?.(call) ?? otherwise(call);
      }),
    );
    if (options.signedIn) {
      for (const g of Object.values(api.fb)) for (const f of Object.values(g)) f.mockClear();
      resetHttpState();
      bindFeedback(api.fb as unknown as Feedback);
      configureHttp({ getToken: () => 'tok', getTenantId: () => null });
      const codes = options.signedIn === true ? [] : options.signedIn.auth;
      useSession.setState({
        auth: codes.map((action) => ({ action, type: '1', describe: action })),
        allAuth: [],
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return api;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/**
 * A page as the app holds it: inside a QueryClient (no retries) and, with `router` or `at`, a router. With `at` the
 * page is the route of that path and any other path shows `data-testid="where"` with the path navigated to.
 */
export function renderPage(ui: ReactElement, options: { router?: boolean; at?: string } = {}) {
  const { at } = options;
  let page = ui;
  if (at !== undefined) {
    page = (
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={at} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    );
  } else if (options.router) {
    page = <MemoryRouter>{ui}</MemoryRouter>;
  }
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {page}
    </QueryClientProvider>,
  );
}
