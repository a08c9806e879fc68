import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows Kb below a megabyte and Mb above, with two decimals, in the interface language', () => {
    expect(formatFileSize(0, 'en')).toBe('0.00 Kb');
    expect(formatFileSize(512, 'en')).toBe('0.50 Kb');
    expect(formatFileSize(1_258_291, 'en')).toBe('1.20 Mb');
    expect(formatFileSize(1024 * 1024, 'en')).toBe('1.00 Mb');
    expect(formatFileSize(1_258_291, 'no')).toBe('1,20 Mb');
    expect(formatFileSize(512, 'no')).toBe('0,50 Kb');
    expect(formatFileSize(1500 * 1024 * 1024, 'no')).toBe('1\u00a0500,00 Mb');
  });
});
