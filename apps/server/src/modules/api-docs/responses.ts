import { z } from 'zod';
import type { Endpoint } from '@promo/shared';
import { responseRef, schemaRef } from './components';
import { inputJsonSchema, outputJsonSchema, propertiesOf, type JsonSchema } from './json-schema';

const ID_KEY = /(^|_)ids?$|Id$/;
/** An id in the path, the query or the body can name nothing the caller may see. */
const namesAnObject = (e: Endpoint) =>
  !!e.params || [e.body, e.query].some((s) => s && Object.keys(propertiesOf(inputJsonSchema(s))).some((k) => ID_KEY.test(k)));

/** What a contract's call answers: its success, and the refusals it can meet. */
export function responses(e: Endpoint): JsonSchema {
  const success =
    e.answer === 'file'
      ? { 200: { description: 'The file itself', content: { 'application/octet-stream': { schema: outputJsonSchema(z.file()) } } } }
      : e.answer === 'base64-file'
        ? { 200: { description: 'The file as base64, in the JSON of the specification (not the envelope)', content: { 'application/json': { schema: schemaRef('Base64File') } } } }
        : e.answer === 'created'
          ? { 201: responseRef('Created') }
          : { 200: responseRef('Success') };
  return {
    ...success,
    ...(e.access === 'public' ? {} : { 401: responseRef('Unauthenticated'), 403: responseRef('NoAccess') }),
    ...(namesAnObject(e) ? { 404: responseRef('NotFound') } : {}),
    // Every call: a call without input of its own still refuses text the database cannot keep in any key it is sent (lib/text-input.ts).
    422: responseRef('ValidationFailed'),
    503: responseRef('Unavailable'),
    default: responseRef('Error'),
  };
}
