/**
 * Helpers for the auth tests (not loaded by the server). Per-IP limits are real in the tests, so every test takes
 * its own client address from `freshIp()`.
 */
import type { TestApp } from '../../../test/harness.ts';
import type { SmsMessage, SmsProvider } from './sms-provider.ts';

export const API = '/jeecg-boot';

let ipCounter = 0;
/** a client address no other test in this process uses */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** POST /sys/login from a fresh address (CAPTCHA=off apps) */
export function postLogin(t: TestApp, body: Record<string, unknown>, ip = freshIp()) {
  return t.req({
    method: 'POST',
    url: `${API}/sys/login`,
    payload: { captcha: 'xxxx', checkKey: String(Date.now()), ...body },
    remoteAddress: ip,
  });
}

/** signs in and returns the token; throws with the answer when that fails */
export async function signIn(t: TestApp, username = 'admin', password = '123456'): Promise<string> {
  const res = await postLogin(t, { username, password });
  if (res.json?.code !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json.result.token as string;
}

/** an SMS gateway that keeps what it was asked to send */
export class CapturingSmsProvider implements SmsProvider {
  readonly name = 'capture';
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage) {
    this.sent.push(message);
  }
  /** the last code sent to this phone (and mode) */
  codeFor(mobile: string, mode?: SmsMessage['mode']): string | undefined {
    return this.sent.filter((m) => m.mobile === mobile && (mode === undefined || m.mode === mode)).at(-1)?.code;
  }
}
