/** The pure part of the promotion report (DOMAIN.md 'Who receives what'): no database here. */

export interface ReportStation {
  id: number;
  group: string | null;
  categoryIds: number[];
}

export interface ReportPsd {
  psd_id: number;
  surface_id: number;
  category_id: number;
  category_required: boolean;
  category_groups: string[];
  price: number;
}

export interface ColumnTotals {
  sum: number;
  percent: number;
  total: number;
  price: number;
  total_price: number;
}

/** A station receives a design of its categories (or a required one) whose groups allow its group. */
export function receives(station: ReportStation, psd: ReportPsd): boolean {
  const inCategory = psd.category_required || station.categoryIds.includes(psd.category_id);
  const groupAllowed = psd.category_groups.length === 0 || (station.group !== null && psd.category_groups.includes(station.group));
  return inCategory && groupAllowed;
}

/** Percent extra, rounded up: ceil(sum × percent / 100). */
export const percentExtra = (sum: number, percent: number) => Math.ceil((sum * percent) / 100);

/** Total price with two decimals, computed in øre so 0.1 + 0.2 stays exact. */
export const totalPrice = (total: number, price: number) => Math.round(total * Math.round(price * 100)) / 100;

/**
 * Each station's amount per design (only designs it receives, amount > 0), and each design's
 * Sum, Percent, Total number, price and Total price.
 */
export function computeReport(
  stations: ReportStation[],
  psds: ReportPsd[],
  amountOf: (stationId: number, psd: ReportPsd) => number,
  percent: number,
  /** Who receives what; frozen amounts already answer it. */
  receiving: (station: ReportStation, psd: ReportPsd) => boolean = receives,
) {
  const cells = new Map<number, Map<number, number>>();
  const totals = new Map<number, ColumnTotals>();
  for (const psd of psds) {
    let sum = 0;
    for (const station of stations) {
      if (!receiving(station, psd)) continue;
      const amount = amountOf(station.id, psd);
      if (amount <= 0) continue;
      sum += amount;
      let row = cells.get(station.id);
      if (!row) cells.set(station.id, (row = new Map()));
      row.set(psd.psd_id, amount);
    }
    const extra = percentExtra(sum, percent);
    totals.set(psd.psd_id, { sum, percent: extra, total: sum + extra, price: psd.price, total_price: totalPrice(sum + extra, psd.price) });
  }
  return { cells, totals };
}
