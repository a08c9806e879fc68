import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeSplit, PAGE_SECTIONS } from '../../build/locale-split';
import no from '../locales/no.json';

/** What the build puts in the first script and what it fetches beside it (issue 13's budget). */
function part(id: string): Record<string, unknown> {
  const plugin = localeSplit(path.resolve(import.meta.dirname, '../..'));
  const resolved = (plugin.resolveId as (id: string) => string | undefined)(id);
  const code = (plugin.load as (this: { addWatchFile(f: string): void }, id: string) => string).call({ addWatchFile: () => {} }, resolved!);
  return JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''));
}

describe('the Norwegian texts in two parts', () => {
  it('together hold every text once: the staff pages’ sections in the second, the rest in the first', () => {
    const core = part('virtual:locale-no-core');
    const pages = part('virtual:locale-no-pages');
    expect(Object.keys(pages).sort()).toEqual([...PAGE_SECTIONS].sort());
    expect(Object.keys(core).some((k) => PAGE_SECTIONS.includes(k))).toBe(false);
    expect({ ...core, ...pages }).toEqual(no);
    // The first part keeps what the sign-in page and the shell say.
    expect(core).toHaveProperty('nav');
    expect(core).toHaveProperty('validation');
  });
});
