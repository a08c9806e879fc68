import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../lib/private-files';

/**
 * PGlite has no lock between processes: two processes on one data folder corrupt it.
 * The server holds this lock file while it runs; the CLI refuses to open the folder then.
 */
const LOCK_FILE = 'pglite.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const holder = lockHolder(dataDir);
  if (holder) {
    throw new Error(
      `The data folder ${dataDir} is in use by process ${holder}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid), { mode: PRIVATE_FILE });
  return () => fs.rmSync(file, { force: true });
}
