/** The promotion last opened in settings, so the list can point back at it (spec 001 §2.2). */
const KEY = 'STORED_PROMOTION_ID';

export function storePromotionId(id: number) {
  sessionStorage.setItem(KEY, String(id));
}

/** The stored id if it is one of `ids`; it is cleared once matched. */
export function takeStoredPromotionId(ids: number[]): number | null {
  const stored = Number(sessionStorage.getItem(KEY));
  if (!stored || !ids.includes(stored)) return null;
  sessionStorage.removeItem(KEY);
  return stored;
}
