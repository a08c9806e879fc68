import { describe, expect, it } from 'vitest';
import { computeReport, percentExtra, receives, totalPrice, type ReportPsd, type ReportStation } from './compute';

const psd = (over: Partial<ReportPsd> = {}): ReportPsd => ({
  psd_id: 1,
  surface_id: 10,
  category_id: 100,
  category_required: false,
  category_groups: [],
  price: 12.5,
  ...over,
});
const station = (over: Partial<ReportStation> = {}): ReportStation => ({ id: 1, group: 'DO', categoryIds: [100], ...over });

describe('who receives a design', () => {
  it('needs the category (or a required one) and an allowed group', () => {
    expect(receives(station(), psd())).toBe(true);
    expect(receives(station({ categoryIds: [] }), psd())).toBe(false);
    expect(receives(station({ categoryIds: [] }), psd({ category_required: true }))).toBe(true);
    expect(receives(station(), psd({ category_groups: ['RBA'] }))).toBe(false);
    expect(receives(station(), psd({ category_groups: ['RBA', 'DO'] }))).toBe(true);
    expect(receives(station({ group: null }), psd({ category_groups: ['DO'] }))).toBe(false);
  });
});

describe('report totals', () => {
  it('rounds the percent up and prices in whole øre', () => {
    expect(percentExtra(11, 10)).toBe(2);
    expect(percentExtra(10, 10)).toBe(1);
    expect(percentExtra(0, 10)).toBe(0);
    expect(totalPrice(3, 0.1)).toBe(0.3);
    expect(totalPrice(13, 12.5)).toBe(162.5);
  });

  it('sums the amounts of the stations that receive each design and leaves out zeros', () => {
    const stations = [station({ id: 1 }), station({ id: 2 }), station({ id: 3, categoryIds: [] })];
    const amounts: Record<string, number> = { '1:10': 5, '2:10': 6, '3:10': 50, '1:20': 0 };
    const { cells, totals } = computeReport(stations, [psd(), psd({ psd_id: 2, surface_id: 20 })], (s, p) => amounts[`${s}:${p.surface_id}`] ?? 0, 10);
    expect(totals.get(1)).toEqual({ sum: 11, percent: 2, total: 13, price: 12.5, total_price: 162.5 });
    expect(totals.get(2)).toMatchObject({ sum: 0, total: 0 });
    expect(cells.get(1)?.get(1)).toBe(5);
    expect(cells.get(3)).toBeUndefined();
    expect(cells.get(1)?.has(2)).toBe(false);
  });
});
