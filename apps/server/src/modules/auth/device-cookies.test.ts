import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog } from '../../db/schema';
import { decodeQp, startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

/**
 * Device cookies (decision 027): failures from strangers lock an account for browsers it has not
 * signed in from, never for the browsers it has; an admin lifts a lock; the owner gets a mail.
 * The app trusts X-Forwarded-For, so each test signs in from addresses of its own.
 */
let t: TestApp;
let other: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ TRUST_PROXY: 'true', SMTP_URL: sink.url });
  // A second server process on the same database.
  other = await createTestApp({ TRUST_PROXY: 'true', SMTP_URL: sink.url }, { database: t.database });
  admin = await t.login('admin');
});
afterAll(async () => {
  await other.close();
  await t.close();
  await sink.close();
});

let net = 0;
const newAddress = () => `10.${(process.pid + 7) % 250}.${200 + Math.floor(++net / 250)}.${net % 250}`;

async function newUser(role = 'admin') {
  const email = uniqueEmail('locked');
  const password = 'Eier2026passord';
  const res = await t.form('POST', '/api/users', { email, password, name: 'Test Eier', role }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, email, password };
}

/** A browser: keeps the cookies the server sets and sends them back, from one address. */
function browser(address = newAddress(), language = 'no') {
  const jar = new Map<string, string>();
  return {
    address,
    jar,
    async login(email: string, password: string, app: TestApp = t): Promise<LightMyRequestResponse> {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': address,
          'accept-language': language,
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        },
        payload: new URLSearchParams({ email, password }).toString(),
      });
      for (const c of res.cookies) jar.set(c.name, c.value);
      return res;
    },
  };
}

/** Five wrong passwords from each of 20 addresses, half through each server process. */
async function attack(email: string) {
  const answers: number[] = [];
  for (let i = 0; i < 20; i++) {
    const bot = browser();
    for (let k = 0; k < 5; k++) answers.push((await bot.login(email, 'Gjett1234feil', i % 2 ? other : t)).statusCode);
  }
  expect(answers.filter((s) => s === 401)).toHaveLength(100);
}

async function usersRow(email: string) {
  const res = await t.form('GET', '/api/users', { obj_search: { field: 'email', input_value: email } }, admin);
  return res.json().data.users.find((u: { email: string }) => u.email === email) as { sign_in_locked: boolean };
}

const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));
async function waitForMail(email: string) {
  for (let i = 0; i < 100 && !mailsTo(email).length; i++) await new Promise((r) => setTimeout(r, 50));
  return mailsTo(email);
}

describe('during a 20-address attack (five wrong passwords from each of 20 addresses)', () => {
  // One attack for the whole block, as it costs 100 password checks: the tests run in order and
  // the last one lifts the lock.
  let owner: Awaited<ReturnType<typeof newUser>>;
  let someone: Awaited<ReturnType<typeof newUser>>;
  /** The owner's browsers: signed in before the attack. `work` also holds another account's cookie. */
  const home = browser(newAddress(), 'en');
  const work = browser();
  const spare = browser();
  /** A browser of another account. */
  const theirs = browser();
  beforeAll(async () => {
    owner = await newUser();
    someone = await newUser('user');
    for (const b of [spare, work, home]) expect((await b.login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await work.login(someone.email, someone.password)).statusCode).toBe(200);
    expect((await theirs.login(someone.email, someone.password)).statusCode).toBe(200);
    await attack(owner.email);
  }, 180_000);

  it('locks the account for 60 minutes for a browser it has not signed in from, also at its own address', async () => {
    const fresh = await browser(home.address).login(owner.email, owner.password);
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message_params.minutes).toBe(60);
  });

  it('lets the owner sign in from its known browsers, through either server process', async () => {
    expect((await home.login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await home.login(owner.email, owner.password, other)).statusCode).toBe(200);
    // A browser trusted for two accounts stays trusted for both.
    expect((await work.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("counts a known browser's own mistyping on its own", async () => {
    for (let i = 0; i < 4; i++) expect((await home.login(owner.email, 'Skrivefeil1')).statusCode).toBe(401);
    expect((await home.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it("refuses a forged cookie, or another account's, as it refuses no cookie", async () => {
    const forged = browser(home.address);
    // One character of the signature changed.
    for (const [k, v] of home.jar) forged.jar.set(k, `${v.slice(0, -10)}${v.at(-10) === 'A' ? 'B' : 'A'}${v.slice(-9)}`);
    expect((await forged.login(owner.email, owner.password)).statusCode).toBe(429);
    const foreign = browser(home.address);
    for (const [k, v] of theirs.jar) foreign.jar.set(k, v);
    expect((await foreign.login(owner.email, owner.password)).statusCode).toBe(429);
    // Wrong passwords with a cookie that counts for nothing are refused unchecked.
    expect((await foreign.login(owner.email, 'Gjett1234feil')).statusCode).toBe(429);
  });

  it('gives a stolen device cookie five guesses, then locks that cookie only', async () => {
    const thief = browser();
    for (const [k, v] of spare.jar) thief.jar.set(k, v);
    for (let i = 0; i < 5; i++) expect((await thief.login(owner.email, 'Gjett1234feil')).statusCode).toBe(401);
    expect((await thief.login(owner.email, owner.password)).statusCode).toBe(429);
    expect((await spare.login(owner.email, owner.password)).statusCode).toBe(429);
    expect((await home.login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('mails the owner once, when the lockout started, in the language of its last sign-in', async () => {
    const mails = await waitForMail(owner.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(owner.email)).toHaveLength(1);
    const text = decodeQp(mails[0]!.raw);
    expect(text).toMatch(/Subject: Sign-in to your account is locked/);
    expect(text).toContain('browsers you have signed in from before');
    expect(text).not.toContain('Innlogging');
  });

  it('shows the lock in the users list to an admin, and lets no one else lift it', async () => {
    expect((await usersRow(owner.email)).sign_in_locked).toBe(true);
    for (const role of ['cm-admin', 'cm', 'designer', 'user'] as const) {
      const res = await t.form('POST', '/api/users/unlock-sign-in', { user_id: owner.id }, await t.login(role));
      expect(res.statusCode, role).toBe(403);
    }
    expect((await browser().login(owner.email, owner.password)).statusCode).toBe(429);
  });

  it('lets an admin lift the lock, the device cookie locks with it, audited', async () => {
    const res = await t.form('POST', '/api/users/unlock-sign-in', { user_id: owner.id }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_key: 'sign_in_unlocked' });
    expect((await usersRow(owner.email)).sign_in_locked).toBe(false);
    expect((await browser().login(owner.email, owner.password, other)).statusCode).toBe(200);
    expect((await spare.login(owner.email, owner.password)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entity_id, owner.id), eq(auditLog.action, 'sign_in_unlocked')));
    expect(audit).toHaveLength(1);
  });
});

describe('the device cookie', () => {
  it('is an HttpOnly, SameSite=Strict cookie for the sign-in call only, Secure over HTTPS, set on success only', async () => {
    const owner = await newUser('user');
    const plain = await browser().login(owner.email, owner.password);
    const cookie = plain.cookies[0]!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 86_400);
    expect(cookie.secure).toBeFalsy();
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newAddress(), 'x-forwarded-proto': 'https' },
      payload: new URLSearchParams({ email: owner.email, password: owner.password }).toString(),
    });
    expect(https.cookies[0]).toMatchObject({ secure: true });
    expect((await browser().login(owner.email, 'Gjett1234feil')).cookies).toHaveLength(0);
  });
});

describe('POST /api/users/unlock-sign-in', () => {
  it('answers 422 without a user id and 404 for a user that does not exist', async () => {
    expect((await t.form('POST', '/api/users/unlock-sign-in', {}, admin)).json().errors).toHaveProperty('user_id');
    expect((await t.form('POST', '/api/users/unlock-sign-in', { user_id: 999_999_999 }, admin)).statusCode).toBe(404);
  });
});
