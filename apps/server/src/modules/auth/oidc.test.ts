import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditLog, sessions, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { forgetEndedSsoTokens } from '../../lib/sessions';
import { startTestProvider, type TestProvider } from '../../test/oidc-test-provider.mjs';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Single sign-on against a real OpenID Provider (oidc-provider on the loopback, decision 035): the
 * app's start and callback routes, the provider's own sign-in page driven over HTTP in between.
 */
const PUBLIC_URL = 'http://promo.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;
const client = (client_id: string) => ({
  client_id,
  client_secret: `${client_id}-secret`,
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [`${PUBLIC_URL}/login`],
  token_endpoint_auth_method: 'client_secret_post',
});
const clients = [client('promo'), client('other')];
const groups = (...g: string[]) => ({ groups: g });
const accounts = {
  'sub-cm': { email: 'cm@demo.no', email_verified: true, given_name: 'Cecilie', ...groups('promo-cm') },
  'sub-new-admin': { email: 'new.admin@example.no', email_verified: true, given_name: 'Nora', family_name: 'Nord', ...groups('staff', 'promo-admins') },
  'sub-station': { email: 'bergen@example.no', email_verified: true, name: 'Bergen', station_name: 'Bergen Sentrum Handel AS', ...groups('promo-stations') },
  'sub-waiting': { email: 'molde@example.no', email_verified: true, name: 'Molde', ...groups('promo-stations') },
  'sub-unverified': { email: 'designer@demo.no', email_verified: false, ...groups('promo-cm') },
  'sub-unmapped': { email: 'stranger@example.no', email_verified: true, ...groups('marketing') },
  'sub-inactive': { email: 'inactive.sso@example.no', email_verified: true, ...groups('promo-cm') },
  'sub-printer': { email: 'printer@demo.no', email_verified: true, ...groups('promo-cm') },
};

let op: TestProvider;
let otherOp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  [op, otherOp] = await Promise.all([startTestProvider({ accounts, clients }), startTestProvider({ accounts, clients, name: 'Other provider' })]);
  t = await createTestApp(
    {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: 'promo',
      OIDC_CLIENT_SECRET: 'promo-secret',
      OIDC_NAME: 'Kjede-ID',
      OIDC_ROLE_MAP: 'promo-admins=admin,promo-cm=cm,promo-stations=user',
      OIDC_STATION_CLAIM: 'station_name',
      PUBLIC_URL,
    },
    { ownDatabase: true },
  );
});
afterAll(async () => {
  await t?.close();
  await Promise.all([op?.close(), otherOp?.close()]);
});

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const all = [res.headers['set-cookie'] ?? []].flat();
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0]!.slice(name.length + 1) : undefined;
};

async function start(lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start?lang=${lang}` });
  expect(res.statusCode, res.body).toBe(302);
  const flow = cookieOf(res, 'SSO_FLOW');
  expect(flow).toBeTruthy();
  return { authUrl: res.headers.location as string, flowCookie: `SSO_FLOW=${flow}` };
}

function callback(url: string, cookie?: string) {
  const u = new URL(url);
  expect(u.origin + u.pathname).toBe(CALLBACK);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search, headers: cookie ? { cookie } : {} });
}

async function signIn(account: string) {
  const { authUrl, flowCookie } = await start();
  return callback(await op.signIn(authUrl, account), flowCookie);
}

/** The session the callback put into the browser's cookies. */
function session(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe('/');
  const bearer = decodeURIComponent(cookieOf(res, 'BEARER_TOKEN') ?? '');
  const user = JSON.parse(decodeURIComponent(cookieOf(res, 'CURRENT_USER') ?? 'null')) as { id: number; role: string; email: string };
  expect(bearer).toMatch(/^Bearer \S+$/);
  return { bearer, user };
}

const sessionCount = async () => Number((await t.database.db.select({ n: count() }).from(sessions))[0]!.n);
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deleted_at))))[0];
const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

/** A refusal: the outcome page, no session cookie, no new session row, and a `sign_in_failed` row. */
async function expectRefused(res: LightMyRequestResponse, outcome: string, sessionsBefore: number) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe(`/sso?outcome=${outcome}`);
  expect(cookieOf(res, 'BEARER_TOKEN')).toBeUndefined();
  expect(cookieOf(res, 'CURRENT_USER')).toBeUndefined();
  expect(await sessionCount()).toBe(sessionsBefore);
  const row = await lastAudit();
  expect(row.action).toBe('sign_in_failed');
  expect((row.after as { reason: string }).reason).toMatch(/^sso_/);
  return row;
}

describe('single sign-on: the public answer and the start', () => {
  it('tells the sign-in page that SSO is on and its name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso' });
    expect(res.json().data).toEqual({ enabled: true, name: 'Kjede-ID', start_path: '/api/auth/oidc/start' });
  });

  it('sends the browser to the provider with PKCE (S256), state, nonce and the registered redirect', async () => {
    const { authUrl } = await start('no');
    const u = new URL(authUrl);
    expect(u.origin).toBe(op.issuer);
    const p = u.searchParams;
    expect(p.get('client_id')).toBe('promo');
    expect(p.get('redirect_uri')).toBe(CALLBACK);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('ui_locales')).toBe('nb no');
  });
});

describe('single sign-on: who is who', () => {
  it('links an existing active user by the verified e-mail, then by the subject alone', async () => {
    const res = await signIn('sub-cm');
    const { user, bearer } = session(res);
    expect(user).toMatchObject({ email: 'cm@demo.no', role: 'cm' });
    expect((await userByEmail('cm@demo.no'))!.oidc_subject).toBe('sub-cm');
    const [row] = await t.database.db.select({ sso: sessions.sso }).from(sessions).orderBy(desc(sessions.id)).limit(1);
    expect(row!.sso).toBe(true);
    // The session works as a password sign-in's: an authenticated call answers.
    expect((await t.form('POST', '/api/auth/logout', {}, bearer)).statusCode).toBe(200);

    // The provider now says another e-mail: the subject still finds the account.
    op.setAccount('sub-cm', { ...accounts['sub-cm'], email: 'cecilie.changed@example.no', email_verified: false });
    try {
      expect(session(await signIn('sub-cm')).user.email).toBe('cm@demo.no');
    } finally {
      op.setAccount('sub-cm', accounts['sub-cm']);
    }
  });

  it('re-reads the role at every sign-in and ends the sessions of the old role', async () => {
    op.setAccount('sub-printer', accounts['sub-printer']);
    const first = session(await signIn('sub-printer'));
    expect(first.user.role).toBe('cm'); // printer@demo.no is in the cm group at the provider
    op.setAccount('sub-printer', { ...accounts['sub-printer'], groups: ['promo-admins'] });
    const second = session(await signIn('sub-printer'));
    expect(second.user.role).toBe('admin');
    expect((await t.form('POST', '/api/auth/logout', {}, first.bearer)).statusCode).toBe(401);
    expect((await lastAudit()).action).toBe('sign_in');
  });

  it('creates the account of a person whose group maps to a role, without a password', async () => {
    const { user } = session(await signIn('sub-new-admin'));
    expect(user).toMatchObject({ email: 'new.admin@example.no', role: 'admin' });
    const row = (await userByEmail('new.admin@example.no'))!;
    expect(row).toMatchObject({ name: 'Nora', surname: 'Nord', status: true, password_hash: null, sso_only: true, oidc_subject: 'sub-new-admin' });
    const created = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity_id, row.id), eq(auditLog.action, 'create')));
    expect(created[0]!.after).toMatchObject({ role: 'admin', reason: 'sso_first_sign_in' });
  });

  it('creates a station with its name from the station claim', async () => {
    const { user } = session(await signIn('sub-station'));
    expect(user.role).toBe('user');
    expect((await userByEmail('bergen@example.no'))!).toMatchObject({ company_name: 'Bergen Sentrum Handel AS', status: true });
  });

  it('creates a station without its name waiting for the admin, with no session; the admin completes it', async () => {
    const before = await sessionCount();
    await expectRefused(await signIn('sub-waiting'), 'waiting', before);
    const waiting = (await userByEmail('molde@example.no'))!;
    expect(waiting).toMatchObject({ role: 'user', status: false, company_name: '' });
    await expectRefused(await signIn('sub-waiting'), 'waiting', before);

    const admin = await t.login('admin');
    const done = await t.form('PUT', `/api/users/${waiting.id}`, { company_name: 'Molde Handel AS', status: 1 }, admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(session(await signIn('sub-waiting')).user.id).toBe(waiting.id);
  });
});

describe('single sign-on: refusals leave no session', () => {
  it('refuses an unverified e-mail and links nothing', async () => {
    const before = await sessionCount();
    await expectRefused(await signIn('sub-unverified'), 'email_unverified', before);
    expect((await userByEmail('designer@demo.no'))!.oidc_subject).toBeNull();
  });

  it('refuses a group that maps to no role and creates nothing', async () => {
    const before = await sessionCount();
    await expectRefused(await signIn('sub-unmapped'), 'unmapped_group', before);
    expect(await userByEmail('stranger@example.no')).toBeUndefined();
  });

  it('refuses a deactivated user', async () => {
    const admin = await t.login('admin');
    const made = await t.form('POST', '/api/users', { email: 'inactive.sso@example.no', name: 'Ina', password: 'Passord123', role: 'cm', status: 0 }, admin);
    expect(made.statusCode, made.body).toBe(201);
    const before = await sessionCount();
    const row = await expectRefused(await signIn('sub-inactive'), 'account_inactive', before);
    expect(row.entity_id).toBe(made.json().data.id);
  });

  it('refuses a changed state', async () => {
    const { authUrl, flowCookie } = await start();
    const back = new URL(await op.signIn(authUrl, 'sub-cm'));
    back.searchParams.set('state', 'forged-state');
    const before = await sessionCount();
    await expectRefused(await callback(back.href, flowCookie), 'failed', before);
  });

  it('refuses a replayed code', async () => {
    const { authUrl, flowCookie } = await start();
    const back = await op.signIn(authUrl, 'sub-cm');
    session(await callback(back, flowCookie));
    const before = await sessionCount();
    await expectRefused(await callback(back, flowCookie), 'failed', before);
  });

  it('refuses an expired code', async () => {
    op.setCodeTtl(1);
    try {
      const { authUrl, flowCookie } = await start();
      const back = await op.signIn(authUrl, 'sub-cm');
      await new Promise((r) => setTimeout(r, 2100));
      const before = await sessionCount();
      await expectRefused(await callback(back, flowCookie), 'failed', before);
    } finally {
      op.setCodeTtl(60);
    }
  });

  it('refuses the answer of another provider (wrong issuer)', async () => {
    const { authUrl, flowCookie } = await start();
    const elsewhere = new URL(authUrl);
    const other = new URL(otherOp.issuer);
    elsewhere.host = other.host;
    const back = await otherOp.signIn(elsewhere.href, 'sub-cm');
    expect(new URL(back).searchParams.get('iss')).toBe(otherOp.issuer);
    const before = await sessionCount();
    await expectRefused(await callback(back, flowCookie), 'failed', before);
  });

  it('refuses a code issued to another client (wrong audience)', async () => {
    const { authUrl, flowCookie } = await start();
    const forOther = new URL(authUrl);
    forOther.searchParams.set('client_id', 'other');
    const back = await op.signIn(forOther.href, 'sub-cm');
    expect(new URL(back).searchParams.get('code')).toBeTruthy();
    const before = await sessionCount();
    await expectRefused(await callback(back, flowCookie), 'failed', before);
  });

  it('refuses a callback without the PKCE verifier (no flow cookie of this browser)', async () => {
    const { authUrl } = await start();
    const back = await op.signIn(authUrl, 'sub-cm');
    const before = await sessionCount();
    await expectRefused(await callback(back), 'failed', before);
    // Nor with another flow's cookie: its state and verifier are not this answer's.
    const { flowCookie: another } = await start();
    await expectRefused(await callback(back, another), 'failed', before);
  });
});

describe('single sign-on: sign-out and password sign-in', () => {
  it("sends an SSO session's sign-out on to the provider's end-session endpoint, a password session's not", async () => {
    const { bearer } = session(await signIn('sub-cm'));
    const tokensKept = async () => (await t.database.db.select({ n: count() }).from(sessions).where(sql`${sessions.sso_id_token} is not null`))[0]!.n;
    const before = await tokensKept();
    expect(before).toBeGreaterThan(0);
    const out = await t.form('POST', '/api/auth/logout', {}, bearer);
    expect(await tokensKept()).toBe(before - 1);
    const url = new URL(out.json().data.end_session_url);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(url.searchParams.get('client_id')).toBe('promo');
    // The provider's ID token of this sign-on as the hint (RP-Initiated Logout), and no longer kept here.
    const [, payload] = url.searchParams.get('id_token_hint')!.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ sub: 'sub-cm', aud: 'promo', iss: op.issuer });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.sso_id_token, url.searchParams.get('id_token_hint')!))).toHaveLength(0);
    // The provider accepts it (its "sign out?" page).
    expect((await fetch(url)).status).toBe(200);

    const password = await t.loginAs('cm-admin@demo.no', DEMO_PASSWORD);
    expect((await t.form('POST', '/api/auth/logout', {}, password)).json().data).toEqual({ end_session_url: null });
  });

  it("forgets the ID token of an SSO session that ended without a sign-out, in the hourly sweep", async () => {
    const tokenOf = async (id: number) => (await t.database.db.select({ token: sessions.sso_id_token }).from(sessions).where(eq(sessions.id, id)))[0]!.token;
    const latestSession = async () => (await t.database.db.select({ id: sessions.id }).from(sessions).orderBy(desc(sessions.id)).limit(1))[0]!.id;
    const { bearer: liveBearer } = session(await signIn('sub-cm'));
    const live = await latestSession();
    session(await signIn('sub-cm'));
    const expired = await latestSession();
    await t.database.db.update(sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessions.id, expired));
    expect(await tokenOf(expired)).toBeTruthy();

    expect(await forgetEndedSsoTokens(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await tokenOf(expired)).toBeNull();
    expect(await tokenOf(live)).toBeTruthy();
    expect(await forgetEndedSsoTokens(t.database.db)).toBe(0);
    // The live session still signs out at the provider with its hint.
    const out = await t.form('POST', '/api/auth/logout', {}, liveBearer);
    expect(new URL(out.json().data.end_session_url).searchParams.get('id_token_hint')).toBeTruthy();
  });

  it('refuses a password sign-in of an account marked SSO only, with a clear error', async () => {
    const admin = await t.login('admin');
    const target = (await userByEmail('distributor@demo.no'))!;
    const marked = await t.form('PUT', `/api/users/${target.id}`, { sso_only: 1 }, admin);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.sso_only).toBe(true);
    const res = await t.form('POST', '/api/auth/login', { email: 'distributor@demo.no', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message_key: 'sso_only' });
    // A wrong password still reads as wrong credentials: the flag is not told to a guesser.
    const wrong = await t.form('POST', '/api/auth/login', { email: 'distributor@demo.no', password: 'Wrong12345' });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('single sign-on: off without OIDC_ISSUER', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ OIDC_ISSUER: '' }, { database: t.database });
  });
  afterAll(() => plain?.close());

  it('answers enabled: false, and 404 on both routes', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/sso' })).json().data).toEqual({ enabled: false, name: null, start_path: null });
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/start' })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=x&state=y' })).statusCode).toBe(404);
  });
});
