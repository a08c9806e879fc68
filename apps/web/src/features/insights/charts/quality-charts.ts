import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import type { PrintQualityInsights } from '@promo/shared';
import type { InsightsFormat } from '../format';
import { number, text, type ChartSpec } from './chart-spec';
import { BAR_HEIGHT, LEVEL_COLOURS, nameScale, STYLE, upTo } from './plot-base';

interface Stacked {
  key: string;
  label: string;
  level: string;
  files: number;
}

/** Horizontal bars stacked by level (errors, warnings, passed), one per row, with a legend. */
function stackedBars(bars: Stacked[], levels: string[], width: number, fmt: InsightsFormat, axis: string): Plot.PlotOptions {
  const names = nameScale(new Map(bars.map((b) => [b.key, b.label])), width);
  const totals = new Map<string, number>();
  for (const b of bars) totals.set(b.key, (totals.get(b.key) ?? 0) + b.files);
  return {
    width,
    height: names.y.domain.length * BAR_HEIGHT + 40,
    marginLeft: names.margin,
    marginRight: 20,
    style: STYLE,
    x: { grid: true, domain: [0, upTo([...totals.values()])], label: axis, tickFormat: (d: number) => (Number.isInteger(d) ? fmt.count(d) : '') },
    y: names.y,
    color: { legend: true, domain: levels, range: LEVEL_COLOURS },
    marks: [
      names.axis,
      Plot.barX(bars, { y: 'key', x: 'files', fill: 'level', insetTop: 2, insetBottom: 2, title: (b: Stacked) => `${b.label}, ${b.level}: ${fmt.count(b.files)}` }),
      Plot.ruleX([0]),
    ],
  };
}

type Designer = PrintQualityInsights['by_designer'][number] & { key: string; label: string; passed: number };
function byDesigner(data: PrintQualityInsights, fmt: InsightsFormat, t: TFunction): ChartSpec<Designer> {
  const rows = data.by_designer
    .map((r) => ({ ...r, key: String(r.designer_id ?? 0), label: r.designer ?? t('insights.no_designer'), passed: r.files - r.errors - r.warnings }))
    .sort((a, b) => b.files - a.files);
  const levels = [t('insights.levels.errors'), t('insights.levels.warnings'), t('insights.levels.passed')];
  const worst = rows.reduce<Designer | undefined>((w, r) => (!w || r.errors / r.files > w.errors / w.files ? r : w), undefined);
  return {
    id: 'quality-by-designer',
    name: t('insights.charts.quality_by_designer.name'),
    finding: worst ? t('insights.charts.quality_by_designer.finding', { designer: worst.label, errors: worst.errors, count: worst.files }) : '',
    rows,
    columns: [
      { label: t('insights.columns.designer'), text: (r) => r.label, csv: (r) => text(r.label) },
      { label: t('insights.columns.files'), text: (r) => fmt.count(r.files), csv: (r) => number(r.files), numeric: true },
      { label: levels[0]!, text: (r) => fmt.count(r.errors), csv: (r) => number(r.errors), numeric: true },
      { label: levels[1]!, text: (r) => fmt.count(r.warnings), csv: (r) => number(r.warnings), numeric: true },
      { label: levels[2]!, text: (r) => fmt.count(r.passed), csv: (r) => number(r.passed), numeric: true },
    ],
    plot: (width) =>
      stackedBars(
        rows.flatMap((r) => [r.errors, r.warnings, r.passed].map((files, i) => ({ key: r.key, label: r.label, level: levels[i]!, files }))),
        levels,
        width,
        fmt,
        t('insights.axis_files'),
      ),
  };
}

type Check = PrintQualityInsights['by_check'][number] & { label: string };
function byCheck(data: PrintQualityInsights, fmt: InsightsFormat, t: TFunction): ChartSpec<Check> {
  const rows = data.by_check
    .map((r) => ({ ...r, label: t(`insights.check_names.${r.check}`, { defaultValue: r.check }) }))
    .sort((a, b) => b.errors + b.warnings - (a.errors + a.warnings));
  const levels = [t('insights.levels.errors'), t('insights.levels.warnings')];
  const top = rows[0];
  return {
    id: 'quality-by-check',
    name: t('insights.charts.quality_by_check.name'),
    finding: top ? t('insights.charts.quality_by_check.finding', { check: top.label, errors: top.errors, warnings: top.warnings }) : '',
    rows,
    columns: [
      { label: t('insights.columns.check'), text: (r) => r.label, csv: (r) => text(r.label) },
      { label: levels[0]!, text: (r) => fmt.count(r.errors), csv: (r) => number(r.errors), numeric: true },
      { label: levels[1]!, text: (r) => fmt.count(r.warnings), csv: (r) => number(r.warnings), numeric: true },
    ],
    plot: (width) =>
      stackedBars(
        rows.flatMap((r) => [r.errors, r.warnings].map((files, i) => ({ key: r.check, label: r.label, level: levels[i]!, files }))),
        levels,
        width,
        fmt,
        t('insights.axis_files'),
      ),
  };
}

/** The print quality section (decision 038): checked HQ files per designer, and findings per check. */
export const qualityCharts = (data: PrintQualityInsights, fmt: InsightsFormat, t: TFunction) => ({
  byDesigner: byDesigner(data, fmt, t),
  byCheck: byCheck(data, fmt, t),
});
