import type { MenuItem } from '@answer/contract';
import { Card, Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type PassRate, passRates } from '../../api/quiz-exam';
import { useSession } from '../../stores/session';
import { percentText } from './grading-logic';
import './exam-pages.css';

/** the pages whose grant lets the server answer /answer/exam/passRates */
const PAGES = ['answer/ExamList', 'answer/ResultList'];

export function mayViewPassRates(menu: readonly MenuItem[] | null | undefined): boolean {
  return (menu ?? []).some((m) => PAGES.includes(String(m.component ?? '')) || mayViewPassRates(m.children));
}

/**
 * 最近考试及格率 on the analysis dashboard (a chunk of its own, loaded after the home page): one CSS bar per recent
 * exam with submitted answer sheets, linking to its 成绩. Hidden for users who may not see exams or results.
 */
export default function PassRateFigures() {
  const allowed = mayViewPassRates(useSession((s) => s.permissionList));
  const [rows, setRows] = useState<PassRate[] | null>(null);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    passRates(6, { silent: true })
      .then((res) => {
        if (!live) return;
        if (res.success) setRows(res.result ?? []);
        else setHidden(true);
      })
      .catch(() => live && setHidden(true));
    return () => {
      live = false;
    };
  }, [allowed]);
  if (!allowed || hidden) return null;
  return (
    <Card title="最近考试及格率" size="small" style={{ marginTop: 16 }} data-testid="pass-rate-figures">
      {!rows ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !rows.length ? (
        <Empty description="暂无已交卷的考试" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="最近考试及格率">
          {rows.map((r) => (
            <li key={r.examId} className="quiz-rate-row">
              <Link
                className="quiz-rate-name"
                to={`/answer/result?examId=${encodeURIComponent(r.examId)}`}
                title={r.name}
              >
                {r.name}
              </Link>
              <span className="quiz-rate-track" aria-hidden="true">
                <span
                  className="quiz-rate-fill"
                  style={{ width: `${Math.round((r.passRate ?? 0) * 100)}%`, display: 'block' }}
                />
              </span>
              <span title={`${r.passed} / ${r.submitted} 人及格`}>{percentText(r.passRate, 0)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
