import { describe, expect, it } from 'vitest';
import { designRemovalRefusal, surfaceRemovalRefusal } from './promotion-design-rules';

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
