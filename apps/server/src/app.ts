import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { BEARER_PREFIX } from '@promo/shared';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AuthContext } from './lib/auth-context';
import { answerClientError } from './lib/client-errors';
import { refuseDeclaredOverLimit } from './lib/declared-body';
import { answerBeforeBodyEnd } from './lib/early-answers';
import { frameworkErrors, registerErrorHandler } from './lib/error-handler';
import { healthRoutes } from './lib/health';
import { parseFormBody, parseQs } from './lib/parse-qs';
import { LoginThrottle } from './lib/login-throttle';
import { attachReadCaches, type ReadCaches } from './lib/read-caches';
import { attachRealtime, type Realtime } from './lib/realtime';
import { registerResponseHeaders } from './lib/response-headers';
import { serveWebApp } from './lib/web-app';
import { compressAnswers } from './lib/compression';
import { traceIds } from './observability/log-trace';
import { attachMetrics } from './observability/metrics';
import { storageFor, type Storage } from './lib/storage';
import multipart from '@fastify/multipart';
import { filesRoutes } from './modules/files/routes';
import { categoriesRoutes } from './modules/categories/routes';
import { designsRoutes } from './modules/designs/routes';
import { surfacesRoutes } from './modules/surfaces/routes';
import { productsRoutes } from './modules/products/routes';
import { catalogueImportRoutes } from './modules/catalogue-import/routes';
import { promotionsRoutes } from './modules/promotions/routes';
import { chatRoutes } from './modules/chat/routes';
import { createPreflightQueue, type PreflightQueue } from './modules/preflight/queue';
import type { SignRenderer } from './lib/signs/sign-renderer';
import { defaultSignRenderer } from './modules/signs/default-renderer';
import { signsRoutes } from './modules/signs/routes';
import { proofingRoutes } from './modules/proofing/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { distributionRoutes } from './modules/distribution/routes';
import { createMailer, type Mailer } from './modules/notifications/mailer';
import { notificationRoutes } from './modules/notifications/routes';
import { printRoutes } from './modules/print/routes';
import { reportRoutes } from './modules/reports/routes';
import { designPageRoutes, promotionDesignRoutes } from './modules/promotion-design/routes';
import { authRoutes } from './modules/auth/routes';
import { usersRoutes } from './modules/users/routes';
import { companyRoutes } from './modules/company/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { settingsRoutes } from './modules/settings/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { milestonesRoutes } from './modules/promotions/milestones-routes';
import { waitingRoutes } from './modules/waiting/routes';
import { startDigestScheduler } from './modules/waiting/digest';
import { auditRoutes } from './modules/audit/routes';
import { insightsRoutes } from './modules/insights/routes';
import { attachPush } from './modules/push/plugin';
import { pushRoutes } from './modules/push/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    loginThrottle: LoginThrottle;
    storage: Storage;
    realtime: Realtime;
    /** HQ files waiting for their print preflight in the worker thread (decision 017). */
    preflight: PreflightQueue;
    readCaches: ReadCaches;
    mailer: Mailer;
    /** Draws price signs (decision 042), in the preflight's worker thread. */
    signRenderer: SignRenderer;
    authenticate(req: FastifyRequest, allowCookie?: boolean): Promise<AuthContext | null>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  loginThrottle?: LoginThrottle;
  storage?: Storage;
  mailer?: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The daily digest's once-a-minute check (issue 15): on unless NODE_ENV is test. */
  digestScheduler?: boolean;
  /** The price-sign renderer; the built-in one unless a test brings another. */
  signRenderer?: SignRenderer;
}

/** The BEARER_TOKEN cookie as the web stores it ("Bearer …", URI-encoded). */
function bearerCookie(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader?.match(/(?:^|;\s*)BEARER_TOKEN=([^;]+)/);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'], mixin: traceIds },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 100) || randomUUID(),
    requestIdHeader: 'x-request-id',
    routerOptions: { querystringParser: parseQs },
    frameworkErrors,
    clientErrorHandler: answerClientError,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('loginThrottle', opts.loginThrottle ?? new LoginThrottle(db));
  app.decorateRequest('auth', null);
  app.decorate('storage', opts.storage ?? (await storageFor(config)));
  app.decorate('authenticate', async (req: FastifyRequest, allowCookie = false) => {
    if (req.auth) return req.auth;
    const header = req.headers.authorization ?? (allowCookie ? bearerCookie(req.headers.cookie) : undefined);
    if (!header?.startsWith(BEARER_PREFIX)) return null;
    const token = header.slice(BEARER_PREFIX.length).trim();
    if (!token || token.length > 200) return null;
    req.auth = await app.readCaches.sessions.resolve(token);
    return req.auth;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  attachMetrics(app, config, { mailFailures: () => app.mailer.failures() });

  await registerResponseHeaders(app, config);
  // Bodies: a declared size over the call's limit is refused unread, and an answer that comes
  // before the end of its body leaves the client able to read it (decision 028).
  app.addHook('onRequest', refuseDeclaredOverLimit(config.UPLOAD_LIMIT_BYTES));
  app.addHook('onSend', answerBeforeBodyEnd);
  await app.register(formbody, { parser: parseFormBody });
  await app.register(multipart, {
    // Keep the name as sent, so a name with path parts is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 100 },
  });
  registerErrorHandler(app);
  app.decorate('realtime', await attachRealtime(app, db, config.REDIS_URL));
  app.decorate('preflight', createPreflightQueue({ db, storage: app.storage, realtime: app.realtime, log: app.log }));
  app.addHook('onClose', async () => app.preflight.close());
  const ownRenderer = opts.signRenderer ? null : defaultSignRenderer();
  app.decorate('signRenderer', opts.signRenderer ?? ownRenderer!);
  app.addHook('onClose', async () => ownRenderer?.close());
  // Also drops the sockets of sessions a write ended, on this process and the others.
  app.decorate('readCaches', attachReadCaches(app, db, app.realtime));
  const mailer = opts.mailer ?? createMailer(db, { smtpUrl: config.SMTP_URL, publicUrl: config.PUBLIC_URL, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  if (opts.digestScheduler ?? config.NODE_ENV !== 'test') {
    const digest = startDigestScheduler(db, mailer, { publicUrl: config.PUBLIC_URL, log: app.log, everyMs: config.DIGEST_CHECK_SECONDS * 1000 });
    app.addHook('onClose', async () => digest.stop());
  }
  attachPush(app, config, { reminders: opts.digestScheduler ?? config.NODE_ENV !== 'test' });
  await healthRoutes(app);

  await app.register(
    async (api) => {
      await compressAnswers(api);
      await authRoutes(api);
      await usersRoutes(api);
      await filesRoutes(api);
      await categoriesRoutes(api);
      await designsRoutes(api);
      await surfacesRoutes(api);
      await productsRoutes(api);
      await catalogueImportRoutes(api);
      await promotionsRoutes(api);
      await promotionDesignRoutes(api);
      await designPageRoutes(api);
      await chatRoutes(api);
      await proofingRoutes(api);
      await reviewRoutes(api);
      await reportRoutes(api);
      await printRoutes(api);
      await distributionRoutes(api);
      await notificationRoutes(api);
      await companyRoutes(api);
      await deliveryRoutes(api);
      await settingsRoutes(api);
      await feedbackRoutes(api);
      await auditRoutes(api);
      await insightsRoutes(api);
      await milestonesRoutes(api);
      await waitingRoutes(api);
      await pushRoutes(api);
      await signsRoutes(api);
      await apiDocsRoutes(api);
    },
  );

  const sendAppPage = opts.serveWeb ? await serveWebApp(app, config.WEB_DIST) : null;
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/company_api/') || !sendAppPage) {
      return reply.code(404).send({ status: 'error', message: 'Not found', message_key: 'not_found' });
    }
    return sendAppPage(req, reply);
  });
  return app;
}
