import pg from 'pg';
import { inject } from 'vitest';

/**
 * An empty PostgreSQL database of its own on the run's server, for tests that start server
 * processes or count rows; null when the run has no PostgreSQL (PGlite). `drop` removes it.
 */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const runUrl = inject('testDatabaseUrl');
  if (!runUrl) return null;
  const database = `promo_${name}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const url = new URL(runUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    },
  };
}
