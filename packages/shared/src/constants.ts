export const ROLES = ['admin', 'cm', 'cm-admin', 'designer', 'printer', 'distributor', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const GROUPS = ['RBA', 'DO+', 'DO'] as const;
export type Group = (typeof GROUPS)[number];

export const LANGUAGES = ['no', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'no';
export const LANGUAGE_STORAGE_KEY = 'LANGUAGE';

export const PAGE_SIZES = [10, 25, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_WINDOW = 3;

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_NAME_LENGTH = 2;
export const MAX_TEXT_LENGTH = 255;
export const MAX_SEARCH_LENGTH = 200;

/** sort_count values: the sort cycle of a column header. */
export const SORT_NONE = 0;
export const SORT_DESC = 1;
export const SORT_ASC = 2;

export const SESSION_DAYS = 7;
export const COOKIE_CURRENT_USER = 'CURRENT_USER';
export const COOKIE_BEARER_TOKEN = 'BEARER_TOKEN';
export const BEARER_PREFIX = 'Bearer ';

/**
 * Choosing a group in the user modal preselects these categories (spec 000 §3). The specification
 * spells one 'Loality / Trumf', as the old system's data may still do; the seed spells it
 * 'Loyalty / Trumf' (issue 22). Either name is preselected.
 */
const LOYALTY = ['Loyalty / Trumf', 'Loality / Trumf'];
export const GROUP_CATEGORY_PRESETS: Record<Group, readonly string[]> = {
  DO: ['Generic', 'Fuel', ...LOYALTY],
  'DO+': ['Generic', 'Food', 'Fuel', 'Food Outside', 'Store', ...LOYALTY],
  RBA: ['Generic', 'Food', 'Fuel', 'Food Outside', 'Store', ...LOYALTY],
};

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
