import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routePages, routePageFile, SIGNED_IN_ROUTES } from './route-pages.ts';

/** The page the server sends to a browser with a session (apps/server/src/lib/web-app.ts). */
export const SIGNED_IN_HTML = 'signed-in.html';

interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/**
 * Writes signed-in.html: index.html with `<link rel="modulepreload">` for the signed-in layout and
 * the chunks it imports. With a session the router loads them right after the entry; named in the
 * page, the browser fetches them beside the entry instead, a round trip and the entry's run earlier.
 *
 * And one such page per route of the router (signed-in/*.html, listed in signed-in/routes.json)
 * that also names the route's page, the route guard and the Norwegian page texts: the router
 * awaits them before the first paint, and without the links they were asked for only once the
 * entry had run (issue 21: the station's planner painted a round trip later on a phone).
 */
export function signedInHtml(webRoot: string): Plugin {
  const layoutModule = path.join(webRoot, 'src/app/layouts/main-layout.tsx');
  const routerModule = path.join(webRoot, 'src/app/router.tsx');
  return {
    name: 'promo-signed-in-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = (id: string) => chunks.find((c) => c.facadeModuleId === id);
      const closure = (start: Chunk, seen = new Set<string>()) => {
        if (!seen.has(start.fileName)) {
          seen.add(start.fileName);
          for (const f of start.imports) closure(byName.get(f)!, seen);
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const layout = byModule(layoutModule);
      const html = bundle['index.html'];
      if (!entry || !layout || html?.type !== 'asset') throw new Error('signed-in.html: the entry, the layout chunk or index.html is missing');
      const initial = closure(entry);
      const links = (files: Iterable<string>) => [...files].map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('');
      const page = (files: Iterable<string>) => String(html.source).replace('  </head>', `${links(files)}  </head>`);

      const layoutFiles = [...closure(layout)].filter((f) => !initial.has(f));
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_HTML, source: page(layoutFiles) });

      const needed = (id: string) => {
        const chunk = byModule(id);
        if (!chunk) throw new Error(`signed-in.html: no chunk of ${id}`);
        return chunk;
      };
      const texts = chunks.find((c) => c.facadeModuleId === '\0virtual:locale-no-pages');
      const guard = needed(path.join(webRoot, 'src/app/route-guard.tsx'));
      const routes = routePages(fs.readFileSync(routerModule, 'utf8'), webRoot).filter((r) => r.signedIn);
      for (const route of routes) {
        const files = new Set(layoutFiles);
        for (const start of [needed(route.module), ...(route.guarded ? [guard] : []), ...(texts ? [texts] : [])]) {
          for (const f of closure(start)) if (!initial.has(f)) files.add(f);
        }
        this.emitFile({ type: 'asset', fileName: routePageFile(route.path), source: page(files) });
      }
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_ROUTES, source: JSON.stringify(routes.map((r) => ({ path: r.path, file: routePageFile(r.path) })), null, 2) });
    },
  };
}
