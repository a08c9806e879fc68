import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { auth } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { describeError } from '@/lib/error-text';
import { getBearerToken, getCurrentUser } from '@/lib/session';
import { requestSignIn, SIGN_IN_PATH, signIn, SignInFailure } from './sign-in-request';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

const user = { id: 1, name: 'Admin', surname: '', email: 'admin@demo.no', role: 'admin', categories: [], re_login: null };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in request without the app client', () => {
  it('posts to the path of the auth.login contract, form-encoded', async () => {
    expect(SIGN_IN_PATH).toBe(auth.login.path);
    const fetch = answer(200, { status: 'success', data: { mergedUserData: user, bearerToken: 'abc' } });
    vi.stubGlobal('fetch', fetch);
    await requestSignIn({ email: 'a+b@demo.no', password: 'Demo 2026&' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('email=a%2Bb%40demo.no&password=Demo+2026%26');
  });

  it('keeps the session it answers', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'success', data: { mergedUserData: user, bearerToken: 'abc' } }));
    await signIn({ email: 'admin@demo.no', password: 'Demo2026' });
    expect(getCurrentUser()).toMatchObject({ id: 1, role: 'admin' });
    expect(getBearerToken()).toBe('Bearer abc');
  });

  it('asks for a refusal in a 200 (decision 032) and reads it as the status it stands for', async () => {
    const body = { status: 'error', message: 'These credentials do not match our records.', message_key: 'invalid_credentials' };
    const headers = { 'content-type': 'application/json', 'preference-applied': 'refusal=in-body', 'refusal-status': '401' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers }));
    vi.stubGlobal('fetch', fetch);
    const refused = await requestSignIn({ email: 'admin@demo.no', password: 'wrong' }).catch((e: unknown) => e);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ Prefer: 'refusal=in-body' });
    expect(refused).toBeInstanceOf(SignInFailure);
    expect((refused as SignInFailure).response).toEqual({ status: 401, data: body });
  });

  it('fails the way the error catalogue reads: the server message, no connection, too slow', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', answer(429, { status: 'error', message: 'Too many attempts', message_key: 'too_many_attempts', message_params: { minutes: 15 } }));
    const refused = await requestSignIn({ email: 'admin@demo.no', password: 'wrong-one1' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SignInFailure);
    expect((refused as SignInFailure).response?.status).toBe(429);
    expect(describeError(refused as SignInFailure, i18n.t)?.description).toBe(i18n.t('server.too_many_attempts', { minutes: 15 }));

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const offline = (await requestSignIn({ email: 'admin@demo.no', password: 'Demo2026' }).catch((e: unknown) => e)) as SignInFailure;
    expect(describeError(offline, i18n.t)?.description).toBe(i18n.t('errors.network'));

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))));
    const slow = (await requestSignIn({ email: 'admin@demo.no', password: 'Demo2026' }).catch((e: unknown) => e)) as SignInFailure;
    expect(describeError(slow, i18n.t)?.description).toBe(i18n.t('errors.timeout'));
    await i18n.changeLanguage('no');
  });
});
