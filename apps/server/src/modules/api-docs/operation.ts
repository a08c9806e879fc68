import { PERMISSIONS, type Endpoint } from '@promo/shared';
import type { JsonSchema } from './json-schema';
import { parameters } from './parameters';
import { requestBody } from './request-body';
import { responses } from './responses';

function accessText(access: Endpoint['access']): string {
  if (access === 'public') return 'Public: no sign-in.';
  if (access === 'authenticated') return "Any signed-in user; the server's object rules decide which rows the caller may see or change.";
  return `Roles ${PERMISSIONS[access].join(', ')} (permission \`${access}\` of permissions.ts).`;
}

function description(e: Endpoint): string {
  const lines = [`**Access:** ${accessText(e.access)}`];
  if (e.cookieAuth) lines.push('A browser may sign it with the `BEARER_TOKEN` cookie instead (links and `<img src>`).');
  const parts = Object.entries(e.multipart ?? {});
  if (parts.length) lines.push(`Also multipart/form-data: ${parts.map(([part, key]) => `each file part \`${part}\` is stored by the upload step and sent on as \`${key}\``).join('; ')}.`);
  return lines.join('\n\n');
}

/** One contract as an OpenAPI operation. */
export function operationOf(operationId: string, tag: string, e: Endpoint): JsonSchema {
  const params = parameters(e);
  const body = requestBody(e);
  return {
    operationId,
    tags: [tag],
    summary: e.summary,
    description: description(e),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(e),
    security: e.access === 'public' ? [] : [{ bearerAuth: [] }, ...(e.cookieAuth ? [{ cookieAuth: [] }] : [])],
  };
}
