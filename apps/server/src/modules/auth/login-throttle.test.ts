import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

/**
 * Sign-in throttling (decision 010). The app trusts X-Forwarded-For here, so each test signs in
 * from addresses of its own and no test's failures lock another's out.
 */
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  // A second server process on the same database.
  other = await createTestApp({ TRUST_PROXY: 'true' }, { database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let net = 0;
/** An address nobody else in this run uses. */
const newAddress = () => `10.${process.pid % 250}.${Math.floor(++net / 250)}.${net % 250}`;

async function newStation(password = 'Station2026') {
  const admin = await t.login('admin');
  const email = uniqueEmail('throttled');
  const res = await t.form('POST', '/api/users', { email, password, name: 'Test Station', role: 'user' }, admin);
  expect(res.statusCode).toBe(201);
  return { email, password };
}

const login = (app: TestApp, email: string, password: string, address: string): Promise<LightMyRequestResponse> =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    payload: new URLSearchParams({ email, password }).toString(),
  });

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('sign-in throttling', () => {
  it('answers 429 after five failures from one address, even with the right password', async () => {
    const station = await newStation();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(t, station.email, 'Wrong1234', address)).statusCode).toBe(401);
    const blocked = await login(t, station.email, station.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message_key: 'too_many_attempts' });
    expect(blocked.json().message_params.minutes).toBe(15);
  });

  it('checks at most five of 50 parallel wrong passwords; the rest are refused unchecked', async () => {
    const station = await newStation();
    const address = newAddress();
    const answers = statuses(await Promise.all(Array.from({ length: 50 }, () => login(t, station.email, 'Wrong1234', address))));
    expect(countOf(answers, 401)).toBe(5);
    expect(countOf(answers, 429)).toBe(45);
  });

  it('in a burst of 100 the right password never follows more than five checked failures', async () => {
    const station = await newStation();
    const address = newAddress();
    const burst = Array.from({ length: 100 }, (_, i) => login(t, station.email, i === 99 ? station.password : 'Wrong1234', address));
    const answers = statuses(await Promise.all(burst));
    expect(countOf(answers, 401)).toBeLessThanOrEqual(5);
    if (answers[99] === 200) expect(countOf(answers, 401)).toBeLessThan(5);
    expect(countOf(answers, 401) + countOf(answers, 429) + countOf(answers, 200)).toBe(100);
  });

  it('a stranger failing from another address does not lock the real user out', async () => {
    const admin = { email: 'admin@demo.no', password: DEMO_PASSWORD };
    const stranger = newAddress();
    for (let i = 0; i < 6; i++) await login(t, admin.email, 'Wrong1234', stranger);
    expect((await login(t, admin.email, admin.password, stranger)).statusCode).toBe(429);
    expect((await login(t, admin.email, admin.password, newAddress())).statusCode).toBe(200);
  });

  it('a right password forgives the failures of that address', async () => {
    const station = await newStation();
    const address = newAddress();
    for (let i = 0; i < 4; i++) await login(t, station.email, 'Wrong1234', address);
    expect((await login(t, station.email, station.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t, station.email, 'Wrong1234', address)).statusCode).toBe(401);
  });

  it('refuses every address after 100 failures for one account in an hour (a botnet)', async () => {
    const station = await newStation();
    const bots = Array.from({ length: 25 }, newAddress);
    const answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      answers.push(...statuses(await Promise.all(bots.map((a) => login(t, station.email, 'Wrong1234', a)))));
    }
    expect(countOf(answers, 401)).toBe(100);
    const fresh = await login(t, station.email, station.password, newAddress());
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message_params.minutes).toBe(60);
  });

  it('counts the failures of every server process together', async () => {
    const station = await newStation();
    const address = newAddress();
    const answers = statuses(
      await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? other : t, station.email, 'Wrong1234', address))),
    );
    expect(countOf(answers, 401)).toBe(5);
    expect((await login(other, station.email, station.password, address)).statusCode).toBe(429);
  });
});

describe('throttling per address', () => {
  it('counts failures from one address across accounts, whatever X-Forwarded-For claims by default', async () => {
    // Its own database: 127.0.0.1 is blocked for 15 minutes afterwards.
    const limited = await createTestApp({}, { ownDatabase: true });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 50; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.0.${i}.1` },
          payload: `email=nobody${i}%40example.no&password=Wrong1234`,
        });
        answers.push(res.statusCode);
      }
      expect(countOf(answers, 401)).toBe(50);
      const blocked = await limited.form('POST', '/api/auth/login', { email: 'admin@demo.no', password: DEMO_PASSWORD });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
    // A database of its own (migrated and seeded) and 50 sign-ins: about 45 s on two busy cores.
  }, 120_000);
});
