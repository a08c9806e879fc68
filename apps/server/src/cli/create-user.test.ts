import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, inject } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { uniqueEmail } from '../test/test-app';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

// Against the run's PostgreSQL database, or a PGlite folder of its own.
const url = inject('testDatabaseUrl');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-cli-'));
const env: NodeJS.ProcessEnv = { ...process.env, ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }) };
if (!url) delete env.DATABASE_URL;

async function createUser(...args: string[]) {
  return runCli(env, args);
}

async function runCli(cliEnv: NodeJS.ProcessEnv, args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ['src/cli/create-user.ts', ...args], { cwd: serverDir, env: cliEnv });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

let database: Database;
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run create-user', () => {
  it('creates a user who can then be found, and refuses the same email again', async () => {
    const email = uniqueEmail('cli');
    const ok = await createUser('--email', email, '--password', 'Strong2026', '--role', 'admin', '--name', 'First Admin');
    expect(ok.out).toContain(`Created admin ${email}`);
    expect(ok.code).toBe(0);
    database = await openDatabase({ databaseUrl: url ?? undefined, dataDir });
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'admin', name: 'First Admin', status: true });
    await database.close();
    database = undefined as never;

    const again = await createUser('--email', email.toUpperCase(), '--password', 'Strong2026', '--role', 'admin');
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('already exists');
  }, 60_000);

  it('refuses a weak password, a bad role and missing arguments with a clear message', async () => {
    const weak = await createUser('--email', uniqueEmail('cli'), '--password', 'short', '--role', 'admin');
    expect(weak.code).toBe(2);
    expect(weak.out).toContain('--password: the password must have at least 8 characters');
    const role = await createUser('--email', uniqueEmail('cli'), '--password', 'Strong2026', '--role', 'boss');
    expect(role.out).toContain('--role: the role must be one of');
    const missing = await createUser('--email', uniqueEmail('cli'));
    expect(missing.code).toBe(2);
    expect(missing.out).toContain('Usage: npm run create-user');
  }, 60_000);

  it('refuses a PGlite folder that a running server holds', async () => {
    const lockedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-cli-locked-'));
    // This test process stands in for the server: a live pid in the lock file.
    fs.writeFileSync(path.join(lockedDir, 'pglite.lock'), String(process.pid));
    const pgliteEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: lockedDir };
    delete pgliteEnv.DATABASE_URL;
    try {
      const res = await runCli(pgliteEnv, ['--email', uniqueEmail('cli'), '--password', 'Strong2026', '--role', 'admin']);
      expect(res.code).toBe(1);
      expect(res.out).toContain(`The server (process ${process.pid}) is using`);
      expect(fs.readdirSync(lockedDir)).toEqual(['pglite.lock']);
    } finally {
      fs.rmSync(lockedDir, { recursive: true, force: true });
    }
  }, 60_000);
});
