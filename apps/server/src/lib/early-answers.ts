import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A refusal often comes before the end of its request's body (a declared size over the limit, a
 * file part refused by its name, a bad header). Closing the socket at once would make the kernel
 * answer the bytes still coming with a reset, which can destroy the answer before the client reads
 * it (ECONNRESET, EPIPE). So (decision 028):
 * - a body of at most DRAIN_LIMIT bytes is read to its end and dropped after the answer, and the
 *   connection stays open for the next request;
 * - a larger body, or one of unknown length, gets `Connection: close`: the server half-closes after
 *   the answer and drops at most LINGER_BYTES more, for at most LINGER_MS, before it closes (a
 *   client that has read the answer stops sending, and its close ends this sooner).
 */
export const DRAIN_LIMIT = 1024 * 1024;
export const LINGER_BYTES = 1024 * 1024;
export const LINGER_MS = 5_000;

const closing = new WeakSet<Socket>();

/** Whether `closeGently` is closing this socket: its further parser errors need no answer. */
export const isClosing = (socket: Socket) => closing.has(socket);

/**
 * Half-closes after what is written, then reads and drops what the client still sends until it
 * closes, LINGER_BYTES more arrive or LINGER_MS pass. `body` is the request the parser feeds, when
 * the parser reads the socket itself (the socket's own 'data' events then stay silent).
 */
export function closeGently(socket: Socket, body?: Readable): void {
  if (socket.destroyed || closing.has(socket)) return;
  closing.add(socket);
  const until = socket.bytesRead + LINGER_BYTES;
  const close = () => socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  const enough = () => {
    if (socket.bytesRead > until) close();
  };
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', enough);
  body?.on('data', enough);
  socket.end();
  // The client has closed its side already (a body cut off), or will when it has read the answer.
  if (socket.readableEnded) socket.once('finish', close);
  else socket.once('end', close);
  socket.resume();
}

/**
 * An app-wide onSend hook: an answer that leaves part of its request's body unread. Nothing reads
 * that rest any more (a multipart parser may still hold it): it is dropped as it comes, and the
 * connection is kept or closed gently as above. A route that closes on purpose
 * (`Connection: close`) is closed gently too.
 */
export async function answerBeforeBodyEnd(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const raw = req.raw;
  if (raw.readableEnded) return payload;
  raw.unpipe();
  raw.resume();
  const declared = Number(req.headers['content-length']);
  const keepOpen = raw.complete || (Number.isFinite(declared) && declared <= DRAIN_LIMIT);
  if (keepOpen && reply.getHeader('connection') !== 'close') return payload;
  reply.header('connection', 'close');
  // Node's server ends a connection after its last answer with destroySoon(): here, gently.
  raw.socket.destroySoon = () => closeGently(raw.socket, raw);
  return payload;
}
