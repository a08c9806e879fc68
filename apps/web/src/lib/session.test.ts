import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_BEARER_TOKEN, COOKIE_CURRENT_USER, type SessionUser } from '@promo/shared';
import { clearSession, getBearerToken, getCurrentUser, saveSession } from './session';

// Decision 009: over HTTPS the session cookies are Secure, so a plain-http request to the same
// host (a mistyped link, a downgrade on the network) never carries the bearer token.

/** The part of vitest's jsdom instance used here (jsdom ships no types). */
interface Dom {
  reconfigure(settings: { url: string }): void;
  cookieJar: { getCookiesSync(url: string): { key: string; secure: boolean; sameSite: string; path: string }[] };
}
const dom = (globalThis as unknown as { jsdom: Dom }).jsdom;
const user = { id: 7, name: 'Kari', email: 'kari@demo.no', role: 'admin', re_login: null } as unknown as SessionUser;
const stored = (url: string) => dom.cookieJar.getCookiesSync(url).filter((c) => [COOKIE_BEARER_TOKEN, COOKIE_CURRENT_USER].includes(c.key));

afterEach(() => {
  clearSession();
  dom.reconfigure({ url: 'http://localhost:3000/' });
});

describe('the session cookies', () => {
  it('are Secure and SameSite=Lax on a page served over HTTPS', () => {
    dom.reconfigure({ url: 'https://kampanje.example.no/promotions' });
    saveSession(user, 'abc123');
    expect(getBearerToken()).toBe('Bearer abc123');
    expect(getCurrentUser()).toMatchObject({ id: 7 });
    const cookies = stored('https://kampanje.example.no/');
    expect(cookies.map((c) => [c.key, c.secure, c.sameSite, c.path])).toEqual([
      [COOKIE_CURRENT_USER, true, 'lax', '/'],
      [COOKIE_BEARER_TOKEN, true, 'lax', '/'],
    ]);
    // The same host over plain http does not get them.
    expect(stored('http://kampanje.example.no/')).toEqual([]);
  });

  it('still work on a plain-http page (local development), without Secure', () => {
    dom.reconfigure({ url: 'http://localhost:3000/' });
    saveSession(user, 'dev456');
    expect(getBearerToken()).toBe('Bearer dev456');
    expect(stored('http://localhost:3000/').map((c) => [c.key, c.secure, c.sameSite])).toEqual([
      [COOKIE_CURRENT_USER, false, 'lax'],
      [COOKIE_BEARER_TOKEN, false, 'lax'],
    ]);
  });

  it('are removed by a sign-out over HTTPS', () => {
    dom.reconfigure({ url: 'https://kampanje.example.no/' });
    saveSession(user, 'abc123');
    clearSession();
    expect(getBearerToken()).toBeUndefined();
    expect(stored('https://kampanje.example.no/')).toEqual([]);
  });
});
