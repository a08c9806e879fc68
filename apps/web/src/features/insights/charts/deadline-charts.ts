import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import { MILESTONES, type DeadlineInsights, type MilestoneShare } from '@promo/shared';
import { formatDay } from '@/lib/format';
import { monthDate, percentNumber, share, type InsightsFormat } from '../format';
import { settingsLink } from '../links';
import { number, text, type ChartColumn, type ChartSpec, type TableSpec } from './chart-spec';
import { monthAxis, namedBars, shareScale, STYLE, tickMargin } from './plot-base';

type Counted<R> = R & { label: string; counted: number; share: number | null };

/** A milestone's figures with its name, how many were counted and the share on time. */
function counted<R extends MilestoneShare>(r: R, t: TFunction): Counted<R> {
  const all = r.on_time + r.late + r.open_late;
  return { ...r, label: t(`deadlines.milestones.${r.milestone}`), counted: all, share: share(r.on_time, all) };
}

function shareColumns<R extends Counted<MilestoneShare>>(fmt: InsightsFormat, t: TFunction): ChartColumn<R>[] {
  return [
    { label: t('insights.columns.on_time'), text: (r) => fmt.count(r.on_time), csv: (r) => number(r.on_time), numeric: true },
    { label: t('insights.columns.late'), text: (r) => fmt.count(r.late), csv: (r) => number(r.late), numeric: true },
    { label: t('insights.columns.open_late'), text: (r) => fmt.count(r.open_late), csv: (r) => number(r.open_late), numeric: true },
    { label: t('insights.columns.share_on_time'), text: (r) => fmt.percent(r.share), csv: (r) => number(percentNumber(r.share)), numeric: true },
  ];
}

type Milestone = Counted<MilestoneShare>;
function byMilestone(data: DeadlineInsights, fmt: InsightsFormat, t: TFunction): ChartSpec<Milestone> {
  const rows = data.milestones.map((r) => counted(r, t)).filter((r) => r.counted > 0);
  // The milestone kept least often, the first in the chain's order among equals.
  const worst = rows.reduce<Milestone | undefined>((w, r) => (!w || r.share! < w.share! ? r : w), undefined);
  return {
    id: 'deadlines-by-milestone',
    name: t('insights.charts.deadlines_by_milestone.name'),
    finding: worst ? t('insights.charts.deadlines_by_milestone.finding', { milestone: worst.label, on_time: worst.on_time, count: worst.counted }) : '',
    rows,
    columns: [{ label: t('insights.columns.milestone'), text: (r) => r.label, csv: (r) => text(r.label) }, ...shareColumns<Milestone>(fmt, t)],
    plot: (width) =>
      namedBars(rows, width, {
        key: (r) => r.milestone,
        label: (r) => r.label,
        value: (r) => r.share ?? 0,
        tip: (r) => `${r.label}: ${fmt.percent(r.share)}`,
        x: shareScale(fmt),
      }),
  };
}

type Month = Counted<DeadlineInsights['by_month'][number]> & { date: Date };
function byMonth(data: DeadlineInsights, fmt: InsightsFormat, t: TFunction): ChartSpec<Month> {
  const rows = data.by_month.map((r) => ({ ...counted(r, t), date: monthDate(r.month) })).filter((r) => r.counted > 0);
  const months = new Set(rows.map((r) => r.month)).size;
  const last = rows.reduce((m, r) => (r.month > m ? r.month : m), '');
  const inLast = rows.filter((r) => r.month === last);
  const lastShare = share(
    inLast.reduce((n, r) => n + r.on_time, 0),
    inLast.reduce((n, r) => n + r.counted, 0),
  );
  const radius = (m: Milestone['milestone']) => 3 + 1.5 * (MILESTONES.length - 1 - MILESTONES.indexOf(m));
  return {
    id: 'deadlines-by-month',
    name: t('insights.charts.deadlines_by_month.name'),
    finding: inLast[0] ? t('insights.charts.deadlines_by_month.finding', { month: fmt.month(inLast[0].date), share: fmt.percent(lastShare) }) : '',
    rows,
    columns: [
      { label: t('insights.columns.month'), text: (r) => fmt.month(r.date), csv: (r) => text(r.month) },
      { label: t('insights.columns.milestone'), text: (r) => r.label, csv: (r) => text(r.label) },
      ...shareColumns<Month>(fmt, t),
    ],
    plot: (width) => {
      const axis = monthAxis(fmt, months, width);
      return {
        width,
        height: 280,
        style: STYLE,
        marginLeft: tickMargin(fmt.percent(1)),
        marginBottom: axis.marginBottom,
        // Points, not a time scale: one month alone still has a place.
        x: { type: 'point', padding: 0.5, ...axis.x },
        y: shareScale(fmt),
        // The milestones in the chain's order, not the alphabet's.
        color: { legend: true, domain: MILESTONES.filter((m) => rows.some((r) => r.milestone === m)).map((m) => t(`deadlines.milestones.${m}`)) },
        r: { type: 'identity' },
        marks: [
          Plot.ruleY([0]),
          Plot.line(rows, { x: 'date', y: (r: Month) => r.share, z: 'label', stroke: 'label', strokeWidth: 2 }),
          // Rings, the chain's first milestone the widest: milestones with the same share stay visible.
          Plot.dot(rows, { x: 'date', y: (r: Month) => r.share, fill: 'label', r: (r: Month) => radius(r.milestone), title: (r: Month) => `${r.label}, ${fmt.month(r.date)}: ${fmt.percent(r.share)}` }),
        ],
      };
    },
  };
}

type Late = DeadlineInsights['late'][number] & { label: string };
/** The late promotions: a list, not a chart; each links to the promotion's settings (its milestones). */
function late(data: DeadlineInsights, fmt: InsightsFormat, t: TFunction): TableSpec<Late> {
  const notDone = t('insights.not_done');
  return {
    id: 'deadlines-late',
    name: t('insights.charts.late.name'),
    rows: data.late.map((r): Late => ({ ...r, label: t(`deadlines.milestones.${r.milestone}`) })),
    link: (r: Late) => settingsLink(r.promotion_id),
    columns: [
      { label: t('insights.columns.promotion'), text: (r) => r.name, csv: (r) => text(r.name) },
      { label: t('insights.columns.milestone'), text: (r) => r.label, csv: (r) => text(r.label) },
      { label: t('insights.columns.due_on'), text: (r) => formatDay(r.due_on, fmt.lang), csv: (r) => text(r.due_on) },
      { label: t('insights.columns.done_on'), text: (r) => (r.done_on ? formatDay(r.done_on, fmt.lang) : notDone), csv: (r) => text(r.done_on ?? notDone) },
      { label: t('insights.columns.days_late'), text: (r) => fmt.count(r.days_late), csv: (r) => number(r.days_late), numeric: true },
    ],
  };
}

/** The deadlines section (decision 038): share on time per milestone and per month, and the late promotions. */
export const deadlineCharts = (data: DeadlineInsights, fmt: InsightsFormat, t: TFunction) => ({
  byMilestone: byMilestone(data, fmt, t),
  byMonth: byMonth(data, fmt, t),
  late: late(data, fmt, t),
});
