import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: from a cached list (a few ms) to an Excel report or an upload (seconds). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A request that matched no route (the 404 answer, the web app's pages): one label, not its URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The request duration histogram and the requests in flight. The route label is Fastify's route
 * template (`/api/promotions/:id`), never the raw URL, so the number of series stays bounded.
 */
export function observeRequests(app: FastifyInstance, registry: Registry, opts: { ownPath: string }) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request until its answer was sent, by route template, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests being answered now.', registers: [registry] });
  // A request is counted down once, whether it was answered or the client went away.
  const open = new WeakSet<FastifyRequest>();
  const done = (req: FastifyRequest) => {
    if (open.delete(req)) inFlight.dec();
  };

  app.addHook('onRequest', async (req) => {
    open.add(req);
    inFlight.inc();
  });
  app.addHook('onRequestAbort', async (req) => done(req));
  app.addHook('onResponse', async (req, reply) => {
    done(req);
    // The metrics' own path is answered before routing (observability/metrics.ts): named still.
    const route = req.routeOptions.url ?? (req.url.split('?')[0] === opts.ownPath ? opts.ownPath : UNMATCHED_ROUTE);
    const labels = { route, method: req.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
