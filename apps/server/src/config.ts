import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Paths given in the environment are relative to where the command was started. */
const startDir = process.env.INIT_CWD ?? process.cwd();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // An empty value means unset (PGlite), as an unset one does.
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default('data'),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Behind a reverse proxy: 'true' or the proxy addresses (comma-separated). Off by default, so
   * a client cannot choose its own address with X-Forwarded-For (sign-in throttling uses it). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /** The carrier's tracking page; {tracker} is replaced by the tracker number. */
  TRACKING_URL_TEMPLATE: z.string().default('https://sporing.posten.no/sporing/{tracker}'),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1).default(1024 ** 3),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = path.isAbsolute(parsed.data.DATA_DIR)
    ? parsed.data.DATA_DIR
    : path.resolve(env.DATA_DIR ? startDir : REPO_ROOT, parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir };
}
