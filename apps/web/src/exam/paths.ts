import { useEffect } from 'react';

/** the page's paths (a registry instead of strings in components) */
export const examPaths = {
  home: '/exam',
  login: '/exam/login',
  exam: (id: string) => `/exam/${encodeURIComponent(id)}`,
  answer: (id: string) => `/exam/${encodeURIComponent(id)}/answer`,
  result: (id: string, attemptId: string) => `/exam/${encodeURIComponent(id)}/result/${encodeURIComponent(attemptId)}`,
  /** the console's sign-in, back here afterwards */
  consoleLogin: `/user/login?redirect=${encodeURIComponent('/exam')}`,
} as const;

/** the answering page's name (the brand and every title's suffix) */
export const TITLE = '在线答题';

/** page titles: "<page> - 在线答题" */
export function useTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${TITLE}` : TITLE;
  }, [title]);
}
