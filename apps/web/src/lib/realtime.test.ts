import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ChatEventPayload } from '@promo/shared';

type Handler = (...args: unknown[]) => void;
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: unknown[][] = [];
  disconnected = false;
  on(event: string, h: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), h]);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    const ack = args.at(-1);
    if (typeof ack === 'function') ack({ ok: true });
    return this;
  }
  connects = 0;
  disconnect() {
    this.disconnected = true;
    return this;
  }
  connect() {
    this.connects++;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
}

const sockets: FakeSocket[] = [];
const io = vi.fn((_url: unknown, opts: { auth: (cb: (a: object) => void) => void }) => {
  const s = new FakeSocket();
  Object.assign(s, { opts });
  sockets.push(s);
  return s;
});
vi.mock('socket.io-client', () => ({ io }));
const call = vi.fn(async () => ({ data: { key: 'socket.io', host: '', path: '/socket.io', events: [] } }));
vi.mock('./api-client', () => ({ call }));

const user = (id: number) => ({ id, name: 'N', surname: 'S', email: `u${id}@x.no`, role: 'designer' as const, categories: [], re_login: null });
const payload = (chat_id: number): ChatEventPayload => ({ chat_id, message: { id: 1, chat_id } as ChatEventPayload['message'] });

let rt: typeof import('./realtime');
let session: typeof import('./session');

beforeEach(async () => {
  vi.resetModules();
  sockets.length = 0;
  io.mockClear();
  rt = await import('./realtime');
  session = await import('./session');
  session.saveSession(user(5), 'tok123');
});
afterEach(() => session.clearSession());

describe('realtime', () => {
  it('strips the Bearer prefix for the socket', () => {
    expect(rt.socketToken('Bearer abc')).toBe('abc');
    expect(rt.socketToken(undefined)).toBe('');
  });

  it('opens one connection for all listeners, with the bare token, and joins the user channel on connect', async () => {
    const a = vi.fn();
    const b = vi.fn();
    rt.listenRealtime({ onEvent: a });
    rt.listenRealtime({ onEvent: b });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(io).toHaveBeenCalledWith(undefined, expect.objectContaining({ path: '/socket.io' }));
    const auth = vi.fn();
    (socket as unknown as { opts: { auth: (cb: (a: object) => void) => void } }).opts.auth(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'tok123' });

    socket.fire('connect');
    expect(socket.emitted[0]?.slice(0, 2)).toEqual(['subscribe', 'chat_user_5']);
    socket.fire('AddNewMessageEvent', payload(3));
    expect(a).toHaveBeenCalledWith('AddNewMessageEvent', payload(3));
    expect(b).toHaveBeenCalledWith('AddNewMessageEvent', payload(3));
  });

  it('joins again after a reconnection and tells the listeners they may have missed events', async () => {
    const onResubscribe = vi.fn();
    rt.listenRealtime({ onEvent: vi.fn(), onResubscribe });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    socket.fire('connect');
    expect(onResubscribe).not.toHaveBeenCalled();
    socket.fire('connect');
    expect(socket.emitted.filter((e) => e[0] === 'subscribe')).toHaveLength(2);
    expect(onResubscribe).toHaveBeenCalledTimes(1);
  });

  it('connects again after the server closed the socket (a restart), but not after a sign-out', async () => {
    rt.listenRealtime({ onEvent: vi.fn() });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    vi.useFakeTimers();
    try {
      socket.fire('disconnect', 'transport close'); // socket.io retries this one itself
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(rt.SERVER_DISCONNECT_RETRY_MS);
      expect(socket.connects).toBe(1);
      socket.fire('disconnect', 'io server disconnect');
      session.clearSession();
      vi.advanceTimersByTime(rt.SERVER_DISCONNECT_RETRY_MS);
      expect(socket.connects).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the connection on sign-out and opens a new one for the next user', async () => {
    rt.listenRealtime({ onEvent: vi.fn() });
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    session.clearSession();
    await vi.waitFor(() => expect(sockets[0]!.disconnected).toBe(true));
    session.saveSession(user(6), 'tok456');
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    sockets[1]!.fire('connect');
    expect(sockets[1]!.emitted[0]?.slice(0, 2)).toEqual(['subscribe', 'chat_user_6']);
  });

  it('does not connect without a session', async () => {
    session.clearSession();
    rt.listenRealtime({ onEvent: vi.fn() });
    await new Promise((r) => setTimeout(r, 10));
    expect(io).not.toHaveBeenCalled();
  });

  it('useChatEvents hands over the events of its own chat only', async () => {
    const onEvent = vi.fn();
    const { unmount } = renderHook(() => rt.useChatEvents(3, { onEvent }));
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.fire('UpdateMessageEvent', payload(4));
    sockets[0]!.fire('UpdateMessageEvent', payload(3));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith('UpdateMessageEvent', payload(3));
    unmount();
    sockets[0]!.fire('UpdateMessageEvent', payload(3));
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('listenRealtimeEvent forwards other events of the same channel on the one connection', async () => {
    const onChat = vi.fn();
    rt.listenRealtime({ onEvent: onChat });
    const onFeedback = vi.fn();
    const stop = rt.listenRealtimeEvent('FeedbackMessageEvent', onFeedback);
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    // A listener that comes after the socket is open is bound too, and only once.
    const late = vi.fn();
    rt.listenRealtimeEvent('FeedbackMessageEvent', late);
    await vi.waitFor(() => expect(socket.handlers.get('FeedbackMessageEvent')).toHaveLength(1));
    socket.fire('FeedbackMessageEvent', { feedback_id: 7 });
    expect(onFeedback).toHaveBeenCalledWith({ feedback_id: 7 });
    expect(late).toHaveBeenCalledWith({ feedback_id: 7 });
    expect(onChat).not.toHaveBeenCalled();
    stop();
    socket.fire('FeedbackMessageEvent', { feedback_id: 8 });
    expect(onFeedback).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('useRealtimeEvent connects on its own, hears its event and is told after a reconnection', async () => {
    const onEvent = vi.fn();
    const onResubscribe = vi.fn();
    const { unmount } = renderHook(() => rt.useRealtimeEvent('FeedbackMessageEvent', onEvent, onResubscribe));
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    socket.fire('connect');
    socket.fire('connect');
    expect(onResubscribe).toHaveBeenCalledTimes(1);
    socket.fire('FeedbackMessageEvent', { feedback_id: 1 });
    expect(onEvent).toHaveBeenCalledWith({ feedback_id: 1 });
    unmount();
    socket.fire('FeedbackMessageEvent', { feedback_id: 2 });
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('any other failure of the config call leaves no connection behind', async () => {
    call.mockImplementationOnce(async () => {
      throw new Error('Network Error');
    });
    rt.listenRealtimeEvent('FeedbackMessageEvent', vi.fn());
    await new Promise((r) => setTimeout(r, 10));
    expect(io).not.toHaveBeenCalled();
  });
});
