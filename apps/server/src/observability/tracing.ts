import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { setTraceFlush } from './trace-flush';

/**
 * OpenTelemetry traces (decision 034): an HTTP server span per request, Fastify's request and
 * route handler spans under it (named by the route template), and a span per pg query and Redis
 * command. Everything else comes from the standard OTEL_* variables, read by the SDK: the
 * endpoint, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL (http/protobuf by default, http/json, grpc),
 * OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER and its argument, OTEL_RESOURCE_ATTRIBUTES, headers.
 */
/** Load balancers' probes and the scraper, every few seconds, would drown the traces. */
const PROBES = /^\/(healthz|readyz|metrics)(\?|$)/;

export function startTracing() {
  // The app is ES modules: import-in-the-middle lets the instrumentations patch what it imports.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const named = process.env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    serviceName: named ? undefined : 'promo-print',
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => PROBES.test(req.url ?? '') }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => PROBES.test(route.url) }),
      new PgInstrumentation({ requireParentSpan: true }),
      new RedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // server.ts flushes the spans still buffered before the process exits.
  setTraceFlush(() => sdk.shutdown());
}
