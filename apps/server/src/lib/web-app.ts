import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { manifestRoute } from './web-manifest';

/** Files the build also wrote as .br and .gz (apps/web/build/precompress.ts). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|webmanifest)(\.br|\.gz)?$/;
/** The web app's session cookie (spec 000 §9), with a value. */
const SESSION_COOKIE = /(?:^|;\s*)BEARER_TOKEN=[^;\s]/;

/**
 * Serves the built web app: the brotli or gzip file the build made when the browser accepts it
 * (`Vary: Accept-Encoding`, so a shared cache keeps the variants apart), hashed assets cached for
 * a year as immutable, everything else revalidated each time. Answers the function that sends the
 * app's page for a route the server does not know (the web app's own routes).
 */
export async function serveWebApp(app: FastifyInstance, root: string) {
  for (const page of ['index.html', 'signed-in.html']) {
    if (!fs.existsSync(path.join(root, page))) throw new Error(`The web app is not built (${root}: no ${page}); run npm run build first.`);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // '/' is a route of the web app like the others: sendAppPage chooses its page.
    index: false,
    preCompressed: true,
    // Off, or send's own 'public, max-age=0' replaces what setHeaders chose.
    cacheControl: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        // The service worker too: the browser then checks for a new version at every start.
        res.setHeader('cache-control', 'no-cache');
      }
      if (/\.html(\.br|\.gz)?$/.test(file)) res.setHeader('vary', 'accept-encoding, cookie');
      else if (PRECOMPRESSED.test(file)) res.setHeader('vary', 'accept-encoding');
    },
  });
  manifestRoute(app);
  const routePage = routePages(root);
  /**
   * The page of a web app route. With a session (and not on the sign-in page) it is signed-in.html,
   * which also names the signed-in layout's scripts, so the browser fetches them beside the entry
   * instead of after it; for a route of the router the page that also names that route's scripts
   * (apps/web/build/signed-in-html.ts).
   */
  return (req: FastifyRequest, reply: FastifyReply) => {
    const signedIn = SESSION_COOKIE.test(req.headers.cookie ?? '') && !req.url.startsWith('/login');
    return reply.type('text/html').sendFile(signedIn ? (routePage(req.url.split('?')[0]!) ?? 'signed-in.html') : 'index.html');
  };
}

/**
 * The build's per-route pages (signed-in/routes.json: the router's paths, `:id` standing for one
 * segment) as a lookup from a request's path to its file; a build without them finds none.
 */
function routePages(root: string): (pathname: string) => string | undefined {
  const list = path.join(root, 'signed-in', 'routes.json');
  if (!fs.existsSync(list)) return () => undefined;
  const routes = (JSON.parse(fs.readFileSync(list, 'utf8')) as { path: string; file: string }[]).map((r) => ({
    pattern: new RegExp(`^${r.path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`),
    file: r.file,
  }));
  return (pathname) => routes.find((r) => r.pattern.test(pathname))?.file;
}
