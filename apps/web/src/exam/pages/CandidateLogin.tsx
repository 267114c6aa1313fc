import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CallError, candidateLogin } from '../api';
import { examPaths, useTitle } from '../ExamApp';

/** a path of this page only (never a console or outside address) */
function backTo(redirect: string | null): string {
  return redirect && /^\/exam(\/|$)/.test(redirect) && !redirect.startsWith('/exam/login') ? redirect : examPaths.home;
}

/**
 * Sign-in of the answering page: an outside person of an 答题预约 with the reservation number and ID number
 * (`/answer/candidate/login`); a system user signs in on the console's sign-in and comes back here.
 */
export function CandidateLogin() {
  useTitle('考生登录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [reservationNo, setReservationNo] = useState('');
  const [idCard, setIdCard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const noMissing = !reservationNo.trim() ? '请输入预约编号' : null;
  const idMissing = !idCard.trim() ? '请输入证件号码' : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (noMissing || idMissing) return;
    setBusy(true);
    setError(null);
    try {
      await candidateLogin(reservationNo.trim(), idCard.trim());
      navigate(backTo(params.get('redirect')), { replace: true });
    } catch (err) {
      setError(err instanceof CallError ? err.message : '登录失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="exam-card exam-login">
      <h1>考生登录</h1>
      <p className="exam-muted">预约考生请使用预约编号和证件号码登录。</p>
      <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        <div className="exam-field">
          <label htmlFor="reservationNo">预约编号</label>
          <input
            id="reservationNo"
            name="reservationNo"
            autoComplete="off"
            value={reservationNo}
            maxLength={64}
            aria-invalid={touched && !!noMissing}
            aria-describedby={touched && noMissing ? 'reservationNo-msg' : undefined}
            onChange={(e) => setReservationNo(e.target.value)}
          />
          {touched && noMissing ? (
            <p id="reservationNo-msg" className="exam-field-msg">
              {noMissing}
            </p>
          ) : null}
        </div>
        <div className="exam-field">
          <label htmlFor="idCard">证件号码</label>
          <input
            id="idCard"
            name="idCard"
            autoComplete="off"
            value={idCard}
            maxLength={50}
            aria-invalid={touched && !!idMissing}
            aria-describedby={touched && idMissing ? 'idCard-msg' : undefined}
            onChange={(e) => setIdCard(e.target.value)}
          />
          {touched && idMissing ? (
            <p id="idCard-msg" className="exam-field-msg">
              {idMissing}
            </p>
          ) : null}
        </div>
        {error ? (
          <p id="login-error" className="exam-alert exam-alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="exam-btn exam-btn-primary exam-btn-block" disabled={busy}>
          {busy ? '登录中…' : '登录'}
        </button>
      </form>
      <div className="exam-divider">
        <span>或</span>
      </div>
      <a className="exam-btn exam-btn-block" href={examPaths.consoleLogin}>
        系统用户登录
      </a>
    </div>
  );
}
