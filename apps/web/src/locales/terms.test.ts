import { describe, expect, it } from 'vitest';
import en from './en.json';
import no from './no.json';

// Issue 22 point 15: one word per thing (decision 032). Each thing has its word in each language;
// a synonym is not used anywhere, and a text that names the thing in one language names it in the
// other too, so a key family (pins, preflight, …) reads the same in both files.

const texts = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? texts(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));
const NO = new Map(texts(no));
const EN = new Map(texts(en));

interface Term {
  thing: string;
  no: RegExp;
  en: RegExp;
  /** Words that must not stand for the thing. */
  notNo: RegExp[];
  notEn: RegExp[];
  /** Whether a text naming it in one language must name it in the other ('til trykk' says 'to the printers' without the word). */
  paired: boolean;
}

const TERMS: Term[] = [
  { thing: 'pin', no: /markering/i, en: /\bpins?\b/i, notNo: [/nål/i, /\bpin/i, /kommentarpunkt/i], notEn: [/\bmarkers?\b/i, /\bneedle/i, /proof pin/i, /annotation/i], paired: true },
  { thing: 'preflight', no: /forhåndskontroll/i, en: /\bpreflight\b/i, notNo: [/preflight/i, /forhåndssjekk/i], notEn: [/pre-flight/i], paired: true },
  { thing: 'category manager (cm)', no: /kategorisjef/i, en: /category manager/i, notNo: [/kategoriansvarlig/i, /kategoriansvar/i], notEn: [/category owner/i, /category lead/i], paired: true },
  { thing: 'printer', no: /trykkeri/i, en: /\bprinters?\b/i, notNo: [/\b(ingen|uten|til) trykker\b/i, /\btrykker(e|en|ne)\b/i], notEn: [/print shop/i], paired: false },
  { thing: 'sketch rating 1', no: /under vurdering/i, en: /in review/i, notNo: [/reaksjon/i], notEn: [/\breaction\b/i], paired: true },
];

const offending = (map: Map<string, string>, words: RegExp[]) =>
  [...map].flatMap(([key, text]) => words.filter((w) => w.test(text)).map((w) => `${key}: ${w} in "${text}"`));

describe('one word per thing in both locale files', () => {
  it.each(TERMS)('$thing: no synonym in either file', (term) => {
    expect(offending(NO, term.notNo)).toEqual([]);
    expect(offending(EN, term.notEn)).toEqual([]);
  });

  it.each(TERMS.filter((t) => t.paired))('$thing: a key names it in Norwegian exactly when it names it in English', (term) => {
    expect([...NO.keys()].some((k) => term.no.test(NO.get(k)!))).toBe(true);
    const mismatched = [...NO.keys()]
      .filter((key) => term.no.test(NO.get(key)!) !== term.en.test(EN.get(key) ?? ''))
      .map((key) => `${key}: "${NO.get(key)}" / "${EN.get(key)}"`);
    expect(mismatched).toEqual([]);
  });
});
