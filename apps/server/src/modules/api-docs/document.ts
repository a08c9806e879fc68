import { API_AREA_DESCRIPTIONS, API_AREAS, type ApiArea, type Endpoint } from '@promo/shared';
import { components } from './components';
import type { JsonSchema } from './json-schema';
import { operationOf } from './operation';
import { appVersion } from '../../lib/app-version';

const INTRODUCTION = `The API of the web app, generated from its contracts (packages/shared/src/contract/).

- **Sign in** with POST /api/auth/login; its \`data.bearerToken\` goes in \`Authorization: Bearer <token>\` (the Authorize button).
- **Input** is form-encoded (\`application/x-www-form-urlencoded\`), multipart where files are sent. Nested keys are
  written the qs way, in query strings and bodies alike: \`obj_search[field]=name\`, \`ids[0]=4\`, \`sent_surfaces[0][surface_id]=23\`.
  (Try it out sends a list of objects in a form, \`sent_surfaces\`, as JSON text, which the server refuses: send those with curl.)
- **Answers** are JSON: \`{status: 'success', message, message_key, data}\`; a refusal is \`{status: 'error', message, message_key}\`
  with \`errors\` per field on 422. \`message_key\` names the text under \`server.*\` of the web app's locale files.
- **Dates** are Oslo calendar days, \`YYYY-MM-DD\`.`;

/** The product is proprietary (decision 014): an SPDX reference of its own, as SPDX writes one for a licence not on its list. */
const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

/** 'promotion-design' -> 'Promotion design'. */
const tagName = (area: string) => area.charAt(0).toUpperCase() + area.slice(1).replace(/-/g, ' ');

/** The OpenAPI 3.1 document of every contract of API_AREAS, each named `<group>.<key>`. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags: { name: string; description: string }[] = [];
  for (const [area, groups] of Object.entries(API_AREAS)) {
    const tag = tagName(area);
    tags.push({ name: tag, description: API_AREA_DESCRIPTIONS[area as ApiArea] });
    for (const [group, contracts] of Object.entries(groups)) {
      for (const [key, contract] of Object.entries(contracts as Record<string, Endpoint>)) {
        const method = contract.method.toLowerCase();
        const path = (paths[contract.path] ??= {});
        if (path[method]) throw new Error(`two contracts for ${contract.method} ${contract.path}`);
        path[method] = operationOf(`${group}.${key}`, tag, contract);
      }
    }
  }
  return {
    openapi: '3.1.0',
    // The API has no versions of its own: the document describes the code it comes with.
    info: { title: 'Promo print API', version: appVersion(), description: INTRODUCTION, license: LICENSE },
    // Relative: the server that served this document, whatever address it was reached by (decision 014).
    servers: [{ url: '/', description: 'The server this document was fetched from' }],
    tags,
    paths,
    components: components(),
    security: [{ bearerAuth: [] }],
  };
}
