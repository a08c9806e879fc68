import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zIdParam } from '../form-values';
import { SIGN_LIMITS, zSignLayout, type SignLayout, type SignProblem } from '../sign-model';

/*
 * Price signs (issue 34, decision 042). A catalogue design can be a template: a layout (sign-model.ts)
 * saved in numbered versions. A design put on a promotion's surface from a template holds a list of
 * signs, one per product; generating renders them into one PDF, the design's current HQ file.
 */

/** '24,90', '24.90' or '24' → 2490 øre; '' → undefined (then price_required where a price is needed). */
export const zPriceOre = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    return typeof v === 'number' ? String(v) : v;
  },
  z
    .string({ message: 'price_format' })
    .transform((v) => v.trim().replace(/\s/g, '').replace(',', '.'))
    .refine((t) => /^-?\d{1,9}(\.\d{1,2})?$/.test(t), { message: 'price_format', abort: true })
    .transform((t) => Math.round(Number(t) * 100))
    .refine((ore) => ore <= SIGN_LIMITS.maxPriceOre, 'price_too_large')
    .optional(),
);

/** YYYY-MM-DD, or '' for none (a form's empty field). */
const zIsoDate = z.preprocess(
  (v) => (v === undefined ? null : v),
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'date_format')
    .nullable()
    .transform((v) => v || null),
);

/** One sign as a cm fills it in. */
export const zSignInput = z.object({
  product_id: zId,
  price: zPriceOre,
  previous_price: zPriceOre,
  valid_to: zIsoDate,
  /** Editable fields' texts, by field id. */
  texts: z.preprocess((v) => (v === '' || v === undefined ? {} : v), z.record(z.string().max(40), z.string().max(SIGN_LIMITS.maxText))),
});
export type SignInput = z.output<typeof zSignInput>;

export const zSignList = z.preprocess(
  (v) => {
    if (v === '' || v === undefined || v === null) return [];
    if (Array.isArray(v)) return v;
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
    return v;
  },
  z.array(zSignInput).max(SIGN_LIMITS.maxSigns, 'too_many_signs'),
);

export interface SignTemplateSummary {
  design_id: number;
  name: string;
  category: { id: number; name: string };
  version: number;
  width_mm: number;
  height_mm: number;
  update_date: string;
}

export interface SignTemplateVersionRow {
  version: number;
  author_name: string;
  create_date: string;
}

export interface SignTemplateData {
  design_id: number;
  name: string;
  category: { id: number; name: string };
  version: number;
  layout: SignLayout;
  /** The background file's name and type, when there is one. */
  background: { file_id: number; name: string; extension: string } | null;
  versions: SignTemplateVersionRow[];
}

/** One stored sign with what the renderer needs to show it. */
export interface SignRow {
  id: number;
  position: number;
  product: { id: number; name: string; manufacturer: string; ean: string; net_quantity: number | null; net_unit: string | null };
  /** Øre; null until the cm sets one. */
  price: number | null;
  previous_price: number | null;
  valid_to: string | null;
  texts: Record<string, string>;
}

export interface SignSetData {
  psd_id: number;
  template: { design_id: number; name: string; version: number; current_version: number; layout: SignLayout };
  signs: SignRow[];
  /** What the last generate made: the chat message holding the HQ file. */
  generated: { message_id: number; template_version: number; signs: number; create_date: string } | null;
  /** Whether the caller may change the signs (a cm of the design's category, admin, cm-admin; not once sent to printers). */
  may_edit: boolean;
}

export interface SignPreviewData {
  /** A PNG as a data: URL, drawn by the same renderer as the PDF. */
  image: string;
  width_px: number;
  height_px: number;
  problems: SignProblem[];
}

/** A product to preview a template with: what a sign shows of it, nothing of its prices or supplier. */
export interface SignProductChoice {
  id: number;
  name: string;
  ean: string;
  net_quantity: number | null;
  net_unit: string | null;
}

/** A catalogue design that is not a template yet. */
export interface SignTemplateCandidate {
  id: number;
  name: string;
  category: { id: number; name: string };
}

const zSearch = z.object({ search: z.preprocess((v) => v ?? '', z.string().trim().max(100)) });

export const signTemplates = {
  /**
   * For who lays out templates without seeing the catalogue (a designer): the products and designs
   * the editor needs, read-only and narrowed to what a sign shows.
   */
  products: endpoint({
    method: 'GET',
    path: '/api/sign-templates/products',
    access: 'signs.manageTemplates',
    query: zSearch,
    summary: "Up to 20 products whose name contains the search or whose EAN starts with it (id, name, EAN, net quantity): the template editor's preview product",
    example: { query: { search: 'brunost' } },
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/api/sign-templates/candidates',
    access: 'signs.manageTemplates',
    query: zSearch,
    summary: 'Up to 20 catalogue designs whose name contains the search and that are no template yet: what a template can be made of',
    example: { query: { search: 'hylle' } },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/sign-templates',
    access: 'signs.view',
    query: z.object({
      /** Only the templates that fit this surface's size. */
      surface_id: z.preprocess((v) => (v === '' ? undefined : v), zId.optional()),
    }),
    summary: 'The templates of the catalogue the caller may see, or those that fit a surface',
    example: { query: { surface_id: 23 } },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/sign-templates/{id}',
    access: 'signs.view',
    params: zIdParam,
    summary: "A template (by its design's id): its current layout and its versions",
    example: { params: { id: 31 } },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/sign-templates',
    access: 'signs.manageTemplates',
    body: z.object({ design_id: zId, layout: zSignLayout }),
    answer: 'created',
    summary: 'Make a catalogue design a template: version 1 of its layout',
    example: {
      body: {
        design_id: 31,
        layout: {
          width_mm: 210,
          height_mm: 297,
          bleed_mm: 3,
          safe_mm: 5,
          background_file_id: null,
          fields: [{ id: 'name', kind: 'name', x: 10, y: 20, width: 190, height: 30, font: 'sans-bold', size: 36, min_size: 18, color: [0, 0, 0, 100], align: 'center', locked: true, text: '' }],
        },
      },
    },
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/sign-templates/{id}',
    access: 'signs.manageTemplates',
    params: zIdParam,
    body: z.object({ based_on_version: z.coerce.number().int().min(1), layout: zSignLayout }),
    summary: 'Save a new version of a template; refused with template_changed when another version was saved meanwhile',
    example: {
      params: { id: 31 },
      body: { based_on_version: 3, layout: { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: null, fields: [] } },
    },
  }),
  checkBackground: endpoint({
    method: 'POST',
    path: '/api/sign-templates/{id}/check-background',
    access: 'signs.manageTemplates',
    params: zIdParam,
    body: z.object({ layout: zSignLayout }),
    summary: "Read a layout's new background with the preflight against its page size with bleed, as a save would, at once: refused with the preflight's checks, stores nothing",
    example: {
      params: { id: 31 },
      body: { layout: { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: 412, fields: [] } },
    },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/sign-templates/{id}/preview',
    access: 'signs.manageTemplates',
    params: zIdParam,
    body: z.object({ layout: zSignLayout, sign: zSignInput }),
    summary: 'One sign drawn with an unsaved layout and a chosen product, as a PNG, with what does not fit',
    example: {
      params: { id: 31 },
      body: {
        layout: { width_mm: 210, height_mm: 297, bleed_mm: 3, safe_mm: 5, background_file_id: null, fields: [] },
        sign: { product_id: 7, price: '24,90', previous_price: '29,90', valid_to: '2026-06-14', texts: {} },
      },
    },
  }),
};

export const signs = {
  get: endpoint({
    method: 'GET',
    path: '/api/promotion-surface-design/{id}/signs',
    access: 'signs.view',
    params: zIdParam,
    summary: "The signs of a design made from a template, with the template version they use",
    example: { params: { id: 205 } },
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/promotion-surface-design/{id}/signs',
    access: 'signs.edit',
    params: zIdParam,
    body: z.object({ signs: zSignList }),
    summary: "Replace the design's list of signs (one per product); every sign is checked, nothing is stored when one is refused",
    example: { params: { id: 205 }, body: { signs: [{ product_id: 7, price: '24,90', previous_price: '', valid_to: '2026-06-14', texts: { slogan: 'Ukens tilbud' } }] } },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/{id}/signs/preview',
    access: 'signs.view',
    params: zIdParam,
    body: z.object({ sign: zSignInput }),
    summary: "One sign of the design drawn as a PNG by the print renderer, with what does not fit",
    example: { params: { id: 205 }, body: { sign: { product_id: 7, price: '24,90', previous_price: '', valid_to: '', texts: {} } } },
  }),
  generate: endpoint({
    method: 'POST',
    path: '/api/promotion-surface-design/{id}/signs/generate',
    access: 'signs.edit',
    params: zIdParam,
    summary:
      "Render the stored signs into one print-ready PDF: the design's new current HQ file in its chat. Once per design at a time (409 signs_generating); signs_unchanged with the current file's message when nothing it is drawn from changed",
    example: { params: { id: 205 } },
  }),
};
