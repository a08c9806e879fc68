import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { can } from '@promo/shared';
import type { Config } from '../../config';
import { forbidden, unauthenticated } from '../../lib/errors';
import { openApiDocument } from './document';
import type { JsonSchema } from './json-schema';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

export type ApiDocsAccess = NonNullable<Config['API_DOCS']>;

/** API_DOCS, else open in development and for signed-in admins elsewhere. */
export const apiDocsAccess = (config: Config): ApiDocsAccess => config.API_DOCS ?? (config.NODE_ENV === 'development' ? 'public' : 'admin');

let built: JsonSchema | undefined;
/** Built on first request, not at start: about 50 ms of zod-to-JSON-Schema work nobody may ask for. */
const document = () => (built ??= openApiDocument());

/**
 * The API reference: the OpenAPI document at /api/openapi.json and Swagger UI at /api/docs, both
 * behind API_DOCS. Swagger UI's files have no inline script, so the app's CSP (script-src 'self')
 * stays as it is.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  const access = apiDocsAccess(app.config);
  if (access === 'off') return;
  await app.register(async (docs) => {
    if (access === 'admin') {
      docs.addHook('onRequest', async (req) => {
        // A browser opens the page itself: the session cookie signs it, as it signs an <img src>.
        const auth = await app.authenticate(req, true);
        if (!auth) throw unauthenticated();
        if (!can(auth.user.role, 'api.docs')) throw forbidden();
      });
    }
    // Swagger UI needs @fastify/swagger; in dynamic mode it asks for the document only when it is
    // served, and the document is the contracts', not one made from the routes.
    await docs.register(swagger, { openapi: {}, transformObject: document });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: 'Promo print API' },
      uiConfig: {
        urls: [{ name: 'Promo print API', url: OPENAPI_PATH }],
        displayOperationId: true,
        filter: true,
        tryItOutEnabled: false,
      },
    });
    docs.get(OPENAPI_PATH, { schema: { hide: true } }, async () => docs.swagger());
  });
}
