import type { FastifyInstance } from 'fastify';
import { auth, type LogoutData } from '@promo/shared';
import { AppError } from '../../lib/errors';
import { ok, route } from '../../lib/route';
import { deviceCookies } from '../../lib/device-cookie';
import { accountOf } from '../../lib/login-throttle';
import { mailLockoutStart } from './lockout-mail';
import { oidcRoutes } from './oidc-routes';
import { auditSignInFailure, backToAdmin, impersonate, invalidCredentials, login, logout, requestLanguage } from './service';

export async function authRoutes(app: FastifyInstance) {
  const devices = deviceCookies(app.db);
  const oidc = await oidcRoutes(app);

  route(app, auth.login, async ({ body, req, reply }) => {
    const address = req.ip;
    const device = await devices.nonceFor(req.headers.cookie, accountOf(body.email));
    const attempt = await app.loginThrottle.reserve(body.email, address, device).catch(async (err: unknown) => {
      if (err instanceof AppError && err.statusCode === 429) await auditSignInFailure(app.db, body.email, address, 'too_many_attempts');
      throw err;
    });
    const data = await login(
      app.db,
      { email: body.email, password: body.password, address, language: requestLanguage(req.headers['accept-language']) },
      () => app.loginThrottle.succeed(attempt.id, body.email, address, device),
    );
    if (!data) {
      req.log.warn({ event: 'login_failed', email: body.email, address, knownBrowser: !!device });
      if (attempt.locksAccount) mailLockoutStart(app, body.email);
      throw invalidCredentials();
    }
    reply.header('set-cookie', await devices.issue(req.headers.cookie, accountOf(body.email), req.protocol === 'https'));
    req.log.info({ event: 'login_success', userId: data.mergedUserData.id });
    return ok('Login successful', 'login_success', data);
  });

  route(app, auth.logout, async ({ auth: ctx, req }) => {
    const { sso, idToken } = await logout(app.db, ctx);
    req.log.info({ event: 'logout', userId: ctx.user.id });
    // After a single sign-on the browser goes on to the provider's sign-out, when it has one.
    const endSession = sso && oidc ? await oidc.endSessionUrl(idToken).catch(() => null) : null;
    return ok<LogoutData>('Logged out', 'logged_out', { end_session_url: endSession });
  });

  route(app, auth.toReLogin, async ({ auth: ctx, body, req }) => {
    const data = await impersonate(app.db, ctx, body.user_id);
    req.log.info({ event: 'impersonation_start', userId: ctx.user.id, targetId: body.user_id });
    return ok('Signed in as the user', 'signed_in_as', data);
  });

  route(app, auth.backReLogin, async ({ auth: ctx, req }) => {
    const data = await backToAdmin(app.db, ctx);
    req.log.info({ event: 'impersonation_end', userId: data.mergedUserData.id, targetId: ctx.user.id });
    return ok('Back to your own account', 'back_to_admin', data);
  });
}
