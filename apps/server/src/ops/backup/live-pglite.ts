import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_FILE } from '../../lib/private-files';
import type { Storage } from '../../lib/storage-port';
import { createBackup } from './create-backup';

/*
 * A backup of a PGlite installation while its server runs (decision 033). PGlite lets one process
 * open its folder, so the command cannot dump it itself: it writes a request file into DATA_DIR and
 * sends the server SIGUSR2; the server writes the archive from its open database (dumped under
 * PGlite's query lock: one consistent snapshot) and a result file beside the request. Local only:
 * sending the signal and writing into DATA_DIR take the server's own operating-system user.
 */

const REQUEST = /^backup-request-[\w-]+\.json$/;
const requestFile = (dataDir: string, id: string) => path.join(dataDir, `backup-request-${id}.json`);
const resultFile = (request: string) => `${request}.result`;

export interface LiveResult {
  ok: boolean;
  message: string;
}

/** In the server: answers backup requests on SIGUSR2, one at a time. Returns the clean-up. */
export function serveLiveBackups(opts: { dataDir: string; client: PGlite; storage: Storage; log: FastifyBaseLogger }): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      for (const name of fs.readdirSync(opts.dataDir).filter((n) => REQUEST.test(n))) {
        const request = path.join(opts.dataDir, name);
        let result: LiveResult;
        try {
          const { out } = JSON.parse(fs.readFileSync(request, 'utf8')) as { out: string };
          opts.log.info({ out }, 'backup asked by the backup command');
          const manifest = await createBackup({ source: { kind: 'pglite', client: opts.client }, storage: opts.storage, out });
          result = { ok: true, message: `${manifest.files.length} files, migration ${manifest.migration?.tag ?? 'none'}` };
        } catch (err) {
          opts.log.error({ err }, 'backup asked by the backup command failed');
          result = { ok: false, message: (err as Error).message };
        }
        fs.rmSync(request, { force: true });
        fs.writeFileSync(`${resultFile(request)}.partial`, JSON.stringify(result), { mode: PRIVATE_FILE });
        fs.renameSync(`${resultFile(request)}.partial`, resultFile(request));
      }
    } while (again);
  };
  const onSignal = () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => (running = null));
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

/** In the command: asks the server of process `pid` for a backup into `out` and waits for its answer. */
export async function askRunningServer(dataDir: string, pid: number, out: string): Promise<LiveResult> {
  const request = requestFile(dataDir, `${Date.now()}-${process.pid}`);
  // Left readable by the umask (it holds only a path): the command may run as root, the server as its own user.
  fs.writeFileSync(request, JSON.stringify({ out }));
  try {
    process.kill(pid, 'SIGUSR2');
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      if (fs.existsSync(resultFile(request))) return JSON.parse(fs.readFileSync(resultFile(request), 'utf8')) as LiveResult;
      try {
        process.kill(pid, 0);
      } catch {
        return { ok: false, message: `the server (process ${pid}) stopped before it answered` };
      }
    }
  } finally {
    fs.rmSync(request, { force: true });
    fs.rmSync(resultFile(request), { force: true });
  }
}
