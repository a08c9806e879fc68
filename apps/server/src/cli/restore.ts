import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { storageFor } from '../lib/storage';
import { ArchiveError } from '../ops/backup/read-archive';
import { restoreBackup, TargetNotEmpty } from '../ops/backup/restore-backup';
import { pgliteTarget } from '../ops/backup/target-pglite';
import { postgresTarget } from '../ops/backup/target-postgres';

const usage = 'Usage: npm run restore -- FILE [--force]';
let parsed;
try {
  parsed = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (parsed.positionals.length !== 1) {
  console.error(`Refused: name one archive.\n${usage}`);
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!);
if (!fs.existsSync(file)) {
  console.error(`Refused: ${file} does not exist.`);
  process.exit(2);
}

const config = loadConfig();
const started = performance.now();
try {
  const target = config.DATABASE_URL ? postgresTarget(config.DATABASE_URL) : pgliteTarget(config.dataDir);
  const manifest = await restoreBackup({ file, target, storage: await storageFor(config), force: parsed.values.force, log: (line) => console.log(line) });
  console.log(
    `Restored ${file}: ${manifest.files.length} files and ${Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0)} rows, ` +
      `checksums and row counts verified, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  process.exit(0);
} catch (err) {
  if (err instanceof TargetNotEmpty) console.error(err.message);
  else if (err instanceof ArchiveError) console.error(`Refused: ${err.message}. Nothing was restored.`);
  else console.error(`Restore failed: ${(err as Error).message}. Nothing was restored.`);
  process.exit(err instanceof TargetNotEmpty ? 3 : 1);
}
