import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';

// Issue 22 point 17 and issue 23: package.json and the README name the Node.js versions the product
// runs on, .nvmrc the one for production, and every locked package accepts each of them.
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const { satisfies } = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const root = JSON.parse(read('package.json')) as { engines?: { node?: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[]; optional?: boolean }>;
};

/** The lowest version of each line the range names. */
const FLOORS = ['20.19.0', '22.13.0', '24.0.0', '26.0.0'];
describe('the Node.js versions', () => {
  it('package.json names them, the README states the same, and this run is on one of them', () => {
    const range = root.engines?.node;
    expect(range).toBe('^20.19.0 || ^22.13.0 || >=24');
    expect(read('README.md')).toContain(`\`${range}\``);
    for (const floor of FLOORS) expect(satisfies(floor, range!)).toBe(true);
    for (const outside of ['18.20.0', '20.18.0', '21.7.0', '22.12.0', '23.11.0']) expect(satisfies(outside, range!), outside).toBe(false);
    expect(satisfies(process.versions.node, range!)).toBe(true);
  });

  it('.nvmrc names Node.js 24 for production, which the range accepts, and CI runs the suites on it too', async () => {
    expect(read('.nvmrc').trim()).toBe('24');
    const { NODE_LINES } = (await import(path.join(REPO_ROOT, 'scripts/node-line.mjs'))) as { NODE_LINES: Record<string, string> };
    expect(Object.keys(NODE_LINES)).toEqual(['24', '26']);
    for (const version of Object.values(NODE_LINES)) expect(satisfies(version, root.engines!.node!), version).toBe(true);
    expect(read('scripts/test-all.mjs')).toContain('ensureNodeLine(24)');
  });

  it('every locked package that installs on Linux accepts the lowest version of each line', () => {
    const refusing = Object.entries(lock.packages).flatMap(([name, p]) => {
      const wanted = Array.isArray(p.engines) ? undefined : p.engines?.node;
      if (!wanted || (p.os && !p.os.includes('linux'))) return [];
      return FLOORS.filter((floor) => !satisfies(floor, wanted)).map((floor) => `${name} ${wanted} refuses ${floor}`);
    });
    // Fastify's light-my-request 6.8 asks for cookie 2 (>=22); the root package.json pins
    // light-my-request 6.6.0 (cookie 1, >=18), which Fastify's ^6.0.0 accepts (decision 036).
    expect(refusing).toEqual([]);
  });
});
