import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/** Answers of the API: signed-in data that no cache may keep (decision 009). */
const API_PATH = /^\/(api|company_api)\//;

/**
 * The WebSocket origin of PUBLIC_URL, for browsers whose 'self' does not cover ws:/wss: yet
 * (CSP Level 2); undefined without a usable PUBLIC_URL.
 */
export function publicSocketOrigin(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  } catch {
    return undefined;
  }
}

/** Helmet's headers with the app's Content-Security-Policy, and no-store on every API answer. */
export async function registerResponseHeaders(app: FastifyInstance, config: Config) {
  const socketOrigin = publicSocketOrigin(config.PUBLIC_URL);
  if (config.PUBLIC_URL && !socketOrigin) app.log.warn({ PUBLIC_URL: config.PUBLIC_URL }, 'PUBLIC_URL is not an http(s) address');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The socket is on this origin: CSP Level 3 'self' matches its ws:/wss: too.
        connectSrc: ["'self'", ...(socketOrigin ? [socketOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onSend', async (req, reply) => {
    if (!API_PATH.test(req.url)) return;
    // A success that chose its own policy keeps it (images: private, immutable); an error never.
    if (reply.statusCode < 400 && reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}
