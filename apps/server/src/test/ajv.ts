import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** Ajv 8 with JSON Schema 2020-12 and its formats, for the tests of the OpenAPI document. */
const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

/** The errors of `data` against `schema` ('' when valid), as `path message` lines. */
export function schemaErrors(schema: object, data: unknown): string {
  const validate = ajv.compile(schema);
  return validate(data) ? '' : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
}
