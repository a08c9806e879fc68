import { describe, expect, it } from 'vitest';
import { formulaSafe, toCsv } from './csv';

describe('insights CSV', () => {
  it('writes Norwegian with semicolons and a decimal comma, English with commas and a point', () => {
    const rows = [[{ text: 'Kaffekampanje' }, { number: '3112.50' }, { number: 66.7 }]];
    expect(toCsv(['Kampanje', 'Kostnad', 'Andel'], rows, 'no')).toBe('\uFEFFKampanje;Kostnad;Andel\r\nKaffekampanje;3112,50;66,7\r\n');
    expect(toCsv(['Promotion', 'Cost', 'Share'], rows, 'en')).toBe('\uFEFFPromotion,Cost,Share\r\nKaffekampanje,3112.50,66.7\r\n');
  });

  it('quotes cells that hold a separator, a quote or a line break, and leaves empty cells empty', () => {
    const rows = [[{ text: 'A; B "C"' }, null, { text: 'two\nlines' }, { text: 'a, b' }]];
    expect(toCsv(['x', 'y', 'z', 'w'], rows, 'no')).toBe('\uFEFFx;y;z;w\r\n"A; B ""C""";;"two\nlines";a, b\r\n');
    expect(toCsv(['w'], [[{ text: 'a, b' }]], 'en')).toBe('\uFEFFw\r\n"a, b"\r\n');
  });

  it('neutralises text a spreadsheet would read as a formula, not numbers', () => {
    for (const text of ['=SUM(A1)', '+47', '-1', '@cmd', '\tx', '\rx']) expect(formulaSafe(text)).toBe(`'${text}`);
    expect(formulaSafe('Kaffe = godt')).toBe('Kaffe = godt');
    expect(toCsv(['=1+1'], [[{ text: '=HYPERLINK("x")' }]], 'en')).toBe('\uFEFF\'=1+1\r\n"\'=HYPERLINK(""x"")"\r\n');
  });
});
