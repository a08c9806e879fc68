import type { Config } from '../config';
import { lockHolder } from '../db/data-dir-lock';
import { openDatabase, type Db } from '../db/client';

/** Opens the configured database for a command-line tool, migrated; refuses a PGlite folder in use. */
export async function withCliDatabase(config: Config, work: (db: Db) => Promise<void>): Promise<void> {
  if (!config.DATABASE_URL) {
    const pid = lockHolder(config.dataDir);
    if (pid) {
      console.error(`The server (process ${pid}) is using ${config.dataDir}. Stop it first, then run this again.`);
      process.exit(1);
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    await work(database.db);
  } finally {
    await database.close();
  }
}
