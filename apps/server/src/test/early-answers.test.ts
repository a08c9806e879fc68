import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@promo/shared';
import { LINGER_BYTES } from '../lib/early-answers';
import { head, RawConnection } from './raw-http';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 33 point 5: a refusal that comes before the end of the request (a bad header, a file part
 * refused by its name) reaches the client whole, with no ECONNRESET or EPIPE, whether the client
 * sends its body at once or only after it has read the answer; and the server reads only a bounded
 * remainder of a body it refused. Real sockets: light-my-request has none, so it hides all of this.
 */
let t: TestApp;
let port: number;
let designer: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownStorage: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  designer = await t.login('designer');
});
afterAll(() => t?.close());

const BOUNDARY = 'promoEarly';
const multipart = (length: number) => ({ authorization: designer, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': length });
const partHead = (filename: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
/** A whole one-file multipart body: the part's head with the first byte of its content, then the other `size - 1` bytes and the closing boundary. */
const upload = (filename: string, size: number) => {
  const start = Buffer.concat([partHead(filename), Buffer.from('A')]);
  const end = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { start, rest: Buffer.concat([Buffer.alloc(size - 1, 0x41), end]), length: start.length + size - 1 + end.length };
};

/**
 * One request on its own connection. `sendRest` 'first': the whole body goes out before the client
 * looks at the answer; 'after-answer': the client sends the head and `start`, reads the answer,
 * then sends the rest (after the server's FIN, when the answer closes the connection), as a client
 * does whose body is still on its way when the answer comes.
 */
async function exchange(requestHead: string, start: Buffer, rest: Buffer, sendRest: 'first' | 'after-answer') {
  const c = await RawConnection.open(port);
  await c.send(requestHead);
  await c.send(start);
  if (sendRest === 'first') await c.send(rest);
  const answer = await c.answer();
  if (sendRest === 'after-answer') {
    if (answer?.headers.connection === 'close') await c.serverEnd();
    await c.send(rest);
  }
  // A connection the answer kept open takes the next request.
  let next = null;
  if (answer && answer.headers.connection !== 'close') {
    await c.send(head('GET', '/healthz'));
    next = await c.answer();
  }
  await c.end();
  return { answer, next, errors: c.errors };
}

describe('refusals reach the client whole', () => {
  it.each(['first', 'after-answer'] as const)('40 small unsupported uploads one after the other, body sent %s: 422 each, no reset', async (sendRest) => {
    const file = upload('virus.exe', 20_000);
    for (let i = 0; i < 40; i++) {
      const { answer, next, errors } = await exchange(head('POST', '/api/files/upload', multipart(file.length)), file.start, file.rest, sendRest);
      expect(errors, `upload ${i}`).toEqual([]);
      expect(answer?.status, `upload ${i}`).toBe(422);
      expect(JSON.parse(answer!.body)).toMatchObject({ message: UPLOAD_MESSAGES.unsupported, errors: { file: ['unsupported_file_type'] } });
      // A small rest is read and dropped: the connection serves the next request.
      expect(next?.status, `upload ${i}`).toBe(200);
    }
  });

  it.each(['first', 'after-answer'] as const)('40 small unsupported uploads at once, body sent %s: 422 each, no reset', async (sendRest) => {
    const file = upload('virus.exe', 20_000);
    const all = await Promise.all(
      Array.from({ length: 40 }, () => exchange(head('POST', '/api/files/upload', multipart(file.length)), file.start, file.rest, sendRest)),
    );
    expect(all.flatMap((r) => r.errors)).toEqual([]);
    expect(all.map((r) => r.answer?.status)).toEqual(Array(40).fill(422));
    expect(all.map((r) => r.next?.status)).toEqual(Array(40).fill(200));
  });

  const file = upload('plakat.pdf', 200_000);
  // Built when a test runs: the designer signs in before.
  const badHeads: [string, () => string, number, string][] = [
    ['a URL over the header limit', () => head('POST', `/api/files/upload?kind=${'a'.repeat(20_000)}`, multipart(file.length)), 414, 'URL_TOO_LONG'],
    ['headers over the header limit', () => head('POST', '/api/files/upload', { ...multipart(file.length), 'x-padding': 'p'.repeat(20_000) }), 431, 'HEADERS_TOO_LARGE'],
    ['a header the parser refuses', () => head('POST', '/api/files/upload', { ...multipart(file.length), 'x-bad': 'a\u0001b' }), 400, 'HPE_INVALID_HEADER_TOKEN'],
    ['a path part over 100 characters', () => head('POST', `/api/files/surfaces/${'1'.repeat(200)}/set-image`, multipart(file.length)), 414, 'FST_ERR_MAX_PARAM_LENGTH'],
    ['multipart without a boundary', () => head('POST', '/api/files/upload', { ...multipart(file.length), 'content-type': 'multipart/form-data' }), 400, 'malformed_multipart'],
  ];
  // The parser looks for this boundary until the body ends: the answer can only come after it.
  const wrongBoundary: (typeof badHeads)[number] = [
    'a boundary the body does not use',
    () => head('POST', '/api/files/upload', { ...multipart(file.length), 'content-type': 'multipart/form-data; boundary=other' }),
    400,
    'malformed_multipart',
  ];
  for (const sendRest of ['first', 'after-answer'] as const) {
    it.each(sendRest === 'first' ? [...badHeads, wrongBoundary] : badHeads)(`%s, body sent ${sendRest}: the answer arrives whole, no reset`, async (_what, requestHead, status, code) => {
      const { answer, errors } = await exchange(requestHead(), file.start, file.rest, sendRest);
      expect(errors).toEqual([]);
      expect(answer?.status, answer?.body).toBe(status);
      const body = JSON.parse(answer!.body);
      expect(body.status).toBe('error');
      expect(body.code ?? body.message_key).toBe(code);
    });
  }
});

describe('the server reads a bounded remainder of a refused body', () => {
  /** A client that never looks at the answer and sends a body without end. */
  async function endless(requestHead: string, start: Buffer) {
    const c = await RawConnection.open(port);
    await c.send(requestHead);
    await c.send(start);
    c.sendEndlessly(Buffer.alloc(64 * 1024, 0x41));
    const answer = await c.answer();
    await c.closed();
    return { answer, bytesWritten: c.bytesWritten };
  }
  // What the kernels' socket buffers on both sides hold, beyond what the server read.
  const BUFFERS = 32 * 1024 * 1024;

  it('an upload refused by its name, declaring 900 MB: answered, then closed after at most the linger', async () => {
    const { answer, bytesWritten } = await endless(head('POST', '/api/files/upload', multipart(900_000_000)), partHead('virus.exe'));
    expect(answer?.status).toBe(422);
    expect(answer?.headers.connection).toBe('close');
    expect(bytesWritten).toBeLessThan(LINGER_BYTES + BUFFERS);
  });

  it('a refused header followed by a body without end: answered, then closed after at most the linger', async () => {
    const { answer, bytesWritten } = await endless(head('POST', '/api/files/upload', { ...multipart(900_000_000), 'x-padding': 'p'.repeat(20_000) }), partHead('a.pdf'));
    expect(answer?.status).toBe(431);
    expect(bytesWritten).toBeLessThan(LINGER_BYTES + BUFFERS);
  });
});
