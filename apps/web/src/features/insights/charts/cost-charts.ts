import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import type { CostInsights } from '@promo/shared';
import { formatDay } from '@/lib/format';
import { monthDate, type InsightsFormat } from '../format';
import { reportLink, stationLink, surfaceLink } from '../links';
import { number, text, type ChartSpec } from './chart-spec';
import { kronerScale, monthAxis, namedBars, STYLE, tickMargin } from './plot-base';

type Cost = CostInsights;
type Month = Cost['by_month'][number] & { date: Date };

const byTotal = <R extends { total: string }>(rows: R[]) => [...rows].sort((a, b) => Number(b.total) - Number(a.total));

function byMonth(data: Cost, fmt: InsightsFormat, t: TFunction): ChartSpec<Month> {
  const rows = data.by_month.map((r) => ({ ...r, date: monthDate(r.month) }));
  const top = byTotal(data.by_category)[0];
  // The stacks' heights: the tallest decides the room its ticks need.
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.month, (totals.get(r.month) ?? 0) + Number(r.total));
  return {
    id: 'cost-by-month',
    name: t('insights.charts.cost_by_month.name'),
    finding: top ? t('insights.charts.cost_by_month.finding', { category: top.category, amount: fmt.kroner(top.total), total: fmt.kroner(data.total) }) : '',
    rows,
    columns: [
      { label: t('insights.columns.month'), text: (r) => fmt.month(r.date), csv: (r) => text(r.month) },
      { label: t('insights.columns.category'), text: (r) => r.category, csv: (r) => text(r.category) },
      { label: t('insights.columns.cost'), text: (r) => fmt.kroner(r.total), csv: (r) => number(r.total), numeric: true },
    ],
    plot: (width) => {
      const axis = monthAxis(fmt, totals.size, width);
      return {
        width,
        height: 300,
        style: STYLE,
        marginLeft: tickMargin(fmt.kronerTick(Math.max(...totals.values()))),
        marginBottom: axis.marginBottom,
        x: { type: 'band', ...axis.x },
        y: kronerScale(fmt, t('insights.axis_kroner')),
        color: { legend: true },
        marks: [
          Plot.barY(rows, { x: 'date', y: (r: Month) => Number(r.total), fill: 'category', title: (r: Month) => `${r.category}, ${fmt.month(r.date)}: ${fmt.kroner(r.total)}` }),
          Plot.ruleY([0]),
        ],
      };
    },
  };
}

type Promotion = Cost['by_promotion'][number];
function byPromotion(data: Cost, fmt: InsightsFormat, t: TFunction): ChartSpec<Promotion> {
  const rows = byTotal(data.by_promotion);
  const link = (r: Promotion) => reportLink(r.promotion_id);
  return {
    id: 'cost-by-promotion',
    name: t('insights.charts.cost_by_promotion.name'),
    finding: rows[0] ? t('insights.charts.cost_by_promotion.finding', { name: rows[0].name, amount: fmt.kroner(rows[0].total), total: fmt.kroner(data.total) }) : '',
    rows,
    link,
    columns: [
      { label: t('insights.columns.promotion'), text: (r) => r.name, csv: (r) => text(r.name) },
      { label: t('insights.columns.starts'), text: (r) => formatDay(r.period_from, fmt.lang), csv: (r) => text(r.period_from) },
      { label: t('insights.columns.cost'), text: (r) => fmt.kroner(r.total), csv: (r) => number(r.total), numeric: true },
    ],
    plot: (width) =>
      namedBars(rows, width, {
        key: (r) => String(r.promotion_id),
        label: (r) => r.name,
        value: (r) => Number(r.total),
        tip: (r) => `${r.name}: ${fmt.kroner(r.total)}`,
        href: link,
        x: kronerScale(fmt, t('insights.axis_kroner')),
      }),
  };
}

type Surface = Cost['top_surfaces'][number];
function topSurfaces(data: Cost, fmt: InsightsFormat, t: TFunction): ChartSpec<Surface> {
  const rows = byTotal(data.top_surfaces);
  const link = (r: Surface) => surfaceLink(r.name);
  return {
    id: 'cost-top-surfaces',
    name: t('insights.charts.top_surfaces.name'),
    finding: rows[0] ? t('insights.charts.top_surfaces.finding', { name: rows[0].name, amount: fmt.kroner(rows[0].total) }) : '',
    rows,
    link,
    columns: [
      { label: t('insights.columns.surface'), text: (r) => r.name, csv: (r) => text(r.name) },
      { label: t('insights.columns.cost'), text: (r) => fmt.kroner(r.total), csv: (r) => number(r.total), numeric: true },
    ],
    plot: (width) =>
      namedBars(rows, width, {
        key: (r) => String(r.surface_id),
        label: (r) => r.name,
        value: (r) => Number(r.total),
        tip: (r) => `${r.name}: ${fmt.kroner(r.total)}`,
        href: link,
        x: kronerScale(fmt, t('insights.axis_kroner')),
      }),
  };
}

type Group = Cost['by_group'][number];
function byGroup(data: Cost, fmt: InsightsFormat, t: TFunction): ChartSpec<Group> {
  const rows = byTotal(data.by_group);
  return {
    id: 'cost-by-group',
    name: t('insights.charts.cost_by_group.name'),
    finding: rows[0] ? t('insights.charts.cost_by_group.finding', { group: fmt.group(rows[0].group), amount: fmt.kroner(rows[0].total), count: rows[0].stations }) : '',
    rows,
    columns: [
      { label: t('insights.columns.group'), text: (r) => fmt.group(r.group), csv: (r) => text(fmt.group(r.group)) },
      { label: t('insights.columns.stations'), text: (r) => fmt.count(r.stations), csv: (r) => number(r.stations), numeric: true },
      { label: t('insights.columns.cost'), text: (r) => fmt.kroner(r.total), csv: (r) => number(r.total), numeric: true },
    ],
    plot: (width) =>
      namedBars(rows, width, {
        key: (r) => fmt.group(r.group),
        label: (r) => fmt.group(r.group),
        value: (r) => Number(r.total),
        tip: (r) => `${fmt.group(r.group)}: ${fmt.kroner(r.total)}`,
        x: kronerScale(fmt, t('insights.axis_kroner')),
      }),
  };
}

type Station = Cost['top_stations'][number];
function topStations(data: Cost, fmt: InsightsFormat, t: TFunction): ChartSpec<Station> {
  const rows = byTotal(data.top_stations);
  const link = (r: Station) => stationLink(r.name);
  return {
    id: 'cost-top-stations',
    name: t('insights.charts.top_stations.name'),
    finding: rows[0]
      ? t('insights.charts.top_stations.finding', { name: rows[0].name, amount: fmt.kroner(rows[0].total), mean: fmt.kroner(data.per_station_mean) })
      : '',
    rows,
    link,
    columns: [
      { label: t('insights.columns.station'), text: (r) => r.name, csv: (r) => text(r.name) },
      { label: t('insights.columns.group'), text: (r) => fmt.group(r.group), csv: (r) => text(fmt.group(r.group)) },
      { label: t('insights.columns.cost'), text: (r) => fmt.kroner(r.total), csv: (r) => number(r.total), numeric: true },
    ],
    plot: (width) =>
      namedBars(rows, width, {
        key: (r) => String(r.station_id),
        label: (r) => r.name,
        value: (r) => Number(r.total),
        tip: (r) => `${r.name}: ${fmt.kroner(r.total)}`,
        href: link,
        x: kronerScale(fmt, t('insights.axis_kroner')),
      }),
  };
}

/** The cost section's charts (decision 038): month and category, promotion, surface, station group, station. */
export const costCharts = (data: Cost, fmt: InsightsFormat, t: TFunction) => ({
  byMonth: byMonth(data, fmt, t),
  byPromotion: byPromotion(data, fmt, t),
  topSurfaces: topSurfaces(data, fmt, t),
  byGroup: byGroup(data, fmt, t),
  topStations: topStations(data, fmt, t),
});
