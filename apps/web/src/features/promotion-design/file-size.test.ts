import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows Kb below a megabyte and Mb above, with two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 Kb');
    expect(formatFileSize(512)).toBe('0.50 Kb');
    expect(formatFileSize(1_258_291)).toBe('1.20 Mb');
    expect(formatFileSize(1024 * 1024)).toBe('1.00 Mb');
  });
});
