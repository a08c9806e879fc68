import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;
interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** What a station opens offline: the shell, the signed-in layout, its pages and English texts. */
const OFFLINE_MODULES = ['index.html', 'src/app/layouts/main-layout.tsx', 'src/app/route-guard.tsx', 'src/features/company/pages/user-promotions-page.tsx'];
/**
 * Lazy modules taken too: every station page (and what they load lazily), the start page, the
 * feedback list and thread (every role has them), the period picker's calendar of the station's
 * promotion list, the toaster, the not-found page and the English texts. Not the staff pages, the
 * editor (writing feedback needs the network anyway) or pdf.js.
 */
const LAZY_TOO =
  /^src\/(lib\/register-sw|lib\/station-offline|features\/company\/|features\/dashboard\/|features\/feedback\/pages\/(feedback-list|view-feedback)-page|features\/not-found\/|components\/ui\/(toaster|range-calendar)|locales\/en\.json)/;

/**
 * Keeps, of every file the build wrote, the ones the service worker precaches (decision 023): the
 * pages, icons and the scripts and styles of OFFLINE_MODULES with what they import; the rest of
 * the app (staff pages, the rich-text editor, pdf.js) loads from the network as before.
 */
export function precacheOnly(distDir: () => string) {
  return async (entries: PrecacheEntry[]) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(distDir(), '.vite/manifest.json'), 'utf8')) as ViteManifest;
    const wanted = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || wanted.has(chunk.file)) return;
      wanted.add(chunk.file);
      for (const css of chunk.css ?? []) wanted.add(css);
      for (const next of chunk.imports ?? []) visit(next);
      for (const next of chunk.dynamicImports ?? []) if (LAZY_TOO.test(next)) visit(next);
    };
    for (const key of OFFLINE_MODULES) {
      if (!manifest[key]) throw new Error(`precache: ${key} is not in the build's manifest`);
      visit(key);
    }
    // The top-level pages; not the per-route pages of signed-in/ (the worker answers with signed-in.html).
    const keep = (url: string) => wanted.has(url) || /^[^/]+\.html$/.test(url) || url.startsWith('icons/') || url === 'favicon.svg';
    return { manifest: entries.filter((e) => keep(e.url)), warnings: [] };
  };
}
