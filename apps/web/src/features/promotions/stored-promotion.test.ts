import { afterEach, describe, expect, it } from 'vitest';
import { storePromotionId, takeStoredPromotionId } from './stored-promotion';

afterEach(() => sessionStorage.clear());

describe('the stored promotion id', () => {
  it('is returned and cleared when the list shows that promotion', () => {
    storePromotionId(7);
    expect(takeStoredPromotionId([3, 5])).toBeNull();
    expect(takeStoredPromotionId([5, 7])).toBe(7);
    expect(takeStoredPromotionId([5, 7])).toBeNull();
  });
});
