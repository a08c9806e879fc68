import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, MAX_TRACKER_IMPORT_BYTES, UPLOAD_MESSAGES, type Endpoint, type Role } from '@promo/shared';
import { contractEndpoints, rolesFor } from './fuzz/endpoints';
import { head, RawConnection } from './raw-http';
import { registeredRoutes } from './registered-routes';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 33 point 3: every call that takes a body answers a declared Content-Length over its limit
 * with 413 before a byte of the body is sent, and the client reads the whole answer. The calls are
 * the contracts' (all of them with a body, multipart or not), so a call added later is covered.
 */
const UPLOAD_LIMIT = 100_000;
const MIB = 1024 * 1024;
let t: TestApp;
let port: number;
const tokens = new Map<Role, Promise<string>>();
const signIn = (role: Role) => tokens.get(role) ?? tokens.set(role, t.login(role)).get(role)!;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) }, { ownStorage: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const withBody = contractEndpoints().filter(({ endpoint }) => endpoint.body || endpoint.multipart);
const MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=promoDeclared'];

/** A caller the call lets in (its guard is not what answers), and the call's path with its example's parameters. */
async function callerAndUrl(endpoint: Endpoint) {
  const role = rolesFor(endpoint).allowed.find((r): r is Role => r !== null && r !== 'unnamed-distributor');
  const params = (endpoint.example as { params?: Record<string, string | number> }).params;
  return { authorization: endpoint.access === 'public' || !role ? undefined : await signIn(role), url: fillPath(endpoint.path, params ?? {}) };
}

/** Sends only the head (and `body`, if given) and reads the answer. */
async function declare(method: string, url: string, headers: Record<string, string | number | undefined>, body?: Buffer) {
  const c = await RawConnection.open(port);
  await c.send(head(method, url, headers));
  if (body) await c.send(body);
  const answer = await c.answer();
  const serverClosed = c.serverClosed;
  await c.end();
  return { answer, errors: c.errors, serverClosed };
}

describe('a declared body over the call’s limit', () => {
  it('is checked on every registered call that takes a body', () => {
    const registered = new Set(registeredRoutes(t.app));
    expect(withBody.length).toBeGreaterThan(50);
    for (const { endpoint } of withBody) expect(registered).toContain(`${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`);
  });

  it.each(withBody.map((e) => [e.name, e.endpoint] as const))('%s: 4 GiB declared is answered 413 unread, whatever the media type', async (_name, endpoint) => {
    const { authorization, url } = await callerAndUrl(endpoint);
    const fileField = Object.keys(endpoint.multipart ?? {})[0];
    for (const type of MEDIA_TYPES) {
      const { answer, errors } = await declare(endpoint.method, url, { authorization, 'content-type': type, 'content-length': 4 * 1024 ** 3 });
      expect(answer?.status, `${type}: ${answer?.body}`).toBe(413);
      expect(errors, type).toEqual([]);
      expect(answer!.headers.connection, type).toBe('close');
      const body = JSON.parse(answer!.body);
      if (type.startsWith('multipart') && fileField) {
        expect(body).toMatchObject({ status: 'error', message: UPLOAD_MESSAGES.tooLarge, errors: { [fileField]: ['file_too_large'] } });
      } else {
        expect(body).toMatchObject({ status: 'error', code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
      }
    }
  });

  it('a JSON body may declare the body limit (1 MiB) and no more', async () => {
    const json = (size: number) => {
      const text = Buffer.from(`{"email":"${'a'.repeat(size - 12)}"}`);
      expect(text.length).toBe(size);
      return text;
    };
    const atLimit = await declare('POST', '/api/auth/login', { 'content-type': 'application/json', 'content-length': MIB }, json(MIB));
    expect(atLimit.answer?.status).toBe(422);
    expect(atLimit.errors).toEqual([]);
    const over = await declare('POST', '/api/auth/login', { 'content-type': 'application/json', 'content-length': MIB + 1 });
    expect(over.answer?.status).toBe(413);
  });

  it('an upload may declare the file limit and 1 KiB of framing; a call with fields also the body limit', async () => {
    const designer = await signIn('designer');
    const boundary = 'promoExact';
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_LIMIT - 9, 0x41)]);
    const exact = (total: number) => {
      const before = (pad: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pad"\r\n\r\n${pad}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="exact.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      const after = Buffer.from(`\r\n--${boundary}--\r\n`);
      const pad = 'p'.repeat(total - before('').length - pdf.length - after.length);
      return Buffer.concat([before(pad), pdf, after]);
    };
    const headers = (length: number) => ({ authorization: designer, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length });
    const limit = UPLOAD_LIMIT + 1024;
    const atLimit = await declare('POST', '/api/files/upload', headers(limit), exact(limit));
    expect(atLimit.answer?.status, atLimit.answer?.body).toBe(201);
    expect(atLimit.errors).toEqual([]);
    const over = await declare('POST', '/api/files/upload', headers(limit + 1));
    expect(over.answer?.status).toBe(413);

    // The chat message: the file limit, the body limit for its fields, the framing.
    const chat = await declare('POST', '/api/design-chat', headers(UPLOAD_LIMIT + MIB + 1024 + 1));
    expect(chat.answer?.status).toBe(413);
    expect(JSON.parse(chat.answer!.body).errors).toEqual({ url_file: ['file_too_large'] });

    // The tracker import reads a file of at most 5 MiB: its limit is that and the framing.
    const distributor = await signIn('distributor');
    const tracker = await declare('POST', '/api/promotion-distributor/import-trackers?promotion_id=1', { ...headers(MAX_TRACKER_IMPORT_BYTES + 1024 + 1), authorization: distributor });
    expect(tracker.answer?.status).toBe(413);
    expect(JSON.parse(tracker.answer!.body).errors).toEqual({ file: ['file_too_large'] });
  });
});
