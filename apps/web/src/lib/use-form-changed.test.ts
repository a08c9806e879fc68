import { describe, expect, it } from 'vitest';
import { sameValues } from './use-form-changed';

describe('sameValues: whether a form still holds what it started with', () => {
  it('sees the same texts, flags and lists as no change, whatever the key order', () => {
    expect(sameValues({ name: 'A', groups: ['DO'], on: true }, { on: true, groups: ['DO'], name: 'A' })).toBe(true);
  });

  it('sees a changed text, flag, list item or list length as a change', () => {
    const start = { name: 'A', groups: ['DO'], on: true };
    expect(sameValues({ ...start, name: 'AB' }, start)).toBe(false);
    expect(sameValues({ ...start, on: false }, start)).toBe(false);
    expect(sameValues({ ...start, groups: ['RBA'] }, start)).toBe(false);
    expect(sameValues({ ...start, groups: ['DO', 'RBA'] }, start)).toBe(false);
    expect(sameValues({ ...start, extra: 'x' }, start)).toBe(false);
  });
});
