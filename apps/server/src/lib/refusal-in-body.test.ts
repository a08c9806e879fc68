import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import qs from 'qs';
import { files } from '../db/schema';
import { designFixture, newUser } from '../test/design-fixture';
import { filesOnDisk, formData } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { REFUSAL_PREFERENCE, REFUSAL_STATUS_HEADER } from './refusal-in-body';

// Issue 22 point 16: the web app asks for a change's 422 in a 200, so Chromium prints no console error.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownStorage: true });
  admin = await t.login('admin');
}, 180_000);
afterAll(() => t?.close());

const PREFER = { prefer: REFUSAL_PREFERENCE };
const takenEmail = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: qs.stringify({ email: 'printer@demo.no', password: 'Secret2026', name: 'Dobbel', role: 'printer', phone: '+47 22 00 00 00', post_address: 'Storgata 1', company_name: 'Test AS' }),
    headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe('Prefer: refusal=in-body', () => {
  it('answers a refused change with 200 and the 422 body, marked Preference-Applied; without it, 422', async () => {
    const plain = await takenEmail();
    expect(plain.statusCode).toBe(422);
    expect(plain.headers['preference-applied']).toBeUndefined();
    const asked = await takenEmail(PREFER);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['preference-applied']).toBe(REFUSAL_PREFERENCE);
    expect(asked.headers[REFUSAL_STATUS_HEADER]).toBe('422');
    expect(asked.headers['cache-control']).toBe('no-store');
    expect(asked.json()).toEqual(plain.json());
    expect(asked.json()).toMatchObject({ status: 'error', errors: { email: ['email_taken'] } });
    // Among other preferences, in any case.
    expect((await takenEmail({ prefer: 'respond-async, Refusal=In-Body' })).statusCode).toBe(200);
  });

  it("answers the sign-in's wrong e-mail or password the same way, as the 401 it stands for", async () => {
    const login = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: qs.stringify({ email: 'nobody@example.no', password: 'Wrong-2026' }), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
    const plain = await login();
    expect(plain.statusCode).toBe(401);
    const asked = await login(PREFER);
    expect([asked.statusCode, asked.headers['preference-applied'], asked.headers[REFUSAL_STATUS_HEADER]]).toEqual([200, REFUSAL_PREFERENCE, '401']);
    expect(asked.json()).toEqual(plain.json());
  });

  it('leaves reads, other refusals and successes as they are', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/promotion-surface-design/get-promotion-surface-design?promotion_id=x', headers: { authorization: admin, ...PREFER } });
    expect(read.statusCode).toBe(422);
    expect(read.headers['preference-applied']).toBeUndefined();
    const designer = await t.login('designer');
    const refused = await t.app.inject({ method: 'POST', url: '/api/users', payload: 'email=x', headers: { authorization: designer, 'content-type': 'application/x-www-form-urlencoded', ...PREFER } });
    expect(refused.statusCode).toBe(403);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: qs.stringify({ email: 'admin@demo.no', password: 'Demo2026' }), headers: { 'content-type': 'application/x-www-form-urlencoded', ...PREFER } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['preference-applied']).toBeUndefined();
  });

  it('still removes the files of a refused multipart change', async () => {
    const editor = await newUser(t, admin, 'cm-admin');
    const d = await designFixture(t, admin);
    const diskBefore = filesOnDisk(t.filesDir);
    const pdf = Buffer.from('%PDF-1.4\nbrief\n');
    const { payload, headers } = formData([
      ['files[0]', { filename: 'brief.pdf', content: pdf }],
      ['files[1]', { filename: 'skisse.png', content: pdf }],
      ['promotion_surface_design_id', String(d.psdId)],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/promotion-surface-design/set-files-brief-design',
      payload,
      headers: { ...headers, authorization: editor.token, ...PREFER },
    });
    expect([res.statusCode, res.headers['preference-applied'], res.json().errors]).toEqual([200, REFUSAL_PREFERENCE, { 'files.1': ['unsupported_file_type'] }]);
    expect(await t.database.db.select().from(files).where(eq(files.uploaded_by, editor.id))).toEqual([]);
    expect(filesOnDisk(t.filesDir)).toEqual(diskBefore);
  });
});
