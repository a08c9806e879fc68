import path from 'node:path';

/** The list of per-route pages the server reads (apps/server/src/lib/web-app.ts). */
export const SIGNED_IN_ROUTES = 'signed-in/routes.json';

export interface RoutePage {
  /** As the router writes it, `:id` included. */
  path: string;
  /** The page's module, absolute. */
  module: string;
  /** Behind the route guard (its chunk is loaded with the page). */
  guarded: boolean;
  /** A child of the signed-in layout. */
  signedIn: boolean;
}

const GUARDED = /guarded\('([^']+)', \(\) => import\('([^']+)'\)(?:, '([^']+)')?\)/g;
const PAGE = /path: '([^']+)', lazy: page\(\(\) => import\('([^']+)'\)\)/g;

/** The span of the signed-in layout's `children: [...]` in the router's source. */
function layoutChildren(source: string): [number, number] {
  const layout = source.indexOf("import('./layouts/main-layout')");
  const open = source.indexOf('children: [', layout);
  if (layout < 0 || open < 0) throw new Error('router.tsx: the signed-in layout and its children were not found');
  let depth = 0;
  for (let i = open + 'children: '.length; i < source.length; i++) {
    if (source[i] === '[') depth++;
    else if (source[i] === ']' && --depth === 0) return [open, i];
  }
  throw new Error('router.tsx: the signed-in layout\'s children do not end');
}

/**
 * The lazy routes of the router (src/app/router.tsx) with the module of each page, read from its
 * source: `guarded('/x', () => import('@/…'))` and `{ path: '/x', lazy: page(() => import('@/…')) }`.
 * Every lazy import of a page must be one of them (route-pages.test.ts), so a route written
 * another way fails the test instead of silently losing its preload.
 */
export function routePages(source: string, webRoot: string): RoutePage[] {
  const [from, to] = layoutChildren(source);
  const resolve = (spec: string) => path.join(webRoot, 'src', `${spec.replace(/^@\//, '')}.tsx`);
  const routes: RoutePage[] = [];
  for (const m of source.matchAll(GUARDED)) {
    routes.push({ path: m[3] ?? m[1]!, module: resolve(m[2]!), guarded: true, signedIn: m.index > from && m.index < to });
  }
  for (const m of source.matchAll(PAGE)) {
    routes.push({ path: m[1]!, module: resolve(m[2]!), guarded: false, signedIn: m.index > from && m.index < to });
  }
  return routes;
}

/** Where the page of a route is written: signed-in/company-planner.html, signed-in/user-promotions/_id.html. */
export function routePageFile(route: string): string {
  return `signed-in${route === '/' ? '/start' : route.replace(/:(\w+)/g, '_$1')}.html`;
}
