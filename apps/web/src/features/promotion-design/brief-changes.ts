import type { BriefData, PsdStatus } from '@promo/shared';

export const BRIEF_TEXT_FIELDS = ['title', 'sub_title', 'text_italic', 'ean_more', 'description', 'additional_description'] as const;
export const BRIEF_CHOICE_FIELDS = ['color', 'supplier_discount', 'plu_scan'] as const;
export const BRIEF_SWITCH_FIELDS = ['need_for_price', 'not_for_printing'] as const;

type TextField = (typeof BRIEF_TEXT_FIELDS)[number] | (typeof BRIEF_CHOICE_FIELDS)[number];
type SwitchField = (typeof BRIEF_SWITCH_FIELDS)[number];

/** What the brief modal's inputs hold: text as typed, the offer as digits ('' is 0). */
export type BriefFormValues = Record<TextField, string> &
  Record<SwitchField, boolean> & { promotional_offer: string; status: PsdStatus };

/** The fields a PUT may carry; only the ones the user changed are sent. */
export type BriefChanges = Partial<Record<TextField, string> & Record<SwitchField, boolean> & { promotional_offer: number; status: PsdStatus }>;

export function briefFormValues(data: BriefData): BriefFormValues {
  return {
    title: data.title,
    sub_title: data.sub_title,
    text_italic: data.text_italic,
    ean_more: data.ean_more,
    description: data.description,
    additional_description: data.additional_description,
    color: data.color,
    supplier_discount: data.supplier_discount,
    plu_scan: data.plu_scan,
    need_for_price: data.need_for_price.value,
    not_for_printing: data.not_for_printing.value,
    promotional_offer: String(data.promotional_offer),
    status: data.status,
  };
}

/** '' means 0 (spec 001 §3). */
const offerNumber = (v: string) => (v.trim() === '' ? 0 : Number(v.trim()));

/**
 * The fields whose value differs from the brief the modal opened with. The server writes only the
 * fields sent, so someone editing another field of the same brief at the same time keeps theirs.
 */
export function changedBriefFields(initial: BriefFormValues, values: BriefFormValues): BriefChanges {
  const changes: BriefChanges = {};
  for (const f of [...BRIEF_TEXT_FIELDS, ...BRIEF_CHOICE_FIELDS]) {
    // The server trims texts: spaces added around a text are no change.
    const next = values[f].trim();
    if (next !== initial[f].trim()) changes[f] = next;
  }
  for (const f of BRIEF_SWITCH_FIELDS) if (values[f] !== initial[f]) changes[f] = values[f];
  const offer = offerNumber(values.promotional_offer);
  if (offer !== offerNumber(initial.promotional_offer)) changes.promotional_offer = offer;
  if (values.status !== initial.status) changes.status = values.status;
  return changes;
}
