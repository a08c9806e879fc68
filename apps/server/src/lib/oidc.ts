import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { ROLES, SSO_CALLBACK_PATH, type Role } from '@promo/shared';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { serverKeyOnce } from './server-key';

/**
 * Single sign-on through an OpenID Provider (decision 035): the provider found by discovery from
 * OIDC_ISSUER, the authorization code flow with PKCE, state and nonce (openid-client). The flow's
 * state, nonce and PKCE verifier live in a short-lived cookie of the browser that started it,
 * encrypted and authenticated (AES-256-GCM) with a key of server_secrets, so any server process
 * can finish a flow another began and nothing is kept on the server for flows never finished.
 */

export const FLOW_COOKIE = 'SSO_FLOW';
const FLOW_COOKIE_PATH = '/api/auth/oidc';
/** How long a started sign-in may take at the provider. */
export const FLOW_SECONDS = 600;
const KEY_NAME = 'oidc_flow_key';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string | undefined;
  name: string;
  scopes: string;
  roleClaim: string;
  /** Group → role, in the order of OIDC_ROLE_MAP: the first group of the person that is named wins. */
  roleMap: [string, Role][];
  stationClaim: string | undefined;
  redirectUri: string;
  /** Where the provider sends the browser after its sign-out. */
  postLogoutRedirectUri: string;
  secureCookies: boolean;
}

/** `promo-admins=admin,promo-cm=cm`: each pair's role must be one of the product's. */
export function parseRoleMap(text: string): [string, Role][] {
  return text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.lastIndexOf('=');
      const group = pair.slice(0, at).trim();
      const role = pair.slice(at + 1).trim();
      if (at <= 0 || !group || !(ROLES as readonly string[]).includes(role)) {
        throw new Error(`OIDC_ROLE_MAP: "${pair}" is not group=role with a role of ${ROLES.join(', ')}`);
      }
      return [group, role as Role];
    });
}

/** The settings of the environment, or null when single sign-on is off (no OIDC_ISSUER). */
export function oidcSettings(config: Config): OidcSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.PUBLIC_URL) return null;
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  return {
    issuer: new URL(config.OIDC_ISSUER),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    name: config.OIDC_NAME,
    scopes: config.OIDC_SCOPES,
    roleClaim: config.OIDC_ROLE_CLAIM,
    roleMap: parseRoleMap(config.OIDC_ROLE_MAP),
    stationClaim: config.OIDC_STATION_CLAIM,
    redirectUri: `${publicUrl}${SSO_CALLBACK_PATH}`,
    postLogoutRedirectUri: `${publicUrl}/login`,
    secureCookies: publicUrl.startsWith('https:'),
  };
}

/** The role a person's claim maps to, or null (an unmapped group). The claim is a list or one text. */
export function roleOf(settings: Pick<OidcSettings, 'roleMap'>, claim: unknown): Role | null {
  const groups = Array.isArray(claim) ? claim.filter((g): g is string => typeof g === 'string') : typeof claim === 'string' ? [claim] : [];
  return settings.roleMap.find(([group]) => groups.includes(group))?.[1] ?? null;
}

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  language: 'no' | 'en' | null;
  expires: number;
}

export interface OidcClient {
  settings: OidcSettings;
  /** The provider's sign-in address and the Set-Cookie of the flow that goes with it. */
  start(language: 'no' | 'en' | null): Promise<{ url: string; cookie: string }>;
  /**
   * Checks the provider's answer against the flow of the cookie (state, then the code exchanged
   * with the PKCE verifier, the ID token's issuer, audience, nonce and signature) and answers the
   * person's claims: the ID token's, completed by the userinfo endpoint's. Throws on any mismatch.
   */
  finish(callbackUrl: URL, cookieHeader: string | undefined): Promise<{ claims: Record<string, unknown>; idToken: string; language: Flow['language'] }>;
  /** The Set-Cookie that removes the flow cookie. */
  clearCookie(): string;
  /** The provider's end-session address (with the session's ID token as its hint), or null when it has none. */
  endSessionUrl(idToken: string | null): Promise<string | null>;
}

export function oidcClient(db: DbOrTx, settings: OidcSettings): OidcClient {
  const keyOnce = serverKeyOnce(db, KEY_NAME);
  let discovered: Promise<client.Configuration> | null = null;
  // Discovery once per process, again after a failure (the provider was unreachable).
  const configuration = () =>
    (discovered ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        // Plain http only on the loopback (the tests' provider), never to a provider elsewhere.
        { execute: isLoopback(settings.issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      }));

  const cookie = (value: string, maxAge: number) =>
    `${FLOW_COOKIE}=${value}; Path=${FLOW_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${settings.secureCookies ? '; Secure' : ''}`;

  async function seal(flow: Flow): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await keyOnce(), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
    return [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
  }

  async function unseal(cookieHeader: string | undefined): Promise<Flow | null> {
    const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${FLOW_COOKIE}=([A-Za-z0-9_.-]{1,2000})`))?.[1];
    const [iv, body, tag] = value?.split('.').map((p) => Buffer.from(p, 'base64url')) ?? [];
    if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await keyOnce(), iv);
      decipher.setAuthTag(tag);
      const flow = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as Flow;
      return flow.expires > Date.now() ? flow : null;
    } catch {
      return null; // forged, cut, or sealed with another key
    }
  }

  return {
    settings,
    async start(language) {
      const config = await configuration();
      const flow: Flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        language,
        expires: Date.now() + FLOW_SECONDS * 1000,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        ...(language ? { ui_locales: language === 'no' ? 'nb no' : 'en' } : {}),
      });
      return { url: url.href, cookie: cookie(await seal(flow), FLOW_SECONDS) };
    },
    async finish(callbackUrl, cookieHeader) {
      const flow = await unseal(cookieHeader);
      if (!flow) throw new Error('no sign-in flow of this browser (missing, expired or forged cookie)');
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      const userinfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
        : {};
      // The ID token's claims stand; userinfo adds what the token left out (most providers' groups, e-mail).
      return { claims: { ...userinfo, ...idClaims }, idToken: tokens.id_token!, language: flow.language };
    },
    clearCookie: () => cookie('', 0),
    async endSessionUrl(idToken) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client
        .buildEndSessionUrl(config, {
          client_id: settings.clientId,
          post_logout_redirect_uri: settings.postLogoutRedirectUri,
          ...(idToken ? { id_token_hint: idToken } : {}),
        })
        .href;
    },
  };
}

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}
