import type { z } from 'zod';
import type { PermissionKey } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
