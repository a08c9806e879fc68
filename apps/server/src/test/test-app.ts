import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import qs from 'qs';
import { inject } from 'vitest';
import type { Role } from '@promo/shared';
import { buildApp } from '../app';
import type { SignRenderer } from '../lib/signs/sign-renderer';
import { localDiskStorage, type Storage } from '../lib/storage';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../db/seed/demo';

export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  /** The folder of `storage`. */
  filesDir: string;
  database: Database;
  /** Signs in as the demo user of a role and returns the Authorization header value. */
  login(role: Role): Promise<string>;
  loginAs(email: string, password: string): Promise<string>;
  /** A form-encoded request, the way the web app sends it. */
  form(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, body?: object, auth?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on the run's database. `ownDatabase` gives a test file a fresh, seeded database of its
 * own, for tests that count rows and must not see other files' writes. `database` starts a second
 * app on another app's database, as a second server process would be (on PGlite each app would
 * otherwise have a database of its own); closing it leaves that database open.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { ownDatabase?: boolean; ownStorage?: boolean; database?: Database; signRenderer?: SignRenderer } = {},
): Promise<TestApp> {
  const url = inject('testDatabaseUrl');
  const dump = inject('testPgliteDump');
  // On PGlite each app has a database of its own, started from the seeded dump: its files are its
  // own too (hard links to the seeded ones), so a file one test file deletes stays for the others.
  const ownFiles = opts.ownStorage || (!url && !opts.database && !!dump);
  const filesDir = ownFiles ? fs.mkdtempSync(path.join(os.tmpdir(), 'promo-own-files-')) : inject('testFilesDir');
  if (ownFiles && !opts.ownStorage) linkTree(inject('testFilesDir'), filesDir);
  const storage = localDiskStorage(filesDir);
  let database: Database;
  let dropOwn = async () => {};
  if (opts.database) {
    database = opts.database;
  } else if (url && opts.ownDatabase) {
    const name = `promo_own_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    database = openPostgres(own.toString());
    await database.migrate();
    await seedDemo(database.db, storage);
    dropOwn = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else if (url) {
    database = openPostgres(url);
  } else if (dump) {
    database = await openPglite(undefined, { loadDataDir: await fs.openAsBlob(dump) });
  } else {
    database = await openPglite();
    await database.migrate();
    await seedDemo(database.db, storage);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const app = await buildApp({ config, db: database.db, storage, signRenderer: opts.signRenderer });

  const form: TestApp['form'] = (method, url, body, auth) => formRequest(app, method, url, body, auth);

  const loginAs = async (email: string, password: string) => {
    const res = await form('POST', '/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return `Bearer ${res.json().data.bearerToken}`;
  };

  return {
    app,
    storage,
    filesDir,
    database,
    form,
    loginAs,
    login: (role) => loginAs(DEMO_USERS.find((u) => u.role === role)!.email, DEMO_PASSWORD),
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
      await dropOwn();
      if (ownFiles) fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** `to` gets a hard link of every file under `from` (the storage only ever adds or removes whole files). */
function linkTree(from: string, to: string) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { mode: 0o700 });
      linkTree(source, target);
    } else if (entry.isFile()) {
      fs.linkSync(source, target);
    }
  }
}

/** A form-encoded request to `app`, the way the web app sends it (t.form on another instance). */
export function formRequest(app: FastifyInstance, ...[method, url, body, auth]: Parameters<TestApp['form']>): Promise<LightMyRequestResponse> {
  const opts: InjectOptions = { method, url, headers: auth ? { authorization: auth } : {} };
  if (body && (method === 'GET' || method === 'DELETE')) {
    opts.url = `${url}?${qs.stringify(body)}`;
  } else if (body) {
    opts.payload = qs.stringify(body);
    opts.headers!['content-type'] = 'application/x-www-form-urlencoded';
  }
  return app.inject(opts);
}

let counter = 0;
/** An email nobody else in this run uses. */
export const uniqueEmail = (prefix = 'test') => `${prefix}.${process.pid}.${Date.now()}.${counter++}@example.no`;

/** A multipart body with one file, the way a browser sends an upload. */
export function multipartBody(file: { name: string; content: Buffer; field?: string }, fields: Record<string, string> = {}) {
  const boundary = `----promo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
