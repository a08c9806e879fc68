import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePageFile, routePages } from '../../build/route-pages';

const webRoot = path.resolve(import.meta.dirname, '../..');
const source = fs.readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');

describe('the per-route pages the build writes for a signed-in first load', () => {
  const routes = routePages(source, webRoot);

  it("reads every lazily loaded page of the router, each with a module that exists", () => {
    const pageImports = [...source.matchAll(/import\('(@\/features\/[^']+)'\)/g)].map((m) => m[1]);
    expect(routes).toHaveLength(pageImports.length);
    for (const route of routes) expect(fs.existsSync(route.module), route.module).toBe(true);
  });

  it("tells the signed-in layout's pages from the public ones", () => {
    const signedIn = (p: string) => routes.find((r) => r.path === p)?.signedIn;
    expect(signedIn('/')).toBe(true);
    expect(signedIn('/company-planner')).toBe(true);
    expect(signedIn('/user-promotions/:id')).toBe(true);
    expect(signedIn('/sso')).toBe(false);
    expect(signedIn('*')).toBe(false);
    expect(routes.find((r) => r.path === '/user-promotions/:id')?.module).toMatch(/company\/pages\/user-promotion-page\.tsx$/);
    expect(routes.find((r) => r.path === '/')?.guarded).toBe(false);
  });

  it('names a file for each route inside signed-in/', () => {
    expect(routePageFile('/')).toBe('signed-in/start.html');
    expect(routePageFile('/company-planner')).toBe('signed-in/company-planner.html');
    expect(routePageFile('/user-promotions/:id')).toBe('signed-in/user-promotions/_id.html');
  });
});
