import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zIdParam } from '../form-values';

/** Design (PSD) statuses (spec 001 §4). */
export const PSD_STATUS_NAMES = ['Created', 'Brief', 'Correction', 'Approved', 'Completed', 'Cancelled'] as const;
export type PsdStatus = (typeof PSD_STATUS_NAMES)[number];

/** A PSD in these statuses cannot be deleted by a cm-admin, nor its surface removed from the promotion. */
export const LOCKING_PSD_STATUSES: readonly PsdStatus[] = ['Completed', 'Approved', 'Brief'];

export interface PromotionSurfaceDesigns {
  promotion_id: number;
  surface: { id: number; name: string; vendor_code: number };
  designs: { id: number; name: string; design_id: number; category_id: number; data: { status: PsdStatus } }[];
}

const promotionSurface = z.object({ promotion_id: zId, surface_id: zId });

export const promotionDesign = {
  /** The surfaces of a promotion, each with its designs. */
  surfacesWithDesigns: endpoint({
    method: 'GET',
    path: '/api/promotion-surface-design',
    access: 'promotions.view',
    query: z.object({ promotion_id: zId }),
  }),
  addSurface: endpoint({ method: 'POST', path: '/api/promotion-surfaces', access: 'promotions.create', body: promotionSurface }),
  removeSurface: endpoint({
    method: 'DELETE',
    path: '/api/promotion-surfaces/{promotionId}/{surfaceId}',
    access: 'promotions.create',
    params: z.object({ promotionId: zId, surfaceId: zId }),
  }),
  addDesign: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design',
    access: 'promotions.create',
    body: promotionSurface.extend({ design_id: zId }),
  }),
  removeDesign: endpoint({ method: 'DELETE', path: '/api/promotion-surface-design/{id}', access: 'promotions.edit', params: zIdParam }),
  allSurfaces: endpoint({ method: 'POST', path: '/api/surfaces/get-all-surfaces', access: 'promotions.create' }),
  allDesigns: endpoint({ method: 'POST', path: '/api/designs/get-all-designs', access: 'promotions.create' }),
};
