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

/**
 * What a sketch rating does to its design's status (decision 030): approved (3) makes it Approved,
 * cancelled (2) Correction, a reaction (1) leaves it. A Completed or Cancelled design is past the
 * sketches and stays as it is. Null: the status does not change.
 */
export function statusAfterRating(rating: number, status: PsdStatus): PsdStatus | null {
  if (!isRatedStatus(status)) return null;
  const next: PsdStatus | null = rating === 3 ? 'Approved' : rating === 2 ? 'Correction' : null;
  return next === status ? null : next;
}

/** A design whose status the sketch ratings drive: any before Completed, not Cancelled. */
export const isRatedStatus = (status: PsdStatus) => status !== 'Completed' && status !== 'Cancelled';
