import type { Role } from './constants';
import { LOCKING_PSD_STATUSES, type PsdStatus } from './contract/promotion-design';

/**
 * Why a surface cannot leave its promotion, as the server answers it (decision 003): a design the
 * caller does not see (a cm, other categories) must not go unseen; a design in Brief, Approved or
 * Completed keeps its surface. Null: it may go.
 */
export function surfaceRemovalRefusal(surface: { hidden_designs: number; statuses: readonly PsdStatus[] }) {
  if (surface.hidden_designs > 0) return 'surface_has_other_designs' as const;
  if (surface.statuses.some((s) => LOCKING_PSD_STATUSES.includes(s))) return 'surface_locked' as const;
  return null;
}

/** An admin may always delete a design; anyone else not while it is Brief, Approved or Completed. */
export function designRemovalRefusal(role: Role, status: PsdStatus) {
  return role !== 'admin' && LOCKING_PSD_STATUSES.includes(status) ? ('design_locked' as const) : null;
}
