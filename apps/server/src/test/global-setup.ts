import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PRIVATE_FILE } from '../lib/private-files';
import { localDiskStorage } from '../lib/storage';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { seedDemo } from '../db/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string | null;
    testFilesDir: string;
    /** Without DATABASE_URL: a dump of a migrated and seeded PGlite each test file starts from. */
    testPgliteDump: string | null;
  }
}

/**
 * With DATABASE_URL: every run gets a fresh database, migrated and seeded once, dropped at the end.
 * Without it each test file opens its own in-memory PGlite (see test-app.ts), started from a dump
 * of one migrated and seeded here: migrating and seeding took each file 35-50 s on a loaded machine
 * (its 60 s hook timeout), loading the dump about 2 s.
 */
export default async function setup(project: TestProject) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-test-files-'));
  project.provide('testFilesDir', filesDir);
  const removeFiles = () => fs.rmSync(filesDir, { recursive: true, force: true });
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    project.provide('testDatabaseUrl', null);
    const database = await openPglite();
    await database.migrate();
    await seedDemo(database.db, localDiskStorage(filesDir));
    const dumpFile = path.join(filesDir, '..', `${path.basename(filesDir)}.pglite.tar`);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await pipeline(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream), fs.createWriteStream(dumpFile, { mode: PRIVATE_FILE }));
    await database.close();
    project.provide('testPgliteDump', dumpFile);
    return () => {
      removeFiles();
      fs.rmSync(dumpFile, { force: true });
    };
  }
  project.provide('testPgliteDump', null);
  const name = `promo_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  await seedDemo(database.db, localDiskStorage(filesDir));
  await database.close();
  project.provide('testDatabaseUrl', url.toString());

  return async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    removeFiles();
  };
}
