import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@promo/shared';
import { requestSsoInfo, SSO_INFO_PATH } from './sso-info';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('whether single sign-on is on, asked without the app client', () => {
  it('asks the path of the auth.sso contract and answers the button', async () => {
    expect(SSO_INFO_PATH).toBe(auth.sso.path);
    const fetch = answer(200, { status: 'success', data: { enabled: true, name: 'Kjede-ID', start_path: '/api/auth/oidc/start' } });
    vi.stubGlobal('fetch', fetch);
    expect(await requestSsoInfo()).toEqual({ name: 'Kjede-ID', startPath: '/api/auth/oidc/start' });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/auth/sso');
  });

  it('reads off, an error or no answer as no button', async () => {
    vi.stubGlobal('fetch', answer(200, { status: 'success', data: { enabled: false, name: null, start_path: null } }));
    expect(await requestSsoInfo()).toBeNull();
    vi.stubGlobal('fetch', answer(500, { status: 'error' }));
    expect(await requestSsoInfo()).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network'))));
    expect(await requestSsoInfo()).toBeNull();
  });
});
