import { invalidField, type AppError } from './errors';

/**
 * The unique constraints behind the app's "is it taken?" checks, with the field error the check
 * gives. Of requests that check at the same moment, one inserts and the others meet the constraint:
 * they get the answer the check gives a moment later, not a 500.
 */
const TAKEN: Record<string, { field: string; key: string }> = {
  users_email_live_unique: { field: 'email', key: 'email_taken' },
  categories_name_unique: { field: 'name', key: 'name_taken' },
  surfaces_vendor_code_unique: { field: 'vendor_code', key: 'vendor_code_taken' },
  products_ean_unique: { field: 'ean', key: 'ean_taken' },
  surface_types_name_unique: { field: 'new_type', key: 'type_exists' },
  surface_sizes_name_unique: { field: 'new_size', key: 'size_exists' },
};

const UNIQUE_VIOLATION = '23505';

/** The 422 of a unique violation of one of those constraints (looked for through Drizzle's `cause`), else null. */
export function takenRefusal(err: unknown, depth = 0): AppError | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (e.code === UNIQUE_VIOLATION && typeof e.constraint === 'string') {
    const taken = TAKEN[e.constraint];
    return taken ? invalidField(taken.field, taken.key) : null;
  }
  return takenRefusal(e.cause, depth + 1);
}
