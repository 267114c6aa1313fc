import type { FastifyInstance } from 'fastify';

/**
 * Server → client notification frames of `/websocket/{userId}` (contract §6.1). The push is cluster-wide: it travels
 * through `app.ctx.pubsub` (in-process, or Redis when configured) on the channel JeecgBoot used for the same purpose,
 * and every node delivers it to the sockets it holds (modules/websocket/hub.ts).
 */
export const SOCKET_CHANNEL = 'socketHandler';

export interface NoticeFrame {
  /** 'topic' = for everyone, 'user' = for the addressed users; the client reloads its notices on both */
  cmd: 'topic' | 'user';
  msgId?: string;
  msgTxt: string;
}

/** What travels on the pub/sub channel: the frame and its recipients (user ids; absent = every connected user). */
export interface SocketEnvelope {
  userIds?: string[];
  message: NoticeFrame;
}

/** Sends a frame to every connected user, on every node. */
export async function pushToAll(app: FastifyInstance, message: NoticeFrame): Promise<void> {
  await publish(app, { message });
}

/** Sends a frame to each of these users (all of their open tabs), on every node. */
export async function pushToUsers(
  app: FastifyInstance,
  userIds: readonly string[],
  message: NoticeFrame,
): Promise<void> {
  const ids = [...new Set(userIds.filter((id) => typeof id === 'string' && id !== ''))];
  if (!ids.length) return;
  await publish(app, { userIds: ids, message });
}

async function publish(app: FastifyInstance, envelope: SocketEnvelope): Promise<void> {
  try {
    await app.ctx.pubsub.publish(SOCKET_CHANNEL, envelope);
  } catch (err) {
    // a lost live notification is not worth failing the request: the client's 6 s poll catches up
    app.log.warn({ err: (err as Error).message }, 'websocket push failed');
  }
}
