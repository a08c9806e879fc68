import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { chatChannel, type ChatEvent, type ChatEventPayload } from '@promo/shared';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { TestApp } from './test-app';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sockets: Socket[] = [];

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * An instance on the test app's database joined to the others through Redis, as another server
 * process would be. Fails (does not skip) when Redis at TEST_REDIS_URL cannot be reached.
 */
export function processOnRedis(t: TestApp): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL });
  return buildApp({ config, db: t.database.db, storage: t.storage });
}

/** A socket as the web opens it; the token is the bearer token without 'Bearer '. */
export function connect(url: string, token?: string, transports: ('websocket' | 'polling')[] = ['websocket']): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', auth: token === undefined ? {} : { token: token.replace(/^Bearer /, '') }, transports, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connected and subscribed to its own channel. */
export async function participant(url: string, token: string, id: number): Promise<Socket> {
  const socket = await connect(url, token);
  expect(await socket.timeout(1000).emitWithAck('subscribe', chatChannel(id))).toEqual({ ok: true });
  return socket;
}

/** Closes every socket this file opened (afterAll). */
export function disconnectAll() {
  for (const s of sockets) s.disconnect();
}

/** Every event the socket receives, for later checks. */
export function record(socket: Socket): { event: ChatEvent; payload: ChatEventPayload }[] {
  const seen: { event: ChatEvent; payload: ChatEventPayload }[] = [];
  socket.onAny((event: ChatEvent, payload: ChatEventPayload) => seen.push({ event, payload }));
  return seen;
}

/** The next `event` whose payload matches; chat events unless another payload type is named. */
export function next<P = ChatEventPayload>(socket: Socket, event: string, match: (p: P) => boolean, ms = 1000): Promise<P> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`${event} did not arrive within ${ms} ms`));
    }, ms);
    const listener = (payload: P) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Resolves when the server closes the socket, or fails after `ms`. */
export function closedWithin(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already closed');
    const timer = setTimeout(() => reject(new Error(`the socket was still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
