import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiDocsAccess } from './routes';

/** The reference's addresses: the document, the page, its script, a file of Swagger UI, its own copy of the document. */
const URLS = ['/api/openapi.json', '/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui.css', '/api/docs/json'];

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const bearer = (authorization: string) => ({ authorization });
/** The session cookie as the web app stores it, which a browser sends when it opens the page itself. */
const cookie = (authorization: string) => ({ cookie: `BEARER_TOKEN=${encodeURIComponent(authorization)}` });

describe("API_DOCS 'admin'", () => {
  let t: TestApp;
  let admin: string;
  let cm: string;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'admin' });
    [admin, cm] = [await t.login('admin'), await t.login('cm')];
  });
  afterAll(() => t?.close());

  it.each(URLS)('%s: an admin 200, a cm 403, nobody 401, in the API error shape', async (url) => {
    expect((await get(t, url, bearer(admin))).statusCode).toBe(200);
    const refused = await get(t, url, bearer(cm));
    expect([refused.statusCode, refused.json()]).toEqual([403, { status: 'error', message: 'No access', message_key: 'no_access' }]);
    const anonymous = await get(t, url);
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { status: 'error', message: 'Unauthenticated', message_key: 'unauthenticated' }]);
  });

  it("opens the page and the document with the admin's session cookie, as a browser does", async () => {
    for (const url of ['/api/docs', '/api/openapi.json']) expect((await get(t, url, cookie(admin))).statusCode, url).toBe(200);
    expect((await get(t, '/api/docs', cookie(cm))).statusCode).toBe(403);
    expect((await get(t, '/api/docs', { cookie: 'BEARER_TOKEN=Bearer%20not-a-session' })).statusCode).toBe(401);
  });

  it("serves a page that runs under the app's Content-Security-Policy: scripts from this origin, none inline", async () => {
    const page = await get(t, '/api/docs', bearer(admin));
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//);
      expect(inline!.trim()).toBe('');
    }
    const initializer = await get(t, '/api/docs/static/swagger-initializer.js', bearer(admin));
    expect(initializer.body).toContain('"url":"/api/openapi.json"');
  });
});

describe("API_DOCS 'public'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t?.close());

  it.each(URLS)('%s: open without signing in', async (url) => {
    expect((await get(t, url)).statusCode).toBe(200);
  });
});

describe("API_DOCS 'off'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'off' });
  });
  afterAll(() => t?.close());

  it.each(URLS)("%s: 404 'Not found', even for an admin", async (url) => {
    const res = await get(t, url, bearer(await t.login('admin')));
    expect([res.statusCode, res.json()]).toEqual([404, { status: 'error', message: 'Not found', message_key: 'not_found' }]);
  });
});

describe('the default of API_DOCS', () => {
  const access = (env: Record<string, string>) => apiDocsAccess(loadConfig({ DATA_DIR: '/tmp', ...env }));

  it('is public in development and for signed-in admins elsewhere; a value set wins', () => {
    expect(access({ NODE_ENV: 'development' })).toBe('public');
    expect(access({ NODE_ENV: 'production' })).toBe('admin');
    expect(access({})).toBe('admin');
    expect(access({ NODE_ENV: 'test' })).toBe('admin');
    expect(access({ NODE_ENV: 'production', API_DOCS: 'public' })).toBe('public');
    expect(access({ NODE_ENV: 'development', API_DOCS: 'off' })).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });
});
