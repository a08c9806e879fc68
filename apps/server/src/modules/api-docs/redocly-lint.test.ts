import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../../config';
import { apiDocsRoutes } from './routes';

/** Redocly CLI (a pinned devDependency): the linter an outside check ran on the document (issue 33). */
const REDOCLY = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-redocly-'));
let app: FastifyInstance;
beforeAll(async () => {
  // The document as the app serves it (@fastify/swagger included), without a database behind it.
  app = Fastify({ logger: false });
  app.decorate('config', loadConfig({ ...process.env, API_DOCS: 'public', LOG_LEVEL: 'silent' }));
  await app.register(apiDocsRoutes);
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('/api/openapi.json under Redocly CLI', () => {
  it("passes the `recommended` rules with no error, no warning and nothing ignored", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const file = path.join(tmp, 'openapi.json');
    fs.writeFileSync(file, res.body);
    // Run in an empty folder so no redocly.yaml can switch a rule off; no telemetry, no update notice.
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--extends=recommended', '--format=json', file], {
      cwd: tmp,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    }).catch((err: { stdout?: string; stderr?: string }) => {
      // Exit code 1 when it finds an error: its report is on stdout all the same.
      if (!err.stdout) throw new Error(`redocly lint did not run: ${err.stderr}`);
      return { stdout: err.stdout };
    });
    const report = JSON.parse(run.stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });
});
