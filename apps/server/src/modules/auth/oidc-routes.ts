import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  auth,
  BEARER_PREFIX,
  COOKIE_BEARER_TOKEN,
  COOKIE_CURRENT_USER,
  SESSION_DAYS,
  SSO_CALLBACK_PATH,
  SSO_START_PATH,
  type LoginData,
  type SsoInfo,
  type SsoOutcome,
} from '@promo/shared';
import { oidcClient, oidcSettings, type OidcClient } from '../../lib/oidc';
import { ok, route } from '../../lib/route';
import { ssoSignIn } from './oidc-service';
import { auditSignInFailure, requestLanguage } from './service';

/** The web's page that explains a refused or waiting single sign-on (both languages). */
export const SSO_OUTCOME_PAGE = '/sso';

/**
 * The session cookies a password sign-in makes in the browser (apps/web lib/session.ts, spec 000
 * §9), set here by the server because the callback is a page the browser opens, not a call of
 * the app: the same names, values, path and lifetime, not HttpOnly (the web reads them).
 */
export function sessionCookies(data: LoginData, secure: boolean): string[] {
  const attributes = `Path=/; Max-Age=${SESSION_DAYS * 86_400}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [
    `${COOKIE_CURRENT_USER}=${encodeURIComponent(JSON.stringify(data.mergedUserData))}; ${attributes}`,
    `${COOKIE_BEARER_TOKEN}=${encodeURIComponent(`${BEARER_PREFIX}${data.bearerToken}`)}; ${attributes}`,
  ];
}

/**
 * Single sign-on (decision 035). `GET /api/auth/sso` always answers (the sign-in page asks it);
 * the flow's two routes exist only with OIDC_ISSUER, so without it they answer 404.
 */
export async function oidcRoutes(app: FastifyInstance): Promise<OidcClient | null> {
  const settings = oidcSettings(app.config);
  const oidc = settings ? oidcClient(app.db, settings) : null;

  route(app, auth.sso, async () =>
    ok<SsoInfo>('Single sign-on', 'sso_info', {
      enabled: !!settings,
      name: settings?.name ?? null,
      start_path: settings ? SSO_START_PATH : null,
    }),
  );
  if (!oidc) return null;

  const refused = (reply: FastifyReply, outcome: SsoOutcome) =>
    reply.header('set-cookie', oidc.clearCookie()).redirect(`${SSO_OUTCOME_PAGE}?outcome=${outcome}`);

  app.get<{ Querystring: { lang?: string } }>(SSO_START_PATH, async (req, reply) => {
    const lang = requestLanguage(typeof req.query.lang === 'string' ? req.query.lang : undefined);
    try {
      const { url, cookie } = await oidc.start(lang);
      reply.header('cache-control', 'no-store');
      return reply.header('set-cookie', cookie).redirect(url);
    } catch (err) {
      req.log.error({ err, event: 'sso_start_failed' }, 'the OpenID Provider could not be reached');
      return refused(reply, 'failed');
    }
  });

  app.get(SSO_CALLBACK_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const address = req.ip;
    let finished: Awaited<ReturnType<OidcClient['finish']>>;
    try {
      finished = await oidc.finish(new URL(req.url, settings!.redirectUri), req.headers.cookie);
    } catch (err) {
      // A changed state, a used or expired code, a token of another issuer or audience, no flow cookie.
      req.log.warn({ err, event: 'sso_failed', address }, 'single sign-on refused');
      await auditSignInFailure(app.db, '', address, 'sso_failed');
      return refused(reply, 'failed');
    }
    const result = await ssoSignIn(app.db, settings!, finished.claims, { address, language: finished.language, ssoIdToken: finished.idToken });
    if (result.outcome !== 'signed_in') {
      req.log.warn({ event: 'sso_refused', outcome: result.outcome, address });
      return refused(reply, result.outcome);
    }
    if (result.roleChanged) {
      // The sessions of the old role ended: forget them here and in the other processes.
      app.readCaches.sessions.forget();
      app.realtime.announceStale('sessions');
    }
    req.log.info({ event: 'login_success', userId: result.data.mergedUserData.id, sso: true });
    return reply
      .header('set-cookie', [oidc.clearCookie(), ...sessionCookies(result.data, settings!.secureCookies)])
      .redirect('/');
  });
  return oidc;
}
