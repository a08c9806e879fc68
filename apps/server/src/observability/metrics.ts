import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Config } from '../config';
import { observeDbPool } from './db-pool-metrics';
import { observeRequests } from './http-metrics';
import { metricsListener } from './metrics-listener';
import { bearerMatches } from './metrics-token';
import { observeQueues } from './queue-metrics';
import { observeSockets } from './socket-metrics';

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics (decision 034), in a registry of this app's own (the tests build many apps
 * in one process). `GET /metrics` answers with `Authorization: Bearer METRICS_TOKEN`, and the
 * METRICS_PORT listener without a token; anything else gets the API's 404, also when no token is
 * configured. The answer comes from an onRequest hook rather than a route, so that without a
 * token the path is no route at all, and the web app's page never answers it.
 */
export function attachMetrics(app: FastifyInstance, config: Config, opts: { mailFailures: () => number }) {
  const token = config.METRICS_TOKEN;
  // Nothing is collected (nor the default metrics' timers started) unless someone may read it.
  const registry = token || config.METRICS_PORT ? new Registry() : null;
  if (registry) observeRequests(app, registry, { ownPath: METRICS_PATH });

  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url.split('?')[0] !== METRICS_PATH) return;
    if (!registry || !token || !bearerMatches(req.headers.authorization, token)) {
      return reply.code(404).send({ status: 'error', message: 'Not found', message_key: 'not_found' });
    }
    const text = await registry.metrics();
    return reply.code(200).header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  if (!registry) return;

  collectDefaultMetrics({ register: registry });
  // Read at each scrape: the realtime server is attached after the metrics.
  observeSockets(registry, () => app.realtime?.connections() ?? 0);
  observeDbPool(app.db, registry);
  observeQueues(app.db, registry, { smtp: Boolean(config.SMTP_URL), log: app.log });
  new Counter({
    name: 'promo_mail_failed_total',
    help: 'Mail deliveries that failed in this process since it started (notifications, digest, lockout mails).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(opts.mailFailures());
    },
  });

  if (config.METRICS_PORT) {
    const listener = metricsListener(registry, { port: config.METRICS_PORT, host: config.HOST, log: app.log });
    app.addHook('onReady', () => listener.start());
    app.addHook('onClose', () => listener.close());
  }
}
