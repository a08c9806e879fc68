import { describe, expect, it } from 'vitest';
import { containsPattern, pageTotal } from './sql-helpers';

describe('pageTotal', () => {
  const counted = async () => 999;
  it('takes the total from a last page that is not full, without counting', async () => {
    expect(await pageTotal({ start_index: 0, count_show: 25 }, 12, counted)).toBe(12);
    expect(await pageTotal({ start_index: 50, count_show: 25 }, 3, counted)).toBe(53);
  });
  it('answers 0 for an empty first page', async () => {
    expect(await pageTotal({ start_index: 0, count_show: 25 }, 0, counted)).toBe(0);
  });
  it('counts when the page is full or lies past the end', async () => {
    expect(await pageTotal({ start_index: 0, count_show: 25 }, 25, counted)).toBe(999);
    expect(await pageTotal({ start_index: 100, count_show: 25 }, 0, counted)).toBe(999);
  });
});

describe('containsPattern', () => {
  it('matches the text literally: %, _ and \\ lose their LIKE meaning', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
