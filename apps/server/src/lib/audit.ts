import type { AuditAction, AuditEntity, AuditFields } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from './auth-context';

/**
 * The audit log (decision 020): one row per change of data, written with the change's own
 * transaction (`db` is the caller's `tx`), so a change that rolls back leaves no row and a row
 * never describes a change that did not happen.
 */
export interface AuditEntry {
  /** A name of the shared lists (`audit-names.ts`), each with its label in both languages (decision 031). */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: number | null;
  before?: AuditFields | null;
  after?: AuditFields | null;
}

/** Keys that never go into an audit row, at any depth: secrets and what stands for them. */
const SECRET_KEY = /password|token|secret|session|hash/i;
/** Keys that change with every update and say nothing about what changed. */
const NOISE_KEYS = new Set(['updated_at']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A JSON copy of `value` without secret keys; dates become ISO strings, as JSON writes them. */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_KEY.test(k)).map(([k, v]) => [k, redactSecrets(v)]));
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(redactSecrets(a) ?? null) === JSON.stringify(redactSecrets(b) ?? null);

/**
 * Only what an update changed: the fields whose values differ, each side with its own value (a
 * field one side lacks is null there). `updated_at` is left out. Arrays are compared as sets when
 * they hold numbers or strings (category ids come back in any order).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (NOISE_KEYS.has(key)) continue;
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    const sortable = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string');
    const equal = sortable(a) && sortable(b) ? same([...(a as never[])].sort(), [...(b as never[])].sort()) : same(a, b);
    if (equal) continue;
    out.before[key] = a;
    out.after[key] = b;
  }
  return out;
}

/**
 * Writes one audit row in `db` (the change's transaction). When both sides are objects only the
 * changed fields are kept; secrets (passwords, hashes, tokens, session ids) never are.
 * `actor` null is a stranger (a failed sign-in); an impersonated session records its admin.
 */
export async function writeAudit(db: DbOrTx, actor: Pick<AuthContext, 'user' | 'impersonatorId'> | null, entry: AuditEntry): Promise<void> {
  let { before, after } = entry;
  if (isPlainObject(before) && isPlainObject(after)) ({ before, after } = changedFields(before, after));
  await db.insert(auditLog).values({
    actor_id: actor?.user.id ?? null,
    impersonator_id: actor?.impersonatorId ?? null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: redactSecrets(before) ?? null,
    after: redactSecrets(after) ?? null,
  });
}
