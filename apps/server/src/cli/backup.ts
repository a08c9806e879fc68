import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { acquireDataDirLock, lockHolder } from '../db/data-dir-lock';
import { storageFor } from '../lib/storage';
import { createBackup } from '../ops/backup/create-backup';
import { askRunningServer } from '../ops/backup/live-pglite';

const usage = 'Usage: npm run backup -- --out FILE';
let out: string | undefined;
try {
  ({ values: { out } } = parseArgs({ options: { out: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!out) {
  console.error(`Refused: --out is required.\n${usage}`);
  process.exit(2);
}
// npm runs the script in apps/server; a relative path is relative to where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), out);
if (!fs.existsSync(path.dirname(file))) {
  console.error(`Refused: the folder ${path.dirname(file)} does not exist.`);
  process.exit(2);
}

const config = loadConfig();
const started = performance.now();
let close = async () => {};
try {
  let source: Parameters<typeof createBackup>[0]['source'];
  if (config.DATABASE_URL) {
    source = { kind: 'postgres', url: config.DATABASE_URL };
  } else {
    const pgdata = path.join(config.dataDir, 'pgdata');
    if (!fs.existsSync(pgdata)) {
      console.error(`Refused: there is no database in ${pgdata}.`);
      process.exit(1);
    }
    // PGlite lets one process open its folder: a running server makes the backup itself (asked by a
    // signal); else the folder is held for the backup, so the server cannot start meanwhile.
    const server = lockHolder(config.dataDir);
    if (server) {
      console.log(`The server (process ${server}) has the database open: it writes the backup…`);
      const result = await askRunningServer(config.dataDir, server, file);
      if (!result.ok) throw new Error(result.message);
      console.log(`Backup written to ${file} by the server: ${(fs.statSync(file).size / 1024 ** 2).toFixed(1)} MB, ${result.message}, ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      process.exit(0);
    }
    const release = acquireDataDirLock(config.dataDir);
    close = async () => release();
    source = { kind: 'pglite-folder', pgdata };
  }
  const manifest = await createBackup({ source, storage: await storageFor(config), out: file, log: (line) => console.log(line) });
  const size = fs.statSync(file).size;
  console.log(
    `Backup written to ${file}: ${(size / 1024 ** 2).toFixed(1)} MB, ${manifest.files.length} files, ` +
      `${Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0)} rows, migration ${manifest.migration?.tag ?? 'none'}, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  await close();
  process.exit(0);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  await close().catch(() => {});
  process.exit(1);
}
