import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import pino from 'pino';
import { inArray } from 'drizzle-orm';
import { serverSecrets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadVapidKeys } from './vapid';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

const names = ['vapid_public_key', 'vapid_private_key'];
const env = { VAPID_SUBJECT: 'mailto:ops@example.no' };

describe('VAPID keys', () => {
  it('are made once and stored; processes starting at once all read the same pair; the first logs it', async () => {
    await t.database.db.delete(serverSecrets).where(inArray(serverSecrets.name, names));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const loaded = await Promise.all([1, 2, 3, 4].map(() => loadVapidKeys(t.database.db, env, log)));
    expect(new Set(loaded.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(loaded.map((k) => k.privateKey)).size).toBe(1);
    expect(lines.filter((l) => l.includes('made a VAPID key pair'))).toHaveLength(1);
    const stored = await t.database.db.select().from(serverSecrets).where(inArray(serverSecrets.name, names));
    expect(stored.find((r) => r.name === 'vapid_public_key')?.value).toBe(loaded[0]!.publicKey);
    // A later start reuses it and says nothing.
    expect(await loadVapidKeys(t.database.db, env, log)).toEqual(loaded[0]);
    expect(lines).toHaveLength(1);
    // The pair is a working one: web-push signs with it.
    expect(() => webpush.getVapidHeaders('https://push.example.com', env.VAPID_SUBJECT, loaded[0]!.publicKey, loaded[0]!.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('come from the environment when it has them, and the app serves that public key', async () => {
    const own = webpush.generateVAPIDKeys();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', VAPID_PUBLIC_KEY: own.publicKey, VAPID_PRIVATE_KEY: own.privateKey });
    const app = await buildApp({ config, db: t.database.db, storage: t.storage });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers: { authorization: await t.login('user') } });
      expect(res.json().data.public_key).toBe(own.publicKey);
    } finally {
      await app.close();
    }
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: own.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(loadConfig({ PUSH_ALLOWED_ORIGINS: ' https://127.0.0.1:4443/push , https://Push.Example.com ' }).PUSH_ALLOWED_ORIGINS).toEqual(['https://127.0.0.1:4443', 'https://push.example.com']);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'https://ok.example.com,not an origin' })).toThrow(/PUSH_ALLOWED_ORIGINS: not an origin/);
  });
});
