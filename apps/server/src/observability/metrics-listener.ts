import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * METRICS_PORT: a plain HTTP listener that answers only GET /metrics, without a token. It is meant
 * for a port the load balancer does not expose, where only the scraper reaches the process.
 */
export function metricsListener(registry: Registry, opts: { port: number; host: string; log: FastifyBaseLogger }) {
  const server = http.createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => {
        opts.log.error({ err }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port, opts.host, () => {
          server.off('error', reject);
          opts.log.info({ port: opts.port }, 'metrics listener ready');
          resolve();
        });
      }),
    close: () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}
