import type { ChatFileType } from '@promo/shared';

/** Locale keys of the file types; '' is a plain attachment. */
export const FILE_TYPE_LABELS: Record<ChatFileType, string> = {
  '': 'chat.type_none',
  Sketch: 'chat.type_sketch',
  HQ: 'chat.type_hq',
  LQ: 'chat.type_lq',
};

/** Sketch ratings: 1 reaction set, 2 cancelled, 3 approved. */
export const RATING_LABELS: Record<number, string> = {
  1: 'chat.rating_reaction',
  2: 'chat.rating_cancelled',
  3: 'chat.rating_approved',
};

