import path from 'node:path';
import type { Plugin } from 'vite';

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
 */
export function signedInHtml(layoutModule: string): Plugin {
  return {
    name: 'promo-signed-in-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: Chunk, seen = new Set<string>()) => {
        if (!seen.has(start.fileName)) {
          seen.add(start.fileName);
          for (const f of start.imports) closure(byName.get(f)!, seen);
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const layout = chunks.find((c) => c.facadeModuleId === path.resolve(layoutModule));
      const html = bundle['index.html'];
      if (!entry || !layout || html?.type !== 'asset') throw new Error('signed-in.html: the entry, the layout chunk or index.html is missing');
      const initial = closure(entry);
      const links = [...closure(layout)]
        .filter((f) => !initial.has(f))
        .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`)
        .join('');
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_HTML, source: String(html.source).replace('  </head>', `${links}  </head>`) });
    },
  };
}
