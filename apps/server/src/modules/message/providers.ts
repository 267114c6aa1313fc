import type { FastifyBaseLogger } from 'fastify';

/** A message leaving through an external channel (SMS or e-mail). */
export interface OutboundMessage {
  receiver: string;
  title: string;
  content: string;
}

/** Where SMS and e-mail messages go (one provider per channel; install a real gateway with setMessageProvider). */
export interface MessageProvider {
  readonly name: string;
  /** throws when the gateway refuses the message; the message is then recorded as 发送失败 with the error text */
  send(message: OutboundMessage, log: FastifyBaseLogger): Promise<void>;
}

export type ExternalChannel = 'sms' | 'email';

/** Default without a gateway: the message is written to the server log (like modules/auth/sms-provider.ts). */
const logProvider = (channel: ExternalChannel): MessageProvider => ({
  name: 'log',
  async send(message, log) {
    log.info(
      { channel, receiver: message.receiver, title: message.title, content: message.content },
      `${channel === 'sms' ? 'SMS' : 'E-mail'} message (no gateway configured: written to the log only)`,
    );
  },
});

const providers: Record<ExternalChannel, MessageProvider> = { sms: logProvider('sms'), email: logProvider('email') };

/** Installs a provider for a channel (a real gateway, or a capturing/failing one in tests); null restores the log. */
export function setMessageProvider(channel: ExternalChannel, provider: MessageProvider | null): void {
  providers[channel] = provider ?? logProvider(channel);
}

export function messageProvider(channel: ExternalChannel): MessageProvider {
  return providers[channel];
}
