import { z } from 'zod';
import {
  base64FileAnswer,
  errorAnswer,
  noAccessAnswer,
  notFoundAnswer,
  successAnswer,
  unauthenticatedAnswer,
  unavailableAnswer,
  validationFailedAnswer,
} from '@promo/shared';
import { RETRY_AFTER_SECONDS } from '../../lib/connection-failure';
import { outputJsonSchema, type JsonSchema } from './json-schema';

/** The answer bodies of packages/shared/src/api-answers.ts, by their name in the document. */
const ANSWERS = {
  Success: successAnswer,
  Error: errorAnswer,
  Unauthenticated: unauthenticatedAnswer,
  NoAccess: noAccessAnswer,
  NotFound: notFoundAnswer,
  ValidationFailed: validationFailedAnswer,
  Unavailable: unavailableAnswer,
  Base64File: base64FileAnswer,
} as const;
export type AnswerName = keyof typeof ANSWERS;

export const schemaRef = (name: AnswerName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: AnswerName) => ({ 'application/json': { schema: schemaRef(name) } });

/** The responses operations share, by name: `responseRef('NotFound')`. */
const RESPONSES = {
  Success: { description: 'Done; `data` holds the answer of the call', content: json('Success') },
  Created: { description: 'Created; `data` holds the new object', content: json('Success') },
  Unauthenticated: { description: 'No valid session: the bearer token is missing, unknown, expired or revoked', content: json('Unauthenticated') },
  NoAccess: { description: "The caller's role may not make this call, or an object rule refuses this object", content: json('NoAccess') },
  NotFound: { description: 'An id names nothing the caller may see', content: json('NotFound') },
  ValidationFailed: {
    description:
      'The input is not valid: `errors` lists the keys of the validation texts per field. Any call, even one that takes no input, refuses so a key or value in its path, query or body holding text the database cannot keep (NUL, a lone UTF-16 surrogate)',
    content: json('ValidationFailed'),
  },
  Unavailable: {
    description: 'The database (or another service) cannot be reached at the moment',
    headers: { 'Retry-After': { description: 'Seconds to wait before asking again', schema: outputJsonSchema(z.int().min(1).meta({ examples: [RETRY_AFTER_SECONDS] })) } },
    content: json('Unavailable'),
  },
  Error: {
    description: 'Another refusal: a malformed body (400), a conflict with the state of things (409), too large (413), not multipart (415), too many sign-in attempts or the upload quota used up (429)',
    content: json('Error'),
  },
} as const;
export type ResponseName = keyof typeof RESPONSES;

export const responseRef = (name: ResponseName) => ({ $ref: `#/components/responses/${name}` });

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `bearerToken` of POST /api/auth/login (a session of 7 days), sent as `Authorization: Bearer <token>`',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: 'BEARER_TOKEN',
    description: "The web app's session cookie, `Bearer <token>` URI-encoded: taken only where a browser makes the request itself (images, downloads)",
  },
} as const;

export function components(): JsonSchema {
  return {
    schemas: Object.fromEntries(Object.entries(ANSWERS).map(([name, schema]) => [name, outputJsonSchema(schema)])),
    responses: RESPONSES,
    securitySchemes: SECURITY_SCHEMES,
  };
}
