import type { z } from 'zod';
import type { PermissionKey } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every key optional: zod types a field a preprocess lets the client leave out as required. The
 * tests parse each example with its schemas, so what the types let through is still checked.
 */
type Loose<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: Loose<T[K]> } : T;

/** The part of an example for one input: required when the call takes it, absent when it does not. */
type ExamplePart<S, K extends 'body' | 'query' | 'params'> = [S] extends [undefined]
  ? { [P in K]?: never }
  : [S] extends [z.ZodType]
    ? { [P in K]: Loose<z.input<S>> }
    : { [P in K]?: unknown };

/** A valid request of the call, as its client sends it: the API reference shows it and the tests parse it. */
export type RequestExample<B, Q, P> = ExamplePart<B, 'body'> & ExamplePart<Q, 'query'> & ExamplePart<P, 'params'>;

/**
 * One call of the specification: method, path, input schemas and who may call it.
 * `access` is 'public', 'authenticated' (any signed-in user; object rules in the service)
 * or a permission key of permissions.ts.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  path: string;
  access: 'public' | 'authenticated' | PermissionKey;
  body?: B;
  query?: Q;
  params?: P;
  /** Also accept the BEARER_TOKEN cookie: only for GETs that a browser makes itself (<img src>). */
  cookieAuth?: boolean;
  /**
   * Also multipart/form-data: each file part named here (`files`, `files[0]` …) is stored by the
   * upload step and its file id given to the body under the key named; the other parts are fields.
   */
  multipart?: Record<string, string>;
  /** The success answer when it is not 200 with the envelope of `ok()`: 201 with it, or another body. */
  answer?: 'created' | 'file' | 'base64-file';
  /** What the call does, in a line (the API reference's summary). */
  summary: string;
  example: RequestExample<B, Q, P>;
}

export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(e: Endpoint<B, Q, P>): Endpoint<B, Q, P> {
  return e;
}

/** Fills `{id}` style placeholders of a contract path. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k])));
}
