import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import no from './no.json';

const flatten = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

const repo = path.resolve(import.meta.dirname, '../../../..');
function sources(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(repo, dir));
  return out.join('\n');
}

const web = sources('apps/web/src');
const server = sources('apps/server/src');
const shared = sources('packages/shared/src');
const enKeys = flatten(en);
const noKeys = flatten(no);
/**
 * Whether `'s'` or `"s"` occurs in a text. Asked for each of ~2,000 keys: a scan of the sources per
 * key took 1.5 s (past the test's 5 s on a busy machine), so every quoted key-like word of a text is
 * collected once; the rest is looked for in the text.
 */
const KEY_LIKE = /^[\w.-]+$/;
const quotedWords = new Map<string, Set<string>>();
const quoted = (s: string, text: string) => {
  if (!KEY_LIKE.test(s)) return text.includes(`'${s}'`) || text.includes(`"${s}"`);
  let words = quotedWords.get(text);
  // The closing quote is only looked at, not taken: it may open the next word.
  if (!words) quotedWords.set(text, (words = new Set([...text.matchAll(/(['"])([\w.-]+)(?=\1)/g)].map((m) => m[2]!))));
  return words.has(s);
};
// i18next plurals: t('a.b', { count }) reads a.b_one / a.b_other.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const hasKey = (keys: string[], key: string) => keys.includes(key) || (keys.includes(`${key}_one`) && keys.includes(`${key}_other`));

describe('locale files', () => {
  it('have the same keys in no and en', () => {
    expect(noKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !noKeys.includes(k))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = (o: object) => flatten(o).filter((k) => !k.split('.').reduce<any>((v, p) => v?.[p], o)); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(empty(en)).toEqual([]);
    expect(empty(no)).toEqual([]);
  });

  it('hold every key the web app asks for', () => {
    const used = [...web.matchAll(/\bt\(\s*['"]([a-z_]+(?:\.[a-z0-9_-]+)+)['"]/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    expect([...new Set(used)].filter((k) => !hasKey(enKeys, k))).toEqual([]);
  });

  it('translate every message key and validation key the server and the schemas use', () => {
    const serverKeys = [
      ...server.matchAll(/new AppError\([^)]*?'[^']*',\s*'([a-z_]+)'/gs),
      ...server.matchAll(/\bok\(\s*'[^']*',\s*'([a-z_]+)'/g),
    ].map((m) => m[1]!);
    expect(serverKeys.length).toBeGreaterThan(10);
    expect(serverKeys.filter((k) => !hasKey(enKeys, `server.${k}`))).toEqual([]);
    const fieldKeys = [...`${server}\n${shared}`.matchAll(/(?:invalidField\([^,]+,|\.(?:min|max|regex|email|refine)\([^)]*?)\s*'([a-z_0-9]+)'\)/g)].map((m) => m[1]!);
    expect(fieldKeys.length).toBeGreaterThan(5);
    expect(fieldKeys.filter((k) => !enKeys.includes(`validation.${k}`))).toEqual([]);
  });

  it('write every text with a {{count}} as a plural: _one and _other in both languages, no bare key', () => {
    const texts = (o: object) => new Map(flatten(o).map((k) => [k, String(k.split('.').reduce<any>((v, p) => v?.[p], o))])); // eslint-disable-line @typescript-eslint/no-explicit-any
    const [enTexts, noTexts] = [texts(en), texts(no)];
    const counted = [...enKeys, ...noKeys].filter((k) => /\{\{count\}\}/.test(enTexts.get(k) ?? '') || /\{\{count\}\}/.test(noTexts.get(k) ?? ''));
    expect(counted.length).toBeGreaterThan(10);
    expect([...new Set(counted.filter((k) => !PLURAL.test(k)))]).toEqual([]);
    const bases = [...new Set(counted.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
    const incomplete = (keys: string[]) => bases.filter((b) => !keys.includes(`${b}_one`) || !keys.includes(`${b}_other`));
    expect(incomplete(enKeys)).toEqual([]);
    expect(incomplete(noKeys)).toEqual([]);
  });

  it('choose the plural form by the count in each language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { no: { translation: no }, en: { translation: en } }, lng: 'no', interpolation: { escapeValue: false } });
    const t = (lng: string, key: string, count: number) => i18n.t(key, { lng, count });
    expect(t('no', 'proofing.open_pins', 1)).toBe('1 åpen markering');
    expect(t('no', 'proofing.open_pins', 2)).toBe('2 åpne markeringer');
    expect(t('en', 'proofing.open_pins', 1)).toBe('1 open pin');
    expect(t('en', 'proofing.open_pins', 2)).toBe('2 open pins');
    expect(t('no', 'report.bulk_sent', 1)).toBe('1 pakke er registrert');
    expect(t('no', 'report.bulk_sent', 2)).toBe('2 pakker er registrert');
    expect(t('no', 'delivery.placement.count', 0)).toBe('0 bilder');
  });

  it('have no key that nothing uses', () => {
    const all = `${web}\n${server}\n${shared}`;
    // Keys built at run time: `prefix.${value}`, or `prefix.${value}.${other}` with each part quoted somewhere.
    const dynamicPrefixes = [...web.matchAll(/t\(\s*`([a-z_.]+)\.\$\{/g)].map((m) => `${m[1]}.`);
    const used = (key: string) => {
      const [section, ...rest] = key.split('.');
      const leaf = rest.join('.');
      if (quoted(key, web)) return true;
      if (dynamicPrefixes.some((p) => key.startsWith(p) && (quoted(key.slice(p.length), all) || key.slice(p.length).split('.').every((part) => quoted(part, all)))))
        return true;
      return (section === 'server' || section === 'validation') && quoted(leaf, all);
    };
    const unused = enKeys.filter((key) => !used(key) && !(PLURAL.test(key) && used(key.replace(PLURAL, ''))));
    expect(unused).toEqual([]);
  });
});
