import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The shared upload step answers a broken multipart body with 400, stores nothing, and never 500s. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownStorage: true });
  token = await t.login('designer');
});
afterAll(() => t.close());

const upload = (payload: string | Buffer, contentType: string) =>
  t.app.inject({ method: 'POST', url: '/api/files/upload', headers: { authorization: token, 'content-type': contentType }, payload });

describe('POST /api/files/upload with a broken body', () => {
  it('refuses garbage, a missing boundary and a body cut off inside the file', async () => {
    const [designer] = await t.database.db.select().from(users).where(eq(users.email, 'designer@demo.no'));
    const before = await t.database.db.select({ id: files.id }).from(files).where(eq(files.uploaded_by, designer!.id));
    const cutOff = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello wor';
    const answers = [
      await upload('this is not multipart at all', 'multipart/form-data; boundary=b'),
      await upload('--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--b--\r\n', 'multipart/form-data'),
      await upload(cutOff, 'multipart/form-data; boundary=b'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const after = await t.database.db.select({ id: files.id }).from(files).where(eq(files.uploaded_by, designer!.id));
    expect(after).toEqual(before);
  });
});
