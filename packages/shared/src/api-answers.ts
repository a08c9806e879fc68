import { z } from 'zod';

/**
 * The bodies every call answers with around its own `data`: the server builds them (`ok()` of
 * route.ts, the error handler) and the API reference describes them from these schemas.
 */
const messageKey = z.string().describe("The message as a key under `server.*` of the web app's locale files");
const errorFields = { status: z.literal('error'), message: z.string(), message_key: messageKey };
/** Field path (`email`, `obj_search.field`) -> keys under `validation.*` of the locale files. */
const fieldErrors = z.record(z.string(), z.array(z.string()));

export const successAnswer = z
  .object({
    status: z.literal('success'),
    message: z.string(),
    message_key: messageKey,
    data: z.unknown().optional().describe("The call's own answer"),
    preflight: z
      .unknown()
      .optional()
      .describe('Send to printers only: the HQ files the preflight has not checked yet or could not read, beside `data` (decision 026)'),
  })
  .meta({ examples: [{ status: 'success', message: 'User created', message_key: 'user_created', data: { id: 42 } }] });

/** Any refusal. Fastify's own (a malformed body, an unsupported media type, a body too large) carry `code` instead of `message_key`. */
export const errorAnswer = z
  .object({
    ...errorFields,
    message_key: messageKey.optional(),
    message_params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    errors: fieldErrors.optional(),
    data: z.unknown().optional(),
    code: z.string().optional(),
  })
  .meta({ examples: [{ status: 'error', message: 'The promotion has already been sent to the printers', message_key: 'already_sent_to_printers' }] });

export const unauthenticatedAnswer = z
  .object(errorFields)
  .meta({ examples: [{ status: 'error', message: 'Unauthenticated', message_key: 'unauthenticated' }] });

export const noAccessAnswer = z.object(errorFields).meta({ examples: [{ status: 'error', message: 'No access', message_key: 'no_access' }] });

export const notFoundAnswer = z.object(errorFields).meta({ examples: [{ status: 'error', message: 'Not found', message_key: 'not_found' }] });

export const validationFailedAnswer = z.object({ ...errorFields, errors: fieldErrors }).meta({
  examples: [{ status: 'error', message: 'Validation failed', message_key: 'validation_failed', errors: { email: ['valid_email'], name: ['name_min_2_chars'] } }],
});

/** The database (or another service) cannot be reached; the answer's Retry-After says when to ask again. */
export const unavailableAnswer = z.object({ ...errorFields, request_id: z.string() }).meta({
  examples: [
    {
      status: 'error',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      message_key: 'service_unavailable',
      request_id: '8f14e45f-ceea-4a7b-9c3e-6d1f0a2b3c4d',
    },
  ],
});

/** The specification's JSON download of a file (download-file). */
export const base64FileAnswer = z.object({
  success: z.literal(true),
  file: z.string().describe("The file's bytes, base64"),
  contentType: z.string(),
  fileName: z.string(),
});
