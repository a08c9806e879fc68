import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { designFixture, uploadFile } from './design-fixture';
import { createTestApp, type TestApp } from './test-app';

// What travels on a first load (issue 13): the build's brotli and gzip files, the API's JSON
// compressed above a threshold, stored files as stored, and the page a session gets.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe("the API's JSON", () => {
  const products = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/products?count_show=25', headers: { authorization: admin, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('goes as brotli, else gzip, when the client accepts it, with Vary: Accept-Encoding', async () => {
    const plain = await products();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accepts, used] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const res = await products(accepts);
      expect(res.headers['content-encoding']).toBe(used);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(used, res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('goes as it is below 1 KB', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/web-socket/get-reverb-data', headers: { authorization: admin, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a stored file as it was stored, with its length, even when its type compresses well', async () => {
    const d = await designFixture(t, admin);
    const text = Buffer.from('Tekst til plakaten. '.repeat(400));
    const sent = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, file_id: await uploadFile(t, admin, 'tekst.txt', text) }, admin);
    expect(sent.statusCode, sent.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/download-stream?table_name=design_chats&table_id=${d.chatId}&message_id=${sent.json().data.message.message_id}`,
      headers: { authorization: admin, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(text.length));
    expect(res.rawPayload).toEqual(text);
  });
});

describe('the built web app', () => {
  let web: FastifyInstance;
  let dist: string;
  const script = 'export const hello = "hei";\n'.repeat(100);
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Promo</title>');
    fs.writeFileSync(path.join(dist, 'signed-in.html'), '<!doctype html><title>Promo</title><link rel="modulepreload" href="/assets/layout-1.js">');
    fs.mkdirSync(path.join(dist, 'signed-in', 'user-promotions'), { recursive: true });
    const routes = [
      { path: '/company-planner', file: 'signed-in/company-planner.html' },
      { path: '/user-promotions/:id', file: 'signed-in/user-promotions/_id.html' },
    ];
    fs.writeFileSync(path.join(dist, 'signed-in', 'routes.json'), JSON.stringify(routes));
    for (const r of routes) fs.writeFileSync(path.join(dist, r.file), `<!doctype html><title>Promo</title><link rel="modulepreload" href="/assets/${r.path}.js">`);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), zlib.gzipSync(script));
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST: dist });
    web = await buildApp({ config, db: t.database.db, storage: t.storage, serveWeb: true });
  });
  afterAll(async () => {
    await web?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the build's brotli or gzip file as the browser accepts, the plain file otherwise", async () => {
    for (const [accepts, used] of [['gzip, deflate, br', 'br'], ['gzip, deflate', 'gzip'], [undefined, undefined]] as const) {
      const res = await web.inject({ url: '/assets/app-1234.js', headers: accepts ? { 'accept-encoding': accepts } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(used);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(used, res.rawPayload).toString()).toBe(script);
    }
  });

  it('sends the page with the signed-in scripts named only to a browser with a session, off the sign-in page', async () => {
    const session = { cookie: `LANGUAGE=no; BEARER_TOKEN=${encodeURIComponent('Bearer abc')}` };
    const page = async (url: string, headers = {}) => {
      const res = await web.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('accept-encoding, cookie');
      return res.body.includes('modulepreload');
    };
    expect(await page('/')).toBe(false);
    expect(await page('/products')).toBe(false);
    expect(await page('/products', { cookie: 'BEARER_TOKEN=' })).toBe(false);
    expect(await page('/', session)).toBe(true);
    expect(await page('/company-planner?page=2', session)).toBe(true);
    expect(await page('/login', session)).toBe(false);
  });

  it("sends a browser with a session the page that also names its route's scripts", async () => {
    const session = { cookie: `BEARER_TOKEN=${encodeURIComponent('Bearer abc')}` };
    const page = async (url: string, cookie = session) => (await web.inject({ url, headers: cookie })).body;
    expect(await page('/company-planner?page=2')).toContain('/assets//company-planner.js');
    expect(await page('/company-planner/')).toContain('/assets//company-planner.js');
    expect(await page('/user-promotions/17')).toContain('/assets//user-promotions/:id.js');
    // Not a route of the list: the layout's page; one segment more is not the route either.
    expect(await page('/products')).toContain('/assets/layout-1.js');
    expect(await page('/user-promotions/17/x')).toContain('/assets/layout-1.js');
    expect(await page('/company-planner', { cookie: '' })).not.toContain('modulepreload');
  });
});
