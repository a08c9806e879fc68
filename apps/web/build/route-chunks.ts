import path from 'node:path';
import type { Rolldown } from 'vite';

type ModuleGraph = Rolldown.ChunkingContext;

/*
 * How the build cuts the app into chunks (issue 13). On a first load over HTTP/1.1 every extra
 * script waits for one of six connections and a round trip, so a route should need few:
 *  - `shell`: everything the entry (main.tsx) imports, the sign-in page included, in one chunk;
 *  - `signed-in`: what the signed-in layout imports, and every module that two or more of the
 *    router's lazy chunks (pages, layout, route guard) import and a station's page needs, in one
 *    chunk that each signed-in page loads and the browser keeps;
 *  - `office`: what two or more pages share and no station page needs (the form library, the
 *    rich-text sanitiser): the office's pages load it beside their own chunk, and a station's
 *    phone, on a slow line, never does (issue 21: its first paint waited for them);
 *  - each page then adds one chunk of its own code. What a page or component imports lazily (the
 *    rich-text editor, the calendar, the socket client) is reached by no static import and keeps
 *    its own chunks.
 */

/** The pages a station uses: its start page and every page of features/company/pages. */
const isStationPage = (webRoot: string, id: string) =>
  id === path.join(webRoot, 'src/features/dashboard/pages/dashboard-page.tsx') || id.startsWith(path.join(webRoot, 'src/features/company/pages/'));

export function routeChunkGroups(webRoot: string): Rolldown.CodeSplittingGroup[] {
  const entry = path.join(webRoot, 'src/main.tsx');
  const router = path.join(webRoot, 'src/app/router.tsx');
  const layout = path.join(webRoot, 'src/app/layouts/main-layout.tsx');
  let shared: { signedIn: Set<string>; office: Set<string> } | null = null;

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

  function sharedModules(graph: ModuleGraph) {
    const initial = staticClosure(graph, entry);
    const lazies = graph.getModuleInfo(router)?.dynamicallyImportedIds ?? [];
    const uses = new Map<string, number>();
    const station = new Set<string>();
    for (const lazy of lazies) {
      const closure = staticClosure(graph, lazy);
      for (const id of closure) uses.set(id, (uses.get(id) ?? 0) + 1);
      if (isStationPage(webRoot, lazy)) for (const id of closure) station.add(id);
    }
    const layoutModules = staticClosure(graph, layout);
    const signedIn = new Set<string>();
    const office = new Set<string>();
    for (const [id, n] of uses) {
      if (initial.has(id) || lazies.includes(id)) continue;
      if (layoutModules.has(id) || (n >= 2 && station.has(id))) signedIn.add(id);
      else if (n >= 2) office.add(id);
    }
    return { signedIn, office };
  }

  return [
    { name: 'shell', tags: ['$initial'], priority: 3 },
    {
      priority: 2,
      debugName: 'signed-in',
      name: (id, ctx) => {
        shared ??= sharedModules(ctx);
        return shared.signedIn.has(id) ? 'signed-in' : null;
      },
    },
    {
      priority: 1,
      debugName: 'office',
      name: (id, ctx) => {
        shared ??= sharedModules(ctx);
        return shared.office.has(id) ? 'office' : null;
      },
    },
  ];
}
