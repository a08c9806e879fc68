import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const PREFIX = 'promo-pgcluster-';
const HOUR = 3600_000;

/** A PostgreSQL server of a test's own, to stop and start under a running app. */
export interface PgCluster {
  url: string;
  start(): Promise<void>;
  /** A fast shutdown: open sessions are ended with admin_shutdown (57P01). */
  stop(): Promise<void>;
  /** Stops it if it runs and removes its folder; safe to call more than once. */
  destroy(): Promise<void>;
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`Cannot start a PostgreSQL cluster for the fault tests: no initdb under ${root}/<version>/bin (install the postgresql package or set PG_BIN_DIR)`);
  return path.join(root, newest, 'bin');
}

/** initdb refuses root: as root the cluster belongs to, and runs as, the `postgres` OS user. */
const asRoot = () => process.getuid?.() === 0;

async function exec(bin: string, args: string[], what: string): Promise<void> {
  const [cmd, cmdArgs] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    await run(cmd, cmdArgs, { timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`Cannot ${what} a PostgreSQL cluster for the fault tests: ${e.message}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
  }
}

/** Clusters of test runs killed before they could clean up: stopped and removed after an hour. */
async function removeStale(pgCtl: string) {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), entry);
    if (!entry.startsWith(PREFIX) || Date.now() - fs.statSync(dir).mtimeMs < HOUR) continue;
    await exec(pgCtl, ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop'], 'stop').catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** initdb (about 2 s) and a first start on a free port of 127.0.0.1. */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const pgCtl = path.join(bin, 'pg_ctl');
  await removeStale(pgCtl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  if (asRoot()) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('Cannot start a PostgreSQL cluster for the fault tests: as root it runs as the postgres OS user, and there is none');
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(uid), Number(gid));
  }
  const data = path.join(dir, 'data');
  let running = false;
  const port = await freePort();
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      await exec(pgCtl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start'], 'start');
      running = true;
    },
    async stop() {
      await exec(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop'], 'stop');
      running = false;
    },
    async destroy() {
      if (running) await exec(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], 'stop').catch(() => {});
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await exec(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], 'initialise');
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
