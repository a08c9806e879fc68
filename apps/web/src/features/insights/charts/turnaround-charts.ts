import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import type { TurnaroundFigures, TurnaroundInsights } from '@promo/shared';
import type { InsightsFormat } from '../format';
import { number, text, type ChartColumn, type ChartSpec } from './chart-spec';
import { BAR_COLOUR, BAR_HEIGHT, nameScale, STYLE, upTo } from './plot-base';

/** The steps of a design, the whole way first: the finding names the first step a row took. */
const STEPS = ['brief_to_completed', 'brief_to_sketch', 'sketch_to_approved', 'approved_to_completed'] as const;
type Step = (typeof STEPS)[number];
type Row = TurnaroundFigures & { key: string; label: string };

const took = (r: Row, step: Step) => r[step].median !== null;

function columns(nameLabel: string, fmt: InsightsFormat, t: TFunction): ChartColumn<Row>[] {
  return [
    { label: nameLabel, text: (r) => r.label, csv: (r) => text(r.label) },
    { label: t('insights.columns.designs'), text: (r) => fmt.count(r.designs), csv: (r) => number(r.designs), numeric: true },
    ...STEPS.flatMap((step): ChartColumn<Row>[] =>
      (['median', 'p90'] as const).map((stat) => ({
        label: `${t(`insights.steps.${step}`)}, ${t(`insights.stats.${stat}`)}`,
        text: (r) => fmt.days(r[step][stat]),
        csv: (r) => number(r[step][stat]),
        numeric: true,
      })),
    ),
    { label: t('insights.columns.correction_rounds'), text: (r) => fmt.decimal(r.correction_rounds), csv: (r) => number(r.correction_rounds), numeric: true },
    { label: t('insights.columns.waiting_on_designer'), text: (r) => fmt.days(r.waiting_on_designer), csv: (r) => number(r.waiting_on_designer), numeric: true },
    { label: t('insights.columns.waiting_on_manager'), text: (r) => fmt.days(r.waiting_on_manager), csv: (r) => number(r.waiting_on_manager), numeric: true },
  ];
}

/**
 * Days per step, one facet per step: the median as a dark bar over the 90th percentile's light
 * one, for each category or designer.
 */
function plot(rows: Row[], fmt: InsightsFormat, t: TFunction) {
  const stats = [t('insights.stats.median'), t('insights.stats.p90')];
  const steps = STEPS.filter((step) => rows.some((r) => took(r, step)));
  const bars = steps.flatMap((step) =>
    rows.flatMap((r) => [
      { step: t(`insights.steps.${step}`), key: r.key, label: r.label, stat: stats[1]!, days: r[step].p90 },
      { step: t(`insights.steps.${step}`), key: r.key, label: r.label, stat: stats[0]!, days: r[step].median },
    ]),
  );
  const labels = new Map(rows.map((r) => [r.key, r.label]));
  return (width: number): Plot.PlotOptions => {
    const names = nameScale(labels, width);
    const margin = names.margin;
    return {
      width,
      height: steps.length * (rows.length * BAR_HEIGHT + 34) + 40,
      marginLeft: margin,
      marginRight: 20,
      marginTop: 24,
      style: STYLE,
      x: { grid: true, domain: [0, upTo(bars.map((b) => b.days ?? 0))], nice: true, label: t('insights.axis_days'), tickFormat: (d: number) => fmt.decimal(d) },
      y: names.y,
      fy: { axis: null, domain: steps.map((s) => t(`insights.steps.${s}`)), padding: 0.3 },
      color: { legend: true, domain: stats, range: [BAR_COLOUR, '#93c5fd'] },
      marks: [
        names.axis,
        // Each facet's step above its bars, from the chart's left edge.
        Plot.text(steps, { fy: (s: Step) => t(`insights.steps.${s}`), text: (s: Step) => t(`insights.steps.${s}`), frameAnchor: 'top-left', dy: -12, dx: 4 - margin, fontWeight: 600, textAnchor: 'start' }),
        Plot.barX(bars, { fy: 'step', y: 'key', x: 'days', fill: 'stat', insetTop: 2, insetBottom: 2, title: (b) => `${b.label}, ${b.step}, ${b.stat}: ${fmt.days(b.days)}` }),
        Plot.ruleX([0]),
      ],
    };
  };
}

interface Texts {
  name: string;
  /** The column of the rows' names. */
  nameLabel: string;
  finding: (params: { step: string; name: string; days: string }) => string;
}

function chart(id: string, texts: Texts, rows: Row[], fmt: InsightsFormat, t: TFunction): ChartSpec<Row> {
  const step = STEPS.find((s) => rows.some((r) => took(r, s)));
  const longest = step && rows.filter((r) => took(r, step)).reduce((a, b) => (b[step].median! > a[step].median! ? b : a));
  return {
    id,
    name: texts.name,
    finding: longest ? texts.finding({ step: t(`insights.steps.${step}`), name: longest.label, days: fmt.days(longest[step].median) }) : '',
    rows,
    columns: columns(texts.nameLabel, fmt, t),
    plot: plot(rows, fmt, t),
  };
}

/** The turnaround section (decision 038): per category and per designer, the rows that took a step. */
export function turnaroundCharts(data: TurnaroundInsights, fmt: InsightsFormat, t: TFunction) {
  const withStep = (rows: Row[]) => rows.filter((r) => STEPS.some((s) => took(r, s)));
  const categories = data.by_category.map((r) => ({ ...r, key: String(r.category_id), label: r.category }));
  const designers = data.by_designer.map((r) => ({ ...r, key: String(r.designer_id ?? 0), label: r.designer ?? t('insights.no_designer') }));
  return {
    byCategory: chart(
      'turnaround-by-category',
      {
        name: t('insights.charts.turnaround_by_category.name'),
        nameLabel: t('insights.columns.category'),
        finding: (p) => t('insights.charts.turnaround_by_category.finding', p),
      },
      withStep(categories),
      fmt,
      t,
    ),
    byDesigner: chart(
      'turnaround-by-designer',
      {
        name: t('insights.charts.turnaround_by_designer.name'),
        nameLabel: t('insights.columns.designer'),
        finding: (p) => t('insights.charts.turnaround_by_designer.finding', p),
      },
      withStep(designers),
      fmt,
      t,
    ),
  };
}
