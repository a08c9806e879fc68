import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { freshDatabase } from '../test/fresh-database';
import { decodeTraceExport, type DecodedSpan } from '../test/otlp-protobuf';
import { TEST_REDIS_URL } from '../test/sockets';

type OtlpSpan = DecodedSpan;
const SERVER = 2;
const CLIENT = 3;
const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

/**
 * An OTLP/HTTP receiver that keeps every span it gets, in the SDK's default protocol
 * (http/protobuf, what an operator gets without OTEL_EXPORTER_OTLP_TRACES_PROTOCOL).
 */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        contentTypes.add(String(req.headers['content-type']));
        spans.push(...decodeTraceExport(Buffer.concat(chunks)));
      }
      // An empty ExportTraceServiceResponse.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, contentTypes, close: () => new Promise((r) => server.close(r)) };
}

const withPg = Boolean(inject('testDatabaseUrl'));

describe(`traces over OTLP/HTTP (decision 034), ${withPg ? 'on PostgreSQL: HTTP → route → pg query' : 'on PGlite: HTTP → route (pg spans need PostgreSQL)'}`, () => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let fresh: Awaited<ReturnType<typeof freshDatabase>> = null;
  let server: ServerProcess;
  let base: string;
  let logs = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-traces-'));

  beforeAll(async () => {
    receiver = await otlpReceiver();
    fresh = await freshDatabase('traces');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: fresh?.url ?? '',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Joined to Redis as a second process would be: its commands are traced too.
      REDIS_URL: TEST_REDIS_URL,
      OTEL_SERVICE_NAME: 'promo-traces-test',
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    delete env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL;
    delete env.OTEL_EXPORTER_OTLP_PROTOCOL;
    server = await startServerProcess({ env, imports: ['./apps/server/src/observability/preload.ts'], onStdout: (text) => (logs += text) });
    base = server.base;
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the span tree of one API call, named by the route template, and logs its trace id', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'admin@demo.no', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { bearerToken: string } }).data.bearerToken;
    const list = await (await fetch(`${base}/api/promotions`, { headers: { authorization: `Bearer ${token}` } })).text();
    const id = Number(list.match(/"id":(\d+)/)![1]);
    const res = await fetch(`${base}/api/promotions/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);

    const isOurs = (s: OtlpSpan) => s.kind === SERVER && attr(s, 'http.route') === '/api/promotions/:id';
    for (const until = Date.now() + 10_000; !receiver.spans.some(isOurs); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > until) throw new Error(`no server span of the call among ${receiver.spans.map((s) => s.name).join(', ')}`);
    }
    // The children come in the same batch or the next one.
    await new Promise((r) => setTimeout(r, 500));
    const root = receiver.spans.find(isOurs)!;
    const trace = receiver.spans.filter((s) => s.traceId === root.traceId);
    const childrenOf = (span: OtlpSpan) => trace.filter((s) => s.parentSpanId === span.spanId);
    const below = (span: OtlpSpan): OtlpSpan[] => childrenOf(span).flatMap((c) => [c, ...below(c)]);

    expect(root.scope).toBe('@opentelemetry/instrumentation-http');
    expect(root.parentSpanId || undefined).toBeUndefined();
    expect(root.name).toBe('GET /api/promotions/:id');
    // Fastify's request span under the HTTP span, and the route's handler span under that.
    const request = childrenOf(root).find((s) => s.scope === '@fastify/otel');
    expect(request, JSON.stringify(trace.map((s) => [s.name, s.scope]))).toBeDefined();
    const handler = below(request!).find((s) => s.name.startsWith('handler'));
    expect(handler).toBeDefined();
    expect(attr(handler!, 'http.route') ?? attr(request!, 'http.route')).toBe('/api/promotions/:id');
    // Never the raw URL in a span's name.
    expect(trace.filter((s) => s.name.includes(`/api/promotions/${id}`))).toEqual([]);
    if (withPg) {
      const queries = below(handler!).filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.kind === CLIENT);
      expect(queries.length).toBeGreaterThan(0);
      expect(attr(queries[0]!, 'db.system') ?? attr(queries[0]!, 'db.system.name')).toBe('postgresql');
    }

    expect([...receiver.contentTypes]).toEqual(['application/x-protobuf']);

    // The request's log lines carry its trace id.
    const lines = logs.split('\n').filter((l) => l.includes(root.traceId));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url === `/api/promotions/${id}`)).toBe(true);
  });

  it("traces a request's Redis commands under its span (a sign-out tells the other processes through Redis)", async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'cm@demo.no', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { bearerToken: string } }).data.bearerToken;
    expect((await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const isOurs = (s: OtlpSpan) => s.kind === SERVER && attr(s, 'http.route') === '/api/auth/logout';
    const redisIn = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId && s.scope.includes('redis') && s.kind === CLIENT);
    for (const until = Date.now() + 10_000; !receiver.spans.some((s) => isOurs(s) && redisIn(s.traceId).length); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > until) throw new Error(`no Redis span under the sign-out among ${receiver.spans.map((s) => `${s.name} (${s.scope})`).join(', ')}`);
    }
    const root = receiver.spans.find((s) => isOurs(s) && redisIn(s.traceId).length)!;
    const redis = redisIn(root.traceId);
    expect(redis.map((s) => s.name.toLowerCase()).some((n) => n.includes('publish'))).toBe(true);
    // Each under a span of the request, none a trace of its own.
    const ids = new Set(receiver.spans.filter((s) => s.traceId === root.traceId).map((s) => s.spanId));
    for (const s of redis) expect(ids.has(s.parentSpanId ?? '')).toBe(true);
  });
});
