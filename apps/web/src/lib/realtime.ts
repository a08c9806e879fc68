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
/** Listeners of other events of the same channel (feedback), by event name. */
const eventListeners = new Map<string, Set<ChannelEventListener>>();
interface ChannelEventListener {
  onEvent: (payload: unknown) => void;
  onResubscribe?: () => void;
}
/** The event names each socket already forwards. */
const boundEvents = new WeakMap<Socket, Set<string>>();
interface Connection {
  userId: number;
  socket: Promise<Socket | null>;
}
let current: Connection | null = null;
/** How long to wait before reconnecting after the server closed the socket (a restart). */
export const SERVER_DISCONNECT_RETRY_MS = 1000;

/** Where the socket lives (every signed-in user: chat, feedback, design status and notifications share the per-user channel). */
const realtimeConfig = async () => (await call<RealtimeConfig>(chat.realtimeConfig, {}, { silent: true })).data;

function bindEvent(socket: Socket, event: string) {
  const bound = boundEvents.get(socket) ?? new Set<string>();
  boundEvents.set(socket, bound);
  if (bound.has(event)) return;
  bound.add(event);
  socket.on(event, (payload: unknown) => eventListeners.get(event)?.forEach((l) => l.onEvent(payload)));
}

/** The socket wants the bare token; the cookie holds "Bearer …". */
export const socketToken = (bearer: string | undefined) =>
  bearer?.startsWith(BEARER_PREFIX) ? bearer.slice(BEARER_PREFIX.length) : (bearer ?? '');

async function openSocket(entry: Connection): Promise<Socket | null> {
  const { userId } = entry;
  // socket.io-client is a chunk of its own, loaded once something listens (the bell, a chat).
  const [{ io }, config] = await Promise.all([import('socket.io-client'), realtimeConfig()]);
  if (current !== entry) return null; // signed out (or in again) while loading
  const socket = io(config.host || undefined, {
    path: config.path,
    // A WebSocket first: one connection instead of a train of polling requests on every page load,
    // and several server processes behind a load balancer need no sticky sessions; long-polling
    // only where a WebSocket cannot be opened.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // A function, so every reconnect (a restarted server, a network change) reads the live token.
    auth: (cb) => cb({ token: socketToken(getBearerToken()) }),
  });
  let joined = false;
  // 'connect' fires on the first connection and on every reconnection: the room is per connection.
  socket.on('connect', () => {
    socket.emit('subscribe', chatChannel(userId), (reply: { ok: boolean } | undefined) => {
      if (!reply?.ok) return;
      if (joined) {
        listeners.forEach((l) => l.onResubscribe?.());
        eventListeners.forEach((set) => set.forEach((l) => l.onResubscribe?.()));
      }
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
  for (const event of eventListeners.keys()) bindEvent(socket, event);
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
  if (listeners.size || eventListeners.size) ensureConnection();
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

/**
 * Listens to one event of the signed-in user's channel (e.g. FeedbackMessageEvent) until the
 * returned function is called; shares the one connection with the chat.
 */
export function listenRealtimeEvent<P = unknown>(event: string, onEvent: (payload: P) => void, onResubscribe?: () => void): () => void {
  const listener: ChannelEventListener = { onEvent: onEvent as (payload: unknown) => void, onResubscribe };
  const set = eventListeners.get(event) ?? new Set<ChannelEventListener>();
  eventListeners.set(event, set);
  set.add(listener);
  ensureConnection();
  const entry = current;
  void entry?.socket.then((socket) => {
    if (socket && eventListeners.has(event)) bindEvent(socket, event);
  });
  return () => {
    set.delete(listener);
    if (!set.size && eventListeners.get(event) === set) eventListeners.delete(event);
  };
}

/** One event of the user's channel for as long as the component is mounted; the latest handlers are called. */
export function useRealtimeEvent<P = unknown>(event: string, onEvent: (payload: P) => void, onResubscribe?: () => void) {
  const latest = useRef({ onEvent, onResubscribe });
  useEffect(() => {
    latest.current = { onEvent, onResubscribe };
  });
  useEffect(
    () =>
      listenRealtimeEvent<P>(
        event,
        (payload) => latest.current.onEvent(payload),
        () => latest.current.onResubscribe?.(),
      ),
    [event],
  );
}
