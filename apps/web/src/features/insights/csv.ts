/** A CSV cell: text, a number (a plain decimal, '3112.50' or 66.7) or empty. */
export type CsvCell = { text: string } | { number: number | string } | null;

/**
 * OWASP's rule against formula injection, as the server's Excel reports apply it (decision 028):
 * text that starts with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet opening the file never runs it.
 */
export const formulaSafe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * A CSV as a spreadsheet of the language opens it: in Norwegian `;` between cells and a decimal
 * comma, in English `,` and a decimal point. A header row first; a byte order mark so Excel reads
 * æ, ø and å as UTF-8; cells holding the separator, a quote or a line break are quoted.
 */
export function toCsv(header: string[], rows: CsvCell[][], lang: string): string {
  const [separator, decimal] = lang === 'en' ? [',', '.'] : [';', ','];
  const cell = (c: CsvCell) => {
    if (c === null) return '';
    const text = 'number' in c ? String(c.number).replace('.', decimal) : formulaSafe(c.text);
    return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header.map((h) => cell({ text: h })), ...rows.map((r) => r.map(cell))].map((r) => r.join(separator)).join('\r\n')}\r\n`;
}
