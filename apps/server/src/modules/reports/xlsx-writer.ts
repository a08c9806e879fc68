import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { PRIVATE_FILE } from '../../lib/private-files';

/**
 * One sheet of plain values written with exceljs's streaming writer: each row is committed (turned
 * into sheet XML and zipped to disk) as soon as it is added, so memory stays flat whatever the size.
 */

type Style = Partial<Pick<ExcelJS.Style, 'font' | 'alignment' | 'numFmt'>>;

const STYLES = {
  normal: {},
  title: { font: { bold: true, size: 14 } },
  header: { font: { bold: true }, alignment: { vertical: 'top', wrapText: true } },
  bold: { font: { bold: true } },
  boldDecimal: { font: { bold: true }, numFmt: '0.00' },
} satisfies Record<string, Style>;
export type XlsxStyle = keyof typeof STYLES;

export interface XlsxRow {
  values: (string | number | null | undefined)[];
  /** Style of every written cell of the row. */
  style?: XlsxStyle;
  /** Style of the row's numbers, when it differs (e.g. two decimals). */
  numberStyle?: XlsxStyle;
}

export interface XlsxSheet {
  name: string;
  /** Column widths in characters, from column A. */
  widths: number[];
  /** Frozen columns and rows (the top-left pane). */
  frozen?: { columns: number; rows: number };
  rows: Iterable<XlsxRow>;
}

/**
 * OWASP's rule against formula injection: text that starts with = + - @, a tab or a carriage return
 * gets a leading apostrophe. The cell is text already, but a sheet saved again or exported to CSV
 * would turn it into a live formula (decision 028). Every string a report writes goes through here.
 */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export async function writeXlsx(file: string, sheet: XlsxSheet) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: fs.createWriteStream(file, { mode: PRIVATE_FILE }), useStyles: true, useSharedStrings: false });
  const ws = book.addWorksheet(sheet.name, {
    views: sheet.frozen ? [{ state: 'frozen', xSplit: sheet.frozen.columns, ySplit: sheet.frozen.rows }] : [],
  });
  ws.columns = sheet.widths.map((width) => ({ width }));
  for (const row of sheet.rows) {
    const added = ws.addRow(row.values.map((v) => (typeof v === 'string' ? formulaSafe(v) : v)));
    const style = row.style ? STYLES[row.style] : undefined;
    const numberStyle = row.numberStyle ? STYLES[row.numberStyle] : undefined;
    // Row styles apply to every cell; only rows that have one pay for it.
    if (style || numberStyle) {
      added.eachCell((cell) => {
        cell.style = (typeof cell.value === 'number' && numberStyle) || style || {};
      });
    }
    added.commit();
  }
  ws.commit();
  await book.commit();
}
