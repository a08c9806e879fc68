import * as shared from '@promo/shared';
import { PERMISSIONS, ROLES, type Endpoint, type Role } from '@promo/shared';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

export const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && METHODS.has((v as Endpoint).method) && typeof (v as Endpoint).path === 'string' && 'access' in v;

/**
 * Every endpoint of every contract the shared package exports, found by its shape: an endpoint
 * added to any contract is fuzzed the day it is added.
 */
export function contractEndpoints(): { name: string; endpoint: Endpoint }[] {
  const found = new Map<string, { name: string; endpoint: Endpoint }>();
  for (const [area, contract] of Object.entries(shared)) {
    if (!contract || typeof contract !== 'object' || Array.isArray(contract)) continue;
    for (const [key, value] of Object.entries(contract)) {
      if (!isEndpoint(value)) continue;
      const id = `${value.method} ${value.path}`;
      if (!found.has(id)) found.set(id, { name: `${area}.${key}`, endpoint: value });
    }
  }
  return [...found.values()];
}

/** Who the fuzz calls as: a demo user by its role, or a distributor account that system settings do not name (decision 026). */
export type FuzzCaller = Role | 'unnamed-distributor';

/**
 * The callers that may call an endpoint, and those that may not (null: signed out), so the refusals
 * are fuzzed too: a role without the permission, and where the distributor acts, a distributor
 * account that system settings do not name.
 */
export function rolesFor(endpoint: Endpoint): { allowed: (FuzzCaller | null)[]; refused: (FuzzCaller | null)[] } {
  if (endpoint.access === 'public') return { allowed: [null, 'admin'], refused: [null] };
  if (endpoint.access === 'authenticated') return { allowed: [...ROLES], refused: [null] };
  const allowed: readonly Role[] = PERMISSIONS[endpoint.access];
  const unnamed: FuzzCaller[] = allowed.includes('distributor') ? ['unnamed-distributor'] : [];
  return { allowed: [...allowed], refused: [ROLES.find((r) => !allowed.includes(r)) ?? null, ...unnamed] };
}
