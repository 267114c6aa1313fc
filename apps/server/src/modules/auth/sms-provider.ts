import type { FastifyBaseLogger } from 'fastify';

/** smsmode of /sys/sms: '0' login, '1' register, '2' forgotten password */
export type SmsMode = '0' | '1' | '2';

export interface SmsMessage {
  mobile: string;
  code: string;
  mode: SmsMode;
}

/** Where verification codes go. Codes never appear in an HTTP answer, whatever the provider. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, log: FastifyBaseLogger): Promise<void>;
}

/** Default without an SMS gateway: the code is written to the server log, for the operator of a demo install. */
export const logSmsProvider: SmsProvider = {
  name: 'log',
  async send(message, log) {
    log.info(
      { mobile: message.mobile, smsmode: message.mode, code: message.code },
      'SMS verification code (no SMS gateway configured: written to the log only)',
    );
  },
};

let current: SmsProvider = logSmsProvider;

/** Installs a provider for the whole process (a real gateway, or a capturing one in tests); null restores the log. */
export function setSmsProvider(provider: SmsProvider | null): void {
  current = provider ?? logSmsProvider;
}

export function smsProvider(): SmsProvider {
  return current;
}
