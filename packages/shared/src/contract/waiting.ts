import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zIdParam } from '../form-values';
import type { PromotionDeadline } from '../milestones';

/**
 * What waits for a user (issue 15, decision 018), by role:
 * designer — design_to_start (Brief), design_to_answer (Correction);
 * cm, cm-admin — brief_to_send (Created), sketch_to_rate (an unrated sketch), design_to_complete (Approved);
 * admin — promotion_to_send (every design Completed, not sent);
 * printer — pairs_to_print; distributor — parcels_to_send;
 * station — amounts_to_enter (a surface it receives without a planner amount), delivery_to_confirm (one
 * item per parcel not confirmed received), placement_to_photograph (a received surface without a photo);
 * any reviewer — review_to_decide (a version waiting in a review stage the user has not approved, decision 040).
 */
export const WAITING_KINDS = [
  'design_to_start',
  'design_to_answer',
  'brief_to_send',
  'sketch_to_rate',
  'design_to_complete',
  'promotion_to_send',
  'pairs_to_print',
  'parcels_to_send',
  'amounts_to_enter',
  'delivery_to_confirm',
  'placement_to_photograph',
  'review_to_decide',
] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

export interface WaitingItem {
  kind: WaitingKind;
  promotion: { id: number; name: string };
  /** The design, surface or parcel it is about; null when it is the whole promotion. */
  subject: string | null;
  /** How many (sketches, pairs, stations, surfaces); 1 for a single design. */
  count: number;
  /** The matching milestone as it stands today; null when the promotion has none open. */
  deadline: PromotionDeadline | null;
  /** The page where it is done (a path of the web app). */
  link: string;
}

/** GET /api/waiting-for-me */
export interface WaitingForMeData {
  items: WaitingItem[];
  /** The caller's own choice: no daily digest e-mail. */
  digest_opt_out: boolean;
}

export const digestOptOutBody = z.object({ digest_opt_out: zBool });

export const waiting = {
  list: endpoint({
    method: 'GET',
    path: '/api/waiting-for-me',
    access: 'authenticated',
    summary: 'What waits for the caller, by its role, each with its deadline and the page where it is done',
    example: {},
  }),
  digestOptOut: endpoint({
    method: 'PUT',
    path: '/api/users/{id}/digest-opt-out',
    access: 'authenticated',
    params: zIdParam,
    body: digestOptOutBody,
    summary: 'Turn the daily digest e-mail off or on: a user its own, an admin anyone’s',
    example: { params: { id: 5 }, body: { digest_opt_out: true } },
  }),
};
