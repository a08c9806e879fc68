import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  chatChannel,
  type ChatEvent,
  type ChatEventPayload,
  type DesignStatusEvent,
  type DesignStatusEventPayload,
  type FeedbackEvent,
  type FeedbackEventPayload,
  type NotificationEvent,
  type NotificationEventPayload,
  type PIN_EVENT,
  type PinEventPayload,
  type REVIEW_EVENT,
  type ReviewEventPayload,
} from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { liveSessionIds, resolveSession } from './sessions';

export const SOCKET_PATH = '/socket.io';
const REDIS_CONNECT_MS = 5000;

/** The events of a user's channel and what each carries. */
type ChannelEvents = { [E in ChatEvent]: ChatEventPayload } & { [E in FeedbackEvent]: FeedbackEventPayload } & {
  [E in DesignStatusEvent]: DesignStatusEventPayload;
} & { [E in NotificationEvent]: NotificationEventPayload } & { [E in typeof PIN_EVENT]: PinEventPayload } & {
  [E in typeof REVIEW_EVENT]: ReviewEventPayload;
};

/** Sends chat, pin, feedback, design status and notification events to users' channels, across processes when REDIS_URL is set. */
export interface Realtime {
  publish<E extends keyof ChannelEvents>(userIds: number[], event: E, payload: ChannelEvents[E]): void;
  /**
   * Disconnects this process's sockets whose session ended (signed out, expired, user blocked or
   * changed, its sign-in-as opener gone): after every change of sessions here or announced by
   * another process, and every minute.
   */
  dropEndedSessions(): Promise<number>;
  /** Tells the other server processes (joined through REDIS_URL) that cached `what` is stale. */
  announceStale(what: StaleData): void;
  /** Runs `listener` when another process announces stale data. */
  onStaleAnnounced(listener: (what: StaleData) => void): void;
  /** Whether Redis (REDIS_URL) answers on the adapter's connections; true without Redis. */
  redisAnswers(): Promise<boolean>;
  /** This process's open Socket.IO connections, WebSocket or long-polling. */
  connections(): number;
}

/** What a process may hold in memory for a moment and must forget when another process changes it. */
export type StaleData = 'sessions' | 'catalogue';
const STALE_EVENT = 'stale';

const SESSION_CHECK_MS = 60_000;

/**
 * Socket.IO on the API's own port. The handshake carries the bearer token (`auth.token`); a
 * socket may join only `chat_user_{its own id}` — a `subscribe` to any other channel is refused.
 */
export async function attachRealtime(app: FastifyInstance, db: DbOrTx, redisUrl: string | undefined): Promise<Realtime> {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, transports: ['websocket', 'polling'] });

  let redisAnswers = async () => true;
  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    // A disconnected client queues commands until it reconnects: ask only a connected one.
    redisAnswers = async () => pub.isReady && sub.isReady && (await pub.ping()) === 'PONG';
    pub.on('error', (err) => app.log.error({ err }, 'redis publisher'));
    sub.on('error', (err) => app.log.error({ err }, 'redis subscriber'));
    // node-redis retries an unreachable server forever: refuse to start instead of hanging.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis (REDIS_URL) did not answer within ${REDIS_CONNECT_MS} ms`)), REDIS_CONNECT_MS);
    });
    try {
      await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
    } catch (err) {
      for (const client of [pub, sub]) {
        try {
          client.destroy();
        } catch {
          // already closed
        }
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.close(), sub.close()]);
    });
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token || token.length > 200) return next(new Error('unauthenticated'));
    resolveSession(db, token)
      .then((auth) => {
        if (!auth) return next(new Error('unauthenticated'));
        socket.data.userId = auth.user.id;
        socket.data.sessionId = auth.sessionId;
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

  // A socket outlives the request that opened it: one whose session ends stops receiving chats.
  const checkSessions = async () => {
    const open = [...io.of('/').sockets.values()];
    if (!open.length) return 0;
    const live = await liveSessionIds(db, [...new Set(open.map((s) => s.data.sessionId as number))]);
    const ended = open.filter((s) => !live.has(s.data.sessionId as number));
    for (const s of ended) s.disconnect(true);
    return ended.length;
  };
  // Every process checks after every change of sessions anywhere: a burst of sign-outs runs one
  // check at a time, plus one more after it (its read may have begun before the last change).
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const dropEndedSessions = (): Promise<number> => {
    if (!running) {
      running = checkSessions().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = null;
        return dropEndedSessions();
      });
    return queued;
  };
  const sessionCheck = setInterval(() => {
    dropEndedSessions().catch((err) => app.log.warn({ err }, 'socket session check failed'));
  }, SESSION_CHECK_MS);
  sessionCheck.unref();

  app.addHook('preClose', async () => {
    clearInterval(sessionCheck);
    // Closing the transports (not a server-side disconnect) lets clients reconnect by themselves
    // to the next process.
    io.engine.close();
  });

  return {
    announceStale(what) {
      if (redisUrl) io.serverSideEmit(STALE_EVENT, what);
    },
    onStaleAnnounced(listener) {
      io.on(STALE_EVENT, listener);
    },
    publish(userIds, event, payload) {
      if (userIds.length) io.to(userIds.map(chatChannel)).emit(event, payload);
    },
    dropEndedSessions,
    redisAnswers,
    connections: () => io.engine.clientsCount,
  };
}
