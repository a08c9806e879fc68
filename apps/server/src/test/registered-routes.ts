import type { FastifyInstance } from 'fastify';

/**
 * Every (method, path) an app answers, read from Fastify's route tree; HEAD comes with each GET.
 * The tree with its common prefixes: without them find-my-way 9 prints a wildcard route without the
 * path before it (`/api/docs/static/*` as `/api/docs/*`).
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = line.match(/^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim()).filter((x) => x && x !== 'HEAD')) out.push(`${method} ${stack.join('')}`);
  }
  return out.sort();
}

/** The API reference's own routes (modules/api-docs), outside the contracts: the document and Swagger UI. */
export const API_DOCS_ROUTES = [
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
].sort();
