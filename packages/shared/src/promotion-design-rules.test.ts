import { describe, expect, it } from 'vitest';
import { designRemovalRefusal, statusAfterRating, surfaceRemovalRefusal } from './promotion-design-rules';

describe('what may leave a promotion (decision 003)', () => {
  it('keeps a surface with designs the caller does not see, or with a locking design', () => {
    expect(surfaceRemovalRefusal({ hidden_designs: 1, statuses: ['Created'] })).toBe('surface_has_other_designs');
    expect(surfaceRemovalRefusal({ hidden_designs: 0, statuses: ['Created', 'Brief'] })).toBe('surface_locked');
    expect(surfaceRemovalRefusal({ hidden_designs: 0, statuses: ['Created', 'Correction'] })).toBeNull();
  });

  it('lets only an admin delete a design in Brief, Approved or Completed', () => {
    expect(designRemovalRefusal('cm-admin', 'Approved')).toBe('design_locked');
    expect(designRemovalRefusal('admin', 'Approved')).toBeNull();
    expect(designRemovalRefusal('cm-admin', 'Created')).toBeNull();
  });
});

describe('what a sketch rating does to the status (decision 030)', () => {
  it('approved makes Approved, cancelled Correction, a reaction nothing', () => {
    for (const status of ['Created', 'Brief', 'Correction'] as const) expect(statusAfterRating(3, status)).toBe('Approved');
    for (const status of ['Created', 'Brief', 'Approved'] as const) expect(statusAfterRating(2, status)).toBe('Correction');
    for (const status of ['Brief', 'Correction', 'Approved'] as const) expect(statusAfterRating(1, status)).toBeNull();
    expect(statusAfterRating(3, 'Approved')).toBeNull();
    expect(statusAfterRating(2, 'Correction')).toBeNull();
  });

  it('leaves a Completed or Cancelled design as it is', () => {
    for (const rating of [1, 2, 3]) {
      expect(statusAfterRating(rating, 'Completed')).toBeNull();
      expect(statusAfterRating(rating, 'Cancelled')).toBeNull();
    }
  });
});
