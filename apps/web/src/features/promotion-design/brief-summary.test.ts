import { describe, expect, it } from 'vitest';
import { BRIEF_SUMMARY_LENGTH } from '@promo/shared';
import { briefSummary, briefText } from './brief-summary';

describe('briefSummary', () => {
  it('keeps a text of at most 50 characters as it is', () => {
    expect(BRIEF_SUMMARY_LENGTH).toBe(50);
    expect(briefSummary('')).toBe('');
    expect(briefSummary('Kort tekst')).toBe('Kort tekst');
    const fifty = 'x'.repeat(50);
    expect(briefSummary(fifty)).toBe(fifty);
  });

  it('cuts a longer text to 50 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(51);
    expect(briefSummary(long)).toBe(`${'a'.repeat(50)}…`);
    const text = 'Påskekampanje med fokus på sjokolade, kaffe og boller for hele familien';
    const summary = briefSummary(text);
    expect(summary.endsWith('…')).toBe(true);
    expect(Array.from(summary.slice(0, -1)).length).toBeLessThanOrEqual(50);
    expect(text.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it('summarises the words of a rich-text description, not its tags', () => {
    expect(briefSummary('<p>Hei <strong>alle</strong>&nbsp;&amp; velkommen</p>')).toBe('Hei alle & velkommen');
    expect(briefSummary('<p>Linje en</p><p>Linje to</p>')).toBe('Linje en Linje to');
    expect(briefSummary('<script>alert(1)</script>')).toBe('alert(1)');
  });

  it('keeps one line per paragraph in the text of a description', () => {
    expect(briefText('<p>Linje en</p><p>Linje  to<br>tre</p>')).toBe('Linje en\nLinje to\ntre');
    expect(briefText('Skrevet\n\nsom tekst &lt;b&gt;')).toBe('Skrevet\nsom tekst <b>');
    expect(briefText('a < b og c > d')).toBe('a < b og c > d');
  });

  it('never cuts a character in half', () => {
    const text = `${'b'.repeat(49)}😀😀`;
    expect(briefSummary(text)).toBe(`${'b'.repeat(49)}😀…`);
  });

  it('takes another length when asked', () => {
    expect(briefSummary('abcdef', 3)).toBe('abc…');
  });
});
