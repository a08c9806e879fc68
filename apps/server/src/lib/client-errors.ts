import http from 'node:http';
import type { Socket } from 'node:net';
import { closeGently, isClosing } from './early-answers';

/** Node's parser error; `rawPacket` is the chunk it failed in, `bytesParsed` how far it got. */
type ParserError = Error & { code?: string; rawPacket?: unknown; bytesParsed?: number };

/**
 * The request line never ended within the header limit: the chunk that overflowed is the socket's
 * first and holds no line break before the point of failure. A long URL on a connection already
 * used, or one that arrives in several chunks, is answered 431 as the headers' size.
 */
function urlTooLong(err: ParserError, socket: Socket): boolean {
  const raw = err.rawPacket;
  if (!Buffer.isBuffer(raw) || socket.bytesRead !== raw.length) return false;
  return !raw.subarray(0, err.bytesParsed ?? raw.length).includes('\r\n');
}

function refusalOf(err: ParserError, socket: Socket): { status: number; message: string; code: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return urlTooLong(err, socket)
      ? { status: 414, message: 'The URL is too long', code: 'URL_TOO_LONG' }
      : { status: 431, message: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' };
  return { status: 400, message: 'The request could not be read', code: err.code ?? 'BAD_REQUEST' };
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before any route sees the request
 * (headers or URL over the 16 KiB header limit, a malformed request line or header, a body framed
 * wrongly, headers that never finish arriving). The answer has the shape of every other refusal
 * and the connection is closed gently (lib/early-answers.ts): Node's and Fastify's own handlers
 * destroy the socket right after writing, so a client still sending its headers or body read a
 * reset instead of the answer.
 */
export function answerClientError(err: ParserError, socket: Socket): void {
  // The parser fails again for every chunk that arrives while the socket closes.
  if (err.code === 'ECONNRESET' || socket.destroyed || isClosing(socket)) return;
  // A request whose answer has started (Node's own check): nothing can be written in its middle.
  const inFlight = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy(err);
    return;
  }
  const { status, message, code } = refusalOf(err, socket);
  const body = JSON.stringify({ status: 'error', message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  closeGently(socket);
}
