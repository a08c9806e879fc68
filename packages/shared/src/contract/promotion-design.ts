import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zId, zIdList, zIdParam } from '../form-values';
import type { UrlImages } from './surfaces';
import type { PromotionDeadline } from '../milestones';
import type { DesignReviewMark } from './reviews';

/** Design (PSD) statuses (spec 001 §4). */
export const PSD_STATUS_NAMES = ['Created', 'Brief', 'Correction', 'Approved', 'Completed', 'Cancelled'] as const;
export type PsdStatus = (typeof PSD_STATUS_NAMES)[number];

/** A PSD in these statuses cannot be deleted by a cm-admin, nor its surface removed from the promotion. */
export const LOCKING_PSD_STATUSES: readonly PsdStatus[] = ['Completed', 'Approved', 'Brief'];

export interface PromotionSurfaceDesigns {
  promotion_id: number;
  surface: { id: number; name: string; vendor_code: number };
  /** `open_pins`: the design's open pins on any file version (decision 017). */
  /** `review`: the review stage the design's newest version waits in (decision 040), null when none waits. */
  designs: { id: number; name: string; design_id: number; category_id: number; data: { status: PsdStatus }; open_pins: number; review: DesignReviewMark | null }[];
  /** Designs on the surface the caller does not see (a cm: other categories' designs). */
  hidden_designs: number;
}

const promotionSurface = z.object({ promotion_id: zId, surface_id: zId });

export const promotionDesign = {
  /** The surfaces of a promotion, each with its designs. */
  surfacesWithDesigns: endpoint({
    method: 'GET',
    path: '/api/promotion-surface-design',
    access: 'promotions.view',
    query: z.object({ promotion_id: zId }),
    summary: 'The surfaces of a promotion, each with the designs on it the caller may see',
    example: { query: { promotion_id: 14 } },
  }),
  addSurface: endpoint({
    method: 'POST',
    path: '/api/promotion-surfaces',
    access: 'promotions.create',
    body: promotionSurface,
    summary: 'Add a surface to a promotion',
    example: { body: { promotion_id: 14, surface_id: 23 } },
  }),
  removeSurface: endpoint({
    method: 'DELETE',
    path: '/api/promotion-surfaces/{promotionId}/{surfaceId}',
    access: 'promotions.create',
    params: z.object({ promotionId: zId, surfaceId: zId }),
    summary: 'Remove a surface, with its designs, from a promotion',
    example: { params: { promotionId: 14, surfaceId: 23 } },
  }),
  addDesign: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design',
    access: 'promotions.create',
    body: promotionSurface.extend({ design_id: zId }),
    summary: "Put a design on a promotion's surface (a surface-design with its brief and chat)",
    example: { body: { promotion_id: 14, surface_id: 23, design_id: 31 } },
  }),
  removeDesign: endpoint({
    method: 'DELETE',
    path: '/api/promotion-surface-design/{id}',
    access: 'promotions.edit',
    params: zIdParam,
    summary: "Remove a design from a promotion's surface",
    example: { params: { id: 205 } },
  }),
  allSurfaces: endpoint({
    method: 'POST',
    path: '/api/surfaces/get-all-surfaces',
    access: 'promotions.create',
    summary: 'Every surface, to add to a promotion',
    example: {},
  }),
  allDesigns: endpoint({
    method: 'POST',
    path: '/api/designs/get-all-designs',
    access: 'promotions.create',
    summary: 'The designs the caller may put on a surface',
    example: {},
  }),
};

/** Option lists of the brief form (spec 001 §9). Stored as the option text; '' is none. */
export const BRIEF_COLORS = ['No', 'Gull', 'Traffic creator', 'Spice'] as const;
export const BRIEF_SUPPLIER_DISCOUNTS = ['0%', '5%', '10%', '25%'] as const;
export const BRIEF_PLU_SCAN = ['In the', 'More', 'Scan'] as const;
/** The brief description summary in lists. */
export const BRIEF_SUMMARY_LENGTH = 50;

export interface BriefFile {
  id: number;
  name: string;
  extension: string;
  size: number;
  date: string;
  url: string;
}

export interface BriefProduct {
  product_id: number;
  product: {
    id: number;
    name: string;
    ean: number;
    vendor_code: number;
    category: string;
    sub_category: string;
    provider_name: string;
    manufacturer: string;
    price_per_item: string;
    url_images: UrlImages | null;
  };
}

export interface BriefData {
  title: string;
  sub_title: string;
  text_italic: string;
  ean_more: string;
  promotional_offer: number;
  color: string;
  supplier_discount: string;
  plu_scan: string;
  description: string;
  additional_description: string;
  need_for_price: { value: boolean };
  not_for_printing: { value: boolean };
  status: PsdStatus;
  files: BriefFile[];
  products: BriefProduct[];
}

/** get-promotion-surface-design: the design page's data. */
export interface DesignPageData {
  id: number;
  name: string;
  chat_id: number;
  designer: { id: number; name: string } | null;
  category: { id: number; name: string };
  /** With its next open milestone as it stands today (decision 018). */
  promotion: { id: number; name: string; status: number; deadline: PromotionDeadline | null };
  surface: { id: number; name: string; vendor_code: number; type_surface: string | null; size_surface: string | null; url_images: UrlImages | null };
  data: BriefData;
  /** Open pins of the design on any file version (decision 017). */
  open_pins: number;
  updated_at: string;
}

/** The real-time event on the channel `chat_user_{id}` of everyone who may see the design when its status changes. */
export const DESIGN_STATUS_EVENT = 'DesignStatusEvent';
export type DesignStatusEvent = typeof DESIGN_STATUS_EVENT;
export interface DesignStatusEventPayload {
  promotion_surface_design_id: number;
  promotion_id: number;
  status: PsdStatus;
  updated_at: string;
}

const optionalText = (max: number) => z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(max, 'max_length')).optional();
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.literal(''), z.enum(values)]).optional();
/** An integer or '' (which means 0, spec 001 §3). */
const promotionalOffer = z
  .preprocess((v) => (v === '' || v === null ? 0 : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v), z.number({ error: 'integer_required' }).int('integer_required').min(0).max(2_147_483_647))
  .optional();

/**
 * PUT brief: only the fields sent are written, so two people editing different fields of the
 * same brief at once both keep their change (last write wins per field).
 */
export const briefBody = z.object({
  title: optionalText(500),
  sub_title: optionalText(500),
  text_italic: optionalText(500),
  ean_more: optionalText(2000),
  promotional_offer: promotionalOffer,
  color: optionalChoice(BRIEF_COLORS),
  supplier_discount: optionalChoice(BRIEF_SUPPLIER_DISCOUNTS),
  plu_scan: optionalChoice(BRIEF_PLU_SCAN),
  description: optionalText(50_000),
  additional_description: optionalText(20_000),
  need_for_price: zBool.optional(),
  not_for_printing: zBool.optional(),
  status: z.enum(PSD_STATUS_NAMES).optional(),
  /** Completed although the design has open pins: the user confirmed it (decision 017). Not stored. */
  confirm_open_pins: zBool.optional(),
});
export type BriefBody = z.output<typeof briefBody>;

const psdId = z.object({ promotion_surface_design_id: zId });

export const designPage = {
  get: endpoint({
    method: 'GET',
    path: '/api/promotion-surface-design/get-promotion-surface-design',
    access: 'promotions.view',
    query: z.object({ promotion_id: zId, surface_id: zId, surface_design_id: zId }),
    summary: 'The design page: the surface-design with its brief, files, products and designer',
    example: { query: { promotion_id: 14, surface_id: 23, surface_design_id: 205 } },
  }),
  updateBrief: endpoint({
    method: 'PUT',
    path: '/api/promotion-surface-design/{id}',
    access: 'designs.editBrief',
    params: zIdParam,
    body: briefBody,
    summary: "Change the brief or the design's status: only the fields sent",
    example: {
      params: { id: 205 },
      body: {
        title: 'Påskeegg',
        sub_title: 'Kun i påsken',
        text_italic: 'Så langt lageret rekker',
        ean_more: '7040054001120',
        promotional_offer: 39,
        color: 'Gull',
        supplier_discount: '10%',
        plu_scan: 'Scan',
        description: '<p>Påskeegg 250 g til 39 kr med Trumf.</p>',
        need_for_price: true,
        not_for_printing: false,
        status: 'Brief',
      },
    },
  }),
  bindDesigner: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/bind-design-to-yourself',
    access: 'designs.bind',
    body: z.object({ design_id: zId, bool_action: zBool }),
    summary: 'Take a surface-design as its designer (bool_action true) or let it go (false)',
    example: { body: { design_id: 205, bool_action: true } },
  }),
  /**
   * Brief files: `file_ids` from the shared upload step (the UI streams each file there first), or
   * multipart `files[i]` parts (spec 001 §7), each streamed through that step into `file_ids[i]`;
   * the spec's names[i], sizes[i] and dates[i] are not read (the part's name, the measured size).
   */
  addFiles: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/set-files-brief-design',
    access: 'designs.editBrief',
    body: psdId.extend({ file_ids: zIdList.refine((l) => l.length > 0, 'file_required') }),
    multipart: { files: 'file_ids' },
    summary: 'Attach files to the brief: uploads of the upload step (file_ids), or multipart parts files[i]',
    example: { body: { promotion_surface_design_id: 205, file_ids: [314, 315] } },
  }),
  deleteFile: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/delete-file-brief-design',
    access: 'designs.editBrief',
    body: psdId.extend({ file_id: zId }),
    summary: 'Remove a file from the brief',
    example: { body: { promotion_surface_design_id: 205, file_id: 314 } },
  }),
  addProduct: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/add-product-brief-design',
    access: 'designs.editBrief',
    body: psdId.extend({ product_id: zId }),
    summary: 'Add a product to the brief',
    example: { body: { promotion_surface_design_id: 205, product_id: 812 } },
  }),
  deleteProduct: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/delete-product-brief-design',
    access: 'designs.editBrief',
    body: psdId.extend({ product_id: zId }),
    summary: 'Remove a product from the brief',
    example: { body: { promotion_surface_design_id: 205, product_id: 812 } },
  }),
  /** Catalogue search for the brief's product picker. */
  products: endpoint({
    method: 'GET',
    path: '/api/products/get-all-products',
    access: 'designs.editBrief',
    query: z.object({ search: z.preprocess((v) => v ?? '', z.string().trim().max(100)) }),
    summary: "Search the catalogue for the brief's product picker",
    example: { query: { search: 'brunost' } },
  }),
};
