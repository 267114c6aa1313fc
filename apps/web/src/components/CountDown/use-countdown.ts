import { useCallback, useEffect, useRef, useState } from 'react';

/** SMS button countdown: `start()` disables the button for `seconds`, `reset()` re-enables it at once. */
export function useCountdown(seconds = 60) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const reset = useCallback(() => {
    stop();
    setLeft(0);
  }, [stop]);

  const start = useCallback(() => {
    stop();
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          stop();
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  }, [seconds, stop]);

  useEffect(() => stop, [stop]);

  return { left, running: left > 0, start, reset };
}

/** label of the SMS button: 获取验证码, or the seconds left while counting down */
export function smsButtonText(left: number): string {
  return left > 0 ? `${left} s` : '获取验证码';
}
