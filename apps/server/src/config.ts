import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The nearest folder above `from` that holds apps/server: the same from the source and the build. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
/** SQL files, read at start by both the source and the build (dist/). */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations');

/** Paths given in the environment are relative to where the command was started. */
const startDir = process.env.INIT_CWD ?? process.cwd();

/** An empty value means unset, as in `S3_URL=` of a compose file. */
const unset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // An empty value means unset (PGlite), as an unset one does.
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  DATA_DIR: z.string().default('data'),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** How often each process checks whether today's digest is due (decision 018). */
  DIGEST_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** GET /metrics answers a request with `Authorization: Bearer <this>`; unset: 404 (decision 034). */
  METRICS_TOKEN: unset(z.string().min(16, 'METRICS_TOKEN must have 16 characters or more').optional()),
  /** A second listener serving only /metrics, without a token, on a port not exposed to users. */
  METRICS_PORT: unset(z.coerce.number().int().min(1).max(65535).optional()),
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
  /** Who may read the API reference (/api/docs, /api/openapi.json): unset, 'public' in development, else 'admin'. */
  API_DOCS: z.enum(['admin', 'public', 'off']).optional(),
  /** Object storage (S3, MinIO, ...) instead of DATA_DIR/files: the endpoint and bucket, both or neither. */
  S3_URL: unset(z.url({ protocol: /^https?$/, error: 'S3_URL must be an http(s) address' }).optional()),
  S3_BUCKET: unset(z.string().optional()),
  S3_REGION: unset(z.string().default('us-east-1')),
  /** Without them the AWS SDK's default chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: unset(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unset(z.string().optional()),
  /** Keys go under this prefix, e.g. `promo/`, so the bucket can be shared. */
  S3_PREFIX: z.string().default(''),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** Web Push (decision 022): without the pair, the first start makes one and keeps it in server_secrets. */
  VAPID_PUBLIC_KEY: unset(z.string().optional()),
  VAPID_PRIVATE_KEY: unset(z.string().optional()),
  /** Who the push services may contact: a mailto: or https: URL. */
  VAPID_SUBJECT: unset(z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL').default('mailto:no-reply@kampanje.local')),
  /** Single sign-on through an OpenID Provider (decision 035): on when OIDC_ISSUER is set. */
  OIDC_ISSUER: unset(z.url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an http(s) address' }).optional()),
  OIDC_CLIENT_ID: unset(z.string().optional()),
  OIDC_CLIENT_SECRET: unset(z.string().optional()),
  /** The provider's name on the sign-in button ("Sign in with …"). */
  OIDC_NAME: unset(z.string().max(60).default('SSO')),
  OIDC_SCOPES: unset(z.string().default('openid email profile')),
  /** The claim that holds the person's groups (a list or one text) and OIDC_ROLE_MAP: `group=role,…`. */
  OIDC_ROLE_CLAIM: unset(z.string().default('groups')),
  OIDC_ROLE_MAP: z.string().default(''),
  /** The claim that holds a station's name; without it a new station waits for the admin. */
  OIDC_STATION_CLAIM: unset(z.string().optional()),
  /** Push endpoints allowed although their address is not public (comma-separated origins; tests' stand-in service). */
  PUSH_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .flatMap((o) => {
          if (URL.canParse(o)) return [new URL(o).origin];
          ctx.addIssue({ code: 'custom', message: `not an origin: ${o}` });
          return [];
        }),
    ),
})
  .refine((env) => !env.S3_URL === !env.S3_BUCKET, { path: ['S3_URL'], message: 'S3_URL and S3_BUCKET go together: set both or neither' })
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    path: ['VAPID_PUBLIC_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
  })
  .refine((env) => !env.OIDC_ISSUER || (env.OIDC_CLIENT_ID && env.PUBLIC_URL && URL.canParse(env.PUBLIC_URL)), {
    path: ['OIDC_ISSUER'],
    message: 'OIDC_ISSUER needs OIDC_CLIENT_ID and PUBLIC_URL (the address the provider sends the browser back to)',
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
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
