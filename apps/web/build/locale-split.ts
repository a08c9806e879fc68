import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The Norwegian texts in two parts (issue 13's budget of the sign-in page): `virtual:locale-no-core`
 * is in the entry, `virtual:locale-no-pages` — the sections only staff pages that are chunks of their
 * own read — is fetched beside the first render and awaited before any page (lib/i18n.ts). The
 * locale files stay whole: the tests and the English chunk read them as they are.
 */
export const PAGE_SECTIONS = ['audit', 'insights', 'reviews', 'catalogue_import', 'preflight', 'proofing', 'signs'];

const MODULES: Record<string, boolean> = { 'virtual:locale-no-core': false, 'virtual:locale-no-pages': true };

export function localeSplit(webRoot: string): Plugin {
  const file = path.join(webRoot, 'src/locales/no.json');
  return {
    name: 'locale-split',
    resolveId: (id) => (id in MODULES ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith('\0') || !(id.slice(1) in MODULES)) return undefined;
      this.addWatchFile(file);
      const pages = MODULES[id.slice(1)];
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part = Object.fromEntries(Object.entries(all).filter(([section]) => PAGE_SECTIONS.includes(section) === pages));
      return `export default ${JSON.stringify(part)};`;
    },
  };
}
