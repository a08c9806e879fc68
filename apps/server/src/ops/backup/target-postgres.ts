import pg from 'pg';
import { openPostgres } from '../../db/client';
import { hasNoRows, rowCounts, type Query } from './inventory';
import { runPgTool } from './pg-tools';
import type { RestoreTarget } from './target';

async function withClient<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

const wipe = (url: string) =>
  withClient(url, async (query) => {
    await query('drop schema if exists drizzle cascade');
    await query('drop schema if exists public cascade');
    await query('create schema public');
  });

/** The database of DATABASE_URL; pg_restore loads it in one transaction, so a failed load leaves nothing. */
export function postgresTarget(url: string): RestoreTarget {
  const name = new URL(url).pathname.slice(1);
  return {
    kind: 'postgres',
    contents: () =>
      withClient(url, async (query) => {
        const { empty, rows } = await hasNoRows(query);
        return empty ? null : `the database ${name} holds ${rows} rows`;
      }),
    wipe: () => wipe(url),
    async load(dumpFile) {
      // An empty but migrated database (a server started once) has the tables the dump creates.
      await wipe(url);
      await runPgTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${url}`, dumpFile]);
    },
    rowCounts: () => withClient(url, rowCounts),
    async migrate() {
      const database = openPostgres(url);
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    },
    commit: async () => {},
    discard: () => wipe(url),
  };
}
