import path from 'node:path';
import type { Rolldown } from 'vite';

type ModuleGraph = Rolldown.ChunkingContext;

/*
 * How the build cuts the app into chunks (issue 13). On a first load over HTTP/1.1 every extra
 * script waits for one of six connections and a round trip, so a route should need few:
 *  - `shell`: everything the entry (main.tsx) imports, the sign-in page included, in one chunk;
 *  - `signed-in`: what the signed-in layout imports, and every module that two or more of the
 *    router's lazy chunks (pages, layout, route guard) import, in one chunk that each signed-in
 *    page loads and the browser keeps;
 *  - each page then adds one chunk of its own code. What a page or component imports lazily (the
 *    rich-text editor, the calendar, the socket client) is reached by no static import and keeps
 *    its own chunks.
 */
export function routeChunkGroups(webRoot: string): Rolldown.CodeSplittingGroup[] {
  const entry = path.join(webRoot, 'src/main.tsx');
  const router = path.join(webRoot, 'src/app/router.tsx');
  const layout = path.join(webRoot, 'src/app/layouts/main-layout.tsx');
  let signedIn: Set<string> | null = null;

  const staticClosure = (graph: ModuleGraph, start: string) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    visit(start);
    return seen;
  };

  function signedInModules(graph: ModuleGraph): Set<string> {
    const initial = staticClosure(graph, entry);
    const lazies = graph.getModuleInfo(router)?.dynamicallyImportedIds ?? [];
    const uses = new Map<string, number>();
    for (const lazy of lazies) for (const id of staticClosure(graph, lazy)) uses.set(id, (uses.get(id) ?? 0) + 1);
    const layoutModules = staticClosure(graph, layout);
    return new Set([...uses].filter(([id, n]) => !initial.has(id) && !lazies.includes(id) && (n >= 2 || layoutModules.has(id))).map(([id]) => id));
  }

  return [
    { name: 'shell', tags: ['$initial'], priority: 2 },
    {
      priority: 1,
      debugName: 'signed-in',
      name: (id, ctx) => {
        signedIn ??= signedInModules(ctx);
        return signedIn.has(id) ? 'signed-in' : null;
      },
    },
  ];
}
