import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { BEARER_PREFIX, chat, chatChannel, CHAT_EVENTS, type ChatEvent, type ChatEventPayload } from '@promo/shared';
import { call } from './api-client';
import { getBearerToken, getCurrentUser, onSessionChange } from './session';

/** What get-reverb-data answers: Socket.IO on this origin (host '') under `path`. */
export interface RealtimeConfig {
  key: string;
  host: string;
  path: string;
  events: string[];
}

export interface RealtimeListener {
  /** A chat event of the signed-in user's channel. */
  onEvent: (event: ChatEvent, payload: ChatEventPayload) => void;
  /** The channel was joined again after a lost connection: events in between were missed. */
  onResubscribe?: () => void;
}

const listeners = new Set<RealtimeListener>();
interface Connection {
  userId: number;
  socket: Promise<Socket | null>;
}
let current: Connection | null = null;
/** How long to wait before reconnecting after the server closed the socket (a restart). */
export const SERVER_DISCONNECT_RETRY_MS = 1000;

/** The socket wants the bare token; the cookie holds "Bearer …". */
export const socketToken = (bearer: string | undefined) =>
  bearer?.startsWith(BEARER_PREFIX) ? bearer.slice(BEARER_PREFIX.length) : (bearer ?? '');

async function openSocket(entry: Connection): Promise<Socket | null> {
  const { userId } = entry;
  // socket.io-client is loaded only once a chat is open, so the main chunk does not carry it.
  const [{ io }, config] = await Promise.all([
    import('socket.io-client'),
    call<RealtimeConfig>(chat.realtimeConfig, {}, { silent: true }).then((r) => r.data),
  ]);
  if (current !== entry) return null; // signed out (or in again) while loading
  const socket = io(config.host || undefined, {
    path: config.path,
    // A function, so every reconnect (a restarted server, a network change) reads the live token.
    auth: (cb) => cb({ token: socketToken(getBearerToken()) }),
  });
  let joined = false;
  // 'connect' fires on the first connection and on every reconnection: the room is per connection.
  socket.on('connect', () => {
    socket.emit('subscribe', chatChannel(userId), (reply: { ok: boolean } | undefined) => {
      if (!reply?.ok) return;
      if (joined) listeners.forEach((l) => l.onResubscribe?.());
      joined = true;
    });
  });
  // A server that shuts down disconnects every socket, and socket.io does not retry that by itself:
  // try again shortly; while the server is still down the manager's backoff takes over.
  socket.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    setTimeout(() => {
      if (current === entry) socket.connect();
    }, SERVER_DISCONNECT_RETRY_MS);
  });
  for (const event of CHAT_EVENTS) {
    socket.on(event, (payload: ChatEventPayload) => listeners.forEach((l) => l.onEvent(event, payload)));
  }
  return socket;
}

/** The signed-in user's connection, opened on first use. */
function ensureConnection() {
  const user = getCurrentUser();
  if (!user || !getBearerToken()) return;
  if (current?.userId === user.id) return;
  closeConnection();
  const entry: Connection = { userId: user.id, socket: Promise.resolve(null) };
  current = entry;
  entry.socket = openSocket(entry).catch(() => null);
  // A failed config call leaves no connection behind, so the next chat tries again.
  void entry.socket.then((s) => {
    if (!s && current === entry) current = null;
  });
}

export function closeConnection() {
  const old = current;
  current = null;
  void old?.socket.then((s) => s?.disconnect());
}

// Sign-out or a switch of user closes the old user's socket; a new user connects when a chat needs it.
onSessionChange(() => {
  if (current && current.userId !== getCurrentUser()?.id) closeConnection();
  if (listeners.size) ensureConnection();
});

/** Listens to the signed-in user's chat channel until the returned function is called. */
export function listenRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  ensureConnection();
  return () => {
    listeners.delete(listener);
  };
}

/** The chat events of one chat, for as long as the component is mounted. */
export function useChatEvents(chatId: number, handlers: { onEvent: (event: ChatEvent, payload: ChatEventPayload) => void; onResubscribe?: () => void }) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      listenRealtime({
        onEvent: (event, payload) => {
          if (payload?.chat_id === chatId) latest.current.onEvent(event, payload);
        },
        onResubscribe: () => latest.current.onResubscribe?.(),
      }),
    [chatId],
  );
}
