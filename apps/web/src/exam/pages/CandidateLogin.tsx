import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { CallError, candidateLogin, captchaImage, chooseTenant, type TenantChoice, userLogin } from '../api';
import { examPaths, useTitle } from '../paths';
import { useNavigate, useSearchParams } from '../router';

/** a path of this page only (never a console or outside address) */
function backTo(redirect: string | null): string {
  return redirect && /^\/exam(\/|$)/.test(redirect) && !redirect.startsWith('/exam/login') ? redirect : examPaths.home;
}

/** a labelled input of the sign-in forms: its message is tied to it for screen readers (WCAG 3.3.1) */
function Field(p: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(v: string): void;
  msg: string | null | undefined;
  extra: InputHTMLAttributes<HTMLInputElement>;
  /** beside the input (the captcha image) */
  beside?: ReactNode;
}) {
  const input = (
    <input
      id={p.id}
      name={p.name}
      value={p.value}
      aria-invalid={!!p.msg}
      aria-describedby={p.msg ? `${p.id}-msg` : undefined}
      onChange={(e) => p.onChange(e.target.value)}
      {...p.extra}
    />
  );
  return (
    <div className="exam-field">
      <label htmlFor={p.id}>{p.label}</label>
      {p.beside ? (
        <div className="exam-captcha">
          {input}
          {p.beside}
        </div>
      ) : (
        input
      )}
      {p.msg ? (
        <p id={`${p.id}-msg`} className="exam-field-msg">
          {p.msg}
        </p>
      ) : null}
    </div>
  );
}

/** the sign-in forms' error (announced) and 登录 button */
function SubmitRow({ error, busy }: { error: string | null; busy: boolean }) {
  return (
    <>
      {error ? (
        <p id="login-error" className="exam-alert exam-alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="exam-btn exam-btn-primary exam-btn-block" disabled={busy}>
        {busy ? '登录中…' : '登录'}
      </button>
    </>
  );
}

type Way = 'user' | 'reservation';

/**
 * Sign-in of the answering page, both ways on the page itself (issue 26: the console's sign-in page would cost a
 * candidate on a phone the console's whole bundle before the first question): a system user with the console's
 * account, password and captcha (`/sys/login`); an outside person of an 答题预约 with the reservation number and ID
 * number (`/answer/candidate/login`). The console's sign-in stays one link away for its other ways (phone, third party).
 */
export function CandidateLogin() {
  useTitle('考生登录');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [way, setWay] = useState<Way>(params.get('way') === 'reservation' ? 'reservation' : 'user');
  const done = () => navigate(backTo(params.get('redirect')), { replace: true });
  return (
    <div className="exam-card exam-login">
      <h1>考生登录</h1>
      <fieldset className="exam-switch">
        <legend className="exam-sr">登录方式</legend>
        <button type="button" aria-pressed={way === 'user'} onClick={() => setWay('user')}>
          账号登录
        </button>
        <button type="button" aria-pressed={way === 'reservation'} onClick={() => setWay('reservation')}>
          预约考生
        </button>
      </fieldset>
      {way === 'user' ? <UserLogin onDone={done} /> : <ReservationLogin onDone={done} />}
      <div className="exam-divider">
        <span>或</span>
      </div>
      <a className="exam-btn exam-btn-block" href={examPaths.consoleLogin}>
        手机号等其他方式登录
      </a>
    </div>
  );
}

/** the captcha image for a key = Date.now(); the key goes with the sign-in as checkKey */
function useCaptcha() {
  const [state, setState] = useState<{ key: number; image: string | null; loading: boolean }>({
    key: 0,
    image: null,
    loading: true,
  });
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const key = Date.now();
    latest.current = key;
    setState({ key, image: null, loading: true });
    const image = await captchaImage(key).catch(() => null);
    if (latest.current === key) setState({ key, image, loading: false });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { ...state, refresh };
}

/** a system user: account, password, captcha; then the tenant when the user works in several */
function UserLogin({ onDone }: { onDone(): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [tenants, setTenants] = useState<TenantChoice[] | null>(null);
  const captcha = useCaptcha();
  const missing = {
    username: !username.trim() ? '请输入帐户名' : null,
    password: !password ? '请输入密码' : null,
    code: !code.trim() ? '请输入验证码' : null,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing.username || missing.password || missing.code) return;
    setBusy(true);
    setError(null);
    try {
      const several = await userLogin(username.trim(), password, code.trim(), captcha.key);
      if (several) {
        setTenants(several);
        setBusy(false);
        return;
      }
      onDone();
    } catch (err) {
      setError(err instanceof CallError ? err.message : '登录失败');
      // the server takes a captcha once, right or wrong: a new one, its field empty (and not flagged as missing)
      setTouched(false);
      setCode('');
      void captcha.refresh();
      setBusy(false);
    }
  };

  if (tenants) return <ChooseTenant tenants={tenants} onDone={onDone} />;

  const field = (
    name: keyof typeof missing,
    label: string,
    value: string,
    set: (v: string) => void,
    extra: InputHTMLAttributes<HTMLInputElement>,
    beside?: ReactNode,
  ) => (
    <Field
      id={`login-${name}`}
      name={name}
      label={label}
      value={value}
      onChange={set}
      msg={touched ? missing[name] : null}
      extra={extra}
      beside={beside}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
      {field('username', '帐户名', username, setUsername, { autoComplete: 'username', maxLength: 100 })}
      {field('password', '密码', password, setPassword, {
        type: 'password',
        autoComplete: 'current-password',
        maxLength: 100,
      })}
      {field(
        'code',
        '验证码',
        code,
        setCode,
        { autoComplete: 'off', maxLength: 8 },
        <button
          type="button"
          className="exam-captcha-image"
          onClick={() => {
            setCode('');
            void captcha.refresh();
          }}
          title="看不清？换一张"
          aria-label="验证码图片，点击换一张"
        >
          {captcha.image ? <img src={captcha.image} alt="验证码" /> : captcha.loading ? '加载中…' : '点击刷新'}
        </button>,
      )}
      <SubmitRow error={error} busy={busy} />
    </form>
  );
}

/** several tenants: the one to work in (the console asks the same after its sign-in) */
function ChooseTenant({ tenants, onDone }: { tenants: TenantChoice[]; onDone(): void }) {
  const [chosen, setChosen] = useState<string>('');
  const [touched, setTouched] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const t = tenants.find((x) => String(x.id) === chosen);
    if (!t) return;
    chooseTenant(t.id);
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="exam-choices" aria-describedby={touched && !chosen ? 'tenant-msg' : undefined}>
        <legend>请选择登录租户</legend>
        {tenants.map((t) => (
          <label key={String(t.id)}>
            <input
              type="radio"
              name="tenant"
              value={String(t.id)}
              checked={chosen === String(t.id)}
              onChange={(e) => setChosen(e.target.value)}
            />
            {t.name}
          </label>
        ))}
        {touched && !chosen ? (
          <p id="tenant-msg" className="exam-field-msg">
            请选择登录租户
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="exam-btn exam-btn-primary exam-btn-block">
        继续
      </button>
    </form>
  );
}

/** an outside person of an 答题预约: reservation number and ID number */
function ReservationLogin({ onDone }: { onDone(): void }) {
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
      onDone();
    } catch (err) {
      setError(err instanceof CallError ? err.message : '登录失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
      <p className="exam-muted">预约考生请使用预约编号和证件号码登录。</p>
      <Field
        id="reservationNo"
        name="reservationNo"
        label="预约编号"
        value={reservationNo}
        onChange={setReservationNo}
        msg={touched ? noMissing : null}
        extra={{ autoComplete: 'off', maxLength: 64 }}
      />
      <Field
        id="idCard"
        name="idCard"
        label="证件号码"
        value={idCard}
        onChange={setIdCard}
        msg={touched ? idMissing : null}
        extra={{ autoComplete: 'off', maxLength: 50 }}
      />
      <SubmitRow error={error} busy={busy} />
    </form>
  );
}
