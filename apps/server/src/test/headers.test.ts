import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { uploadFile } from './design-fixture';
import { pngImage } from './images';
import { createTestApp, type TestApp } from './test-app';

// What the browser and any cache between are told (decision 009).

let t: TestApp;
let admin: string;
let station: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, station] = await Promise.all([t.login('admin'), t.login('user')]);
});
afterAll(() => t?.close());

const directive = (csp: string | undefined, name: string) =>
  csp
    ?.split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

describe('Cache-Control of the API', () => {
  it('is no-store on answers, errors included, under /api and /company_api', async () => {
    const answers = [
      await t.form('GET', '/api/products', undefined, admin),
      await t.form('GET', '/api/web-socket/get-reverb-data', undefined, admin),
      await t.form('GET', '/company_api/user-promotion', undefined, station),
      await t.form('POST', '/api/auth/login', { email: 'admin@demo.no', password: 'wrong-password' }),
      await t.form('GET', '/api/users'),
      await t.form('GET', '/api/users', undefined, station),
      await t.form('GET', '/api/no-such-thing', undefined, admin),
      await t.form('GET', '/company_api/no-such-thing', undefined, station),
      await t.form('POST', '/api/products', { name: '' }, admin),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 401, 403, 404, 404, 422, 400]);
    for (const res of answers) expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store');
  });

  it('lets an image keep its private cache, but not an error of the image route', async () => {
    const id = await uploadFile(t, admin, 'bilde.png', await pngImage(), 'image');
    const image = await t.form('GET', `/api/images/${id}`, undefined, admin);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const missing = await t.form('GET', '/api/images/999999999', undefined, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('Content-Security-Policy connect-src', () => {
  it('allows this origin only: no WebSocket to any other host', async () => {
    const csp = (await t.form('GET', '/api/web-socket/get-reverb-data', undefined, admin)).headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
  });

  it("adds PUBLIC_URL's WebSocket origin when it is set", async () => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', PUBLIC_URL: 'https://kampanje.example.no/app/' });
    const app = await buildApp({ config, db: t.database.db, storage: t.storage });
    try {
      const csp = (await app.inject('/api/no-such-thing')).headers['content-security-policy'] as string;
      expect(directive(csp, 'connect-src')).toEqual(["'self'", 'wss://kampanje.example.no']);
    } finally {
      await app.close();
    }
  });
});
