import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { inject } from 'vitest';
import type { Role } from '@promo/shared';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../db/seed/demo';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Signs in as the demo user of a role and returns the Authorization header value. */
  login(role: Role): Promise<string>;
  loginAs(email: string, password: string): Promise<string>;
  /** A form-encoded request, the way the web app sends it. */
  form(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, body?: object, auth?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(): Promise<TestApp> {
  const url = inject('testDatabaseUrl');
  let database: Database;
  if (url) {
    database = openPostgres(url);
  } else {
    database = await openPglite();
    await database.migrate();
    await seedDemo(database.db);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, db: database.db });

  const form: TestApp['form'] = (method, url, body, auth) => {
    const opts: InjectOptions = { method, url, headers: auth ? { authorization: auth } : {} };
    if (body && (method === 'GET' || method === 'DELETE')) {
      opts.url = `${url}?${qs.stringify(body)}`;
    } else if (body) {
      opts.payload = qs.stringify(body);
      opts.headers!['content-type'] = 'application/x-www-form-urlencoded';
    }
    return app.inject(opts);
  };

  const loginAs = async (email: string, password: string) => {
    const res = await form('POST', '/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return `Bearer ${res.json().data.bearerToken}`;
  };

  return {
    app,
    database,
    form,
    loginAs,
    login: (role) => loginAs(DEMO_USERS.find((u) => u.role === role)!.email, DEMO_PASSWORD),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** An email nobody else in this run uses. */
export const uniqueEmail = (prefix = 'test') => `${prefix}.${process.pid}.${Date.now()}.${counter++}@example.no`;
