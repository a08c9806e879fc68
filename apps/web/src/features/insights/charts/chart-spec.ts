import type { PlotOptions } from '@observablehq/plot';
import type { CsvCell } from '../csv';

/** One column of a chart's table and CSV. */
export interface ChartColumn<R> {
  label: string;
  /** The cell as the table shows it, in the interface's language. */
  text: (row: R) => string;
  /** The cell as the CSV writes it. */
  csv: (row: R) => CsvCell;
  numeric?: boolean;
}

/** Rows as a table of /insights: its caption, its columns, and the page each row links to. */
export interface TableSpec<R> {
  /** For ids and file names: 'cost-by-month'. */
  id: string;
  /** What the rows are, whatever the data: the table's caption. */
  name: string;
  rows: R[];
  columns: ChartColumn<R>[];
  /** The page of a row: its first cell links there (and its bars, in a chart). */
  link?: (row: R) => string | null;
}

/**
 * A chart of /insights: the finding its title states, the rows it draws (its table and CSV hold
 * exactly these), and its Plot drawn at a width.
 */
export interface ChartSpec<R> extends TableSpec<R> {
  /** The chart's title: what the data says, in words. */
  finding: string;
  plot: (width: number) => PlotOptions;
}

/** A text cell and a number cell of a column. */
export const text = (value: string | null): CsvCell => (value === null ? null : { text: value });
export const number = (value: number | string | null): CsvCell => (value === null ? null : { number: value });
