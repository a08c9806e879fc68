import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { sql } from 'drizzle-orm';

/** A dependency slower than this counts as down: a probe must answer before the prober gives up. */
const CHECK_MS = 2_000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators, outside the API's contracts: no sign-in, never cached,
 * nothing in the answer but which dependency failed (the reason goes to the log). Probes come
 * every few seconds: their requests are logged at warn at most, never more than the app's level.
 */
export async function healthRoutes(app: FastifyInstance) {
  const quiet: RouteShorthandOptions = ['info', 'debug', 'trace'].includes(app.log.level) ? { logLevel: 'warn' } : {};
  // Liveness: the process answers. No dependency is asked, so a database outage does not get the
  // process restarted.
  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success' };
  });

  // Readiness: the process can serve, i.e. its database (and Redis and the S3 bucket, when
  // configured) answers.
  app.get('/readyz', quiet, async (req, reply) => {
    const probes: [string, () => Promise<boolean>][] = [['database', async () => (await app.db.execute(sql`select 1`), true)]];
    if (app.config.REDIS_URL) probes.push(['redis', () => app.realtime.redisAnswers()]);
    const storage = app.storage;
    // The signal ends the request that the time limit below gave up on.
    if (storage.answers) probes.push(['storage', () => storage.answers!(AbortSignal.timeout(CHECK_MS))]);
    const results = await Promise.all(
      probes.map(async ([name, probe]) => {
        try {
          if (await within(CHECK_MS, probe())) return [name, 'ok'] as const;
          req.log.warn({ dependency: name }, 'readiness check failed');
        } catch (err) {
          req.log.warn({ err, dependency: name }, 'readiness check failed');
        }
        return [name, 'failed'] as const;
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'success' : 'error', checks: Object.fromEntries(results) };
  });
}
