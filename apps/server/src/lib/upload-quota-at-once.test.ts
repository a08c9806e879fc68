import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_UPLOAD_QUOTA } from '@promo/shared';
import { files, systemSettings } from '../db/schema';
import { newUser } from '../test/design-fixture';
import { multipartBody, createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 33: the upload quota (decision 028) holds when a user's uploads arrive at once. The refusal of
 * one upload past the quota, on both engines, is in test/upload-limits.test.ts.
 */
describe.skipIf(!inject('testDatabaseUrl'))('uploads sent at once against the quota (needs PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a user five files short of the quota sends twenty at once: five are kept, fifteen get the 429', async () => {
    const admin = await t.login('admin');
    const user = await newUser(t, admin, 'designer');
    const [settings] = await t.database.db.select({ files: systemSettings.upload_quota_files }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
    const quota = settings?.files ?? DEFAULT_UPLOAD_QUOTA.files;
    // Earlier uploads nobody has claimed yet, written as the upload step records them.
    await t.database.db.insert(files).values(
      Array.from({ length: quota - 5 }, (_, i) => ({ storage_key: `quota-test/${randomUUID()}`, original_name: `earlier-${i}.pdf`, size: 10, content_type: 'application/pdf', sha256: '', uploaded_by: user.id })),
    );
    const send = (i: number) => {
      const { payload, headers } = multipartBody({ name: `samtidig-${i}.pdf`, content: Buffer.from(`%PDF-1.4\n${i}\n`) });
      return t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: user.token } });
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message_key).toBe('upload_quota_exceeded');
    }
    const unclaimed = await t.database.db.select({ id: files.id }).from(files).where(and(eq(files.uploaded_by, user.id), isNull(files.owner_table)));
    expect(unclaimed).toHaveLength(quota);
  });
});
