import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { localDiskStorage } from '../lib/storage';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { seedDemo } from '../db/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string | null;
    testFilesDir: string;
  }
}

/**
 * With DATABASE_URL: every run gets a fresh database, migrated and seeded once, dropped at the end.
 * Without it each test file opens its own in-memory PGlite (see test-app.ts).
 */
export default async function setup(project: TestProject) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-test-files-'));
  project.provide('testFilesDir', filesDir);
  const removeFiles = () => fs.rmSync(filesDir, { recursive: true, force: true });
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    project.provide('testDatabaseUrl', null);
    return removeFiles;
  }
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
