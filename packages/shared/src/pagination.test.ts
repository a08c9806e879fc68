import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './pagination';

describe('pageCount', () => {
  it('is the ceiling of total / size and at least 1', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(251, 25)).toBe(11);
  });
});

describe('pageWindow', () => {
  it('shows a window of 3 with first, last and ellipses', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
  });
  it('leaves out the ellipsis where no page is skipped', () => {
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
