import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { chatChannel, type ChatEvent, type ChatEventPayload } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { resolveSession } from './sessions';

export const SOCKET_PATH = '/socket.io';

/** Sends chat events to users' channels, across processes when REDIS_URL is set. */
export interface Realtime {
  publish(userIds: number[], event: ChatEvent, payload: ChatEventPayload): void;
}

/**
 * Socket.IO on the API's own port. The handshake carries the bearer token (`auth.token`); a
 * socket may join only `chat_user_{its own id}` — a `subscribe` to any other channel is refused.
 */
export async function attachRealtime(app: FastifyInstance, db: DbOrTx, redisUrl: string | undefined): Promise<Realtime> {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, transports: ['websocket', 'polling'] });

  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis publisher'));
    sub.on('error', (err) => app.log.error({ err }, 'redis subscriber'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token || token.length > 200) return next(new Error('unauthenticated'));
    resolveSession(db, token)
      .then((auth) => {
        if (!auth) return next(new Error('unauthenticated'));
        socket.data.userId = auth.user.id;
        next();
      })
      .catch(() => next(new Error('unauthenticated')));
  });

  io.on('connection', (socket) => {
    socket.on('subscribe', (channel: unknown, ack?: (r: { ok: boolean; error?: string }) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (channel !== chatChannel(socket.data.userId as number)) return reply({ ok: false, error: 'forbidden' });
      void socket.join(channel);
      reply({ ok: true });
    });
  });

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  return {
    publish(userIds, event, payload) {
      if (userIds.length) io.to(userIds.map(chatChannel)).emit(event, payload);
    },
  };
}
