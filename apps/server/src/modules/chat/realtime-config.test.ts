import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '@promo/shared';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 007: every signed-in user gets where the socket lives, since chat and feedback share
// the per-user channel; the web has no fallback for a refusal.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it.each(ROLES)('get-reverb-data answers the socket config to %s', async (role) => {
  const res = await t.form('GET', '/api/web-socket/get-reverb-data', undefined, await t.login(role));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ key: 'socket.io', host: '', path: '/socket.io' });
});

it('get-reverb-data refuses anonymous callers (401)', async () => {
  const res = await t.form('GET', '/api/web-socket/get-reverb-data');
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ message: 'Unauthenticated' });
});
