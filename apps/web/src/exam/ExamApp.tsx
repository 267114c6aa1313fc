import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { type Candidate, currentCandidate, forgetCandidate } from './api';
import { AnswerPage } from './pages/AnswerPage';
import { CandidateLogin } from './pages/CandidateLogin';
import { ExamHome } from './pages/ExamHome';
import { Instructions } from './pages/Instructions';
import { ResultPage } from './pages/ResultPage';
import { examPaths, TITLE } from './paths';
import { Link, matchPath, Navigate, ParamsContext, useLocation, useNavigate } from './router';

/** the candidate of this page; null sends to the sign-in */
export function useCandidate(): Candidate | null {
  const [c] = useState(currentCandidate);
  return c;
}

function Frame({ children }: { children: ReactNode }) {
  const candidate = currentCandidate();
  const location = useLocation();
  const navigate = useNavigate();
  const onLogin = location.pathname === examPaths.login;
  // biome-ignore lint/correctness/useExhaustiveDependencies: to the top on every new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  if (!candidate && !onLogin) {
    return <Navigate to={`${examPaths.login}?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  }
  const signOut = () => {
    forgetCandidate();
    navigate(examPaths.login, { replace: true });
  };
  return (
    <div className="exam-app">
      <a className="exam-skip" href="#exam-main">
        跳到主要内容
      </a>
      <header className="exam-header">
        <Link to={examPaths.home} className="exam-brand">
          {TITLE}
        </Link>
        {candidate ? (
          <div className="exam-who">
            <span className="exam-name" title={candidate.name}>
              {candidate.name}
            </span>
            {candidate.kind === 'outside' ? (
              <button type="button" className="exam-link-btn" onClick={signOut}>
                退出
              </button>
            ) : (
              <a className="exam-link-btn" href="/">
                返回后台
              </a>
            )}
          </div>
        ) : null}
      </header>
      <main id="exam-main" className="exam-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function NotFound() {
  return (
    <div className="exam-card exam-center">
      <h1>页面不存在</h1>
      <p>
        <Link to={examPaths.home}>返回考试列表</Link>
      </p>
    </div>
  );
}

/** the page's paths, the first match wins (router.tsx: this page's own routing, not react-router) */
const ROUTES: readonly (readonly [string, ComponentType])[] = [
  ['/exam', ExamHome],
  ['/exam/login', CandidateLogin],
  ['/exam/:examId', Instructions],
  ['/exam/:examId/answer', AnswerPage],
  ['/exam/:examId/result/:attemptId', ResultPage],
];

export function ExamApp() {
  const { pathname } = useLocation();
  if (pathname !== examPaths.home && !pathname.startsWith(`${examPaths.home}/`)) {
    return <Navigate to={examPaths.home} replace />;
  }
  const match = matchPath(ROUTES, pathname);
  const Page = match?.value ?? NotFound;
  return (
    <Frame>
      <ParamsContext.Provider value={match?.params ?? {}}>
        <Page />
      </ParamsContext.Provider>
    </Frame>
  );
}
