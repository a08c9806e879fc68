import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';

/**
 * Text PostgreSQL cannot keep as sent: it refuses NUL in text (a 500), and a lone UTF-16
 * surrogate (possible in JSON) would be stored as U+FFFD, silently changed.
 */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export const isStorableText = (s: string) => !UNSTORABLE.test(s);

const MAX_REPORTED = 20;

/**
 * The paths (`obj_search.input_value`, `ids.0`) of the texts, keys included, of a parsed input that
 * cannot be stored as sent. Iterative: a deeply nested JSON body must not overflow the stack.
 */
export function unstorablePaths(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  while (stack.length && found.length < MAX_REPORTED) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push((path || '_').slice(0, 200));
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key.replace(UNSTORABLE_ALL, '\uFFFD')}` : key.replace(UNSTORABLE_ALL, '\uFFFD');
        if (!isStorableText(key)) found.push(childPath.slice(0, 200));
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}

/** Refuses, before validation, a request whose path, query or body holds such text: 422 per field. */
export async function refuseUnstorableText(req: FastifyRequest): Promise<void> {
  const paths = [req.params, req.query, req.body].flatMap(unstorablePaths);
  if (paths.length) throw invalid(Object.fromEntries(paths.map((p) => [p, ['invalid_characters']])));
}
