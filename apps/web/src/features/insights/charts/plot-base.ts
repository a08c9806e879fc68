import * as Plot from '@observablehq/plot';
import type { InsightsFormat } from '../format';

/** The charts' text size, px; labels are measured against it. */
const FONT_SIZE = 12;
/** About the width of a character of the charts' font, px. */
const CHAR_WIDTH = 7;
export const STYLE = { fontSize: `${FONT_SIZE}px` };
/** The height of one bar of a horizontal chart, px. */
export const BAR_HEIGHT = 26;

/** The bars' colour: the app's primary (the SVG also goes into a PNG, where no CSS variable holds). */
export const BAR_COLOUR = '#1e3a8a';

/** Colours of the levels of a checked print file: errors, warnings, passed. */
export const LEVEL_COLOURS = ['#dc2626', '#d97706', '#16a34a'];

/** Room on the left for the longest label, at most 40 % of the chart: a phone keeps its bars. */
export function labelMargin(labels: string[], width: number) {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  return Math.round(Math.min(width * 0.4, Math.max(48, longest * CHAR_WIDTH + 14)));
}

/**
 * The y scale and axis of names beside horizontal bars: the rows by key (two rows may share a
 * name), each shown as its name, cut with an ellipsis where the margin ends.
 */
export function nameScale(labels: Map<string, string>, width: number) {
  const margin = labelMargin([...labels.values()], width);
  return {
    margin,
    y: { domain: [...labels.keys()] },
    axis: Plot.axisY({ label: null, tickSize: 0, textOverflow: 'ellipsis', lineWidth: (margin - 14) / (FONT_SIZE + 1), tickFormat: (k: string) => labels.get(k) ?? k }),
  };
}

/** Room on the left for the value ticks of a vertical chart whose largest value is `max`. */
export const tickMargin = (max: string) => Math.round(max.length * CHAR_WIDTH + 20);

/**
 * A month axis: the months' names level where they fit side by side, slanted where they are many
 * for the width, with room below for them.
 */
export function monthAxis(fmt: InsightsFormat, months: number, width: number) {
  const slanted = months * 70 > width - 80;
  return {
    marginBottom: slanted ? 70 : 30,
    x: { label: null, tickFormat: (d: Date) => fmt.month(d), tickRotate: slanted ? -45 : 0 },
  };
}

/** The end of a value axis from 0: the largest value, or 1 when all are 0 (a domain of [0, 0] would stretch every bar). */
export const upTo = (values: number[]) => Math.max(0, ...values) || 1;

/** A share axis from 0 to 100 %. */
export const shareScale = (fmt: InsightsFormat) => ({ domain: [0, 1], grid: true, label: null, tickFormat: (d: number) => fmt.percent(d) });

/** A kroner axis with whole numbers in the interface's language. */
export const kronerScale = (fmt: InsightsFormat, label: string) => ({ grid: true, nice: true, label, tickFormat: (d: number) => fmt.kronerTick(d) });

/**
 * Horizontal bars, one per row, largest first as given: a name on the left (cut to fit), its value,
 * a link to the row's page where it has one (the table's first cell links there too).
 */
export function namedBars<R>(
  rows: R[],
  width: number,
  o: { key: (r: R) => string; label: (r: R) => string; value: (r: R) => number; tip: (r: R) => string; href?: (r: R) => string | null; x: Plot.ScaleOptions },
): Plot.PlotOptions {
  const names = nameScale(new Map(rows.map((r) => [o.key(r), o.label(r)])), width);
  return {
    width,
    height: rows.length * BAR_HEIGHT + 40,
    marginLeft: names.margin,
    marginRight: 20,
    style: STYLE,
    x: { domain: [0, upTo(rows.map(o.value))], ...o.x },
    y: names.y,
    marks: [
      names.axis,
      Plot.barX(rows, { x: o.value, y: o.key, href: o.href, title: o.tip, fill: BAR_COLOUR, insetTop: 2, insetBottom: 2 }),
      Plot.ruleX([0]),
    ],
  };
}
