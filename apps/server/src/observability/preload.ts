// Started before the app: `node --import ./dist/observability/preload.js dist/server.js` (the start
// script). Tracing must hook http, fastify, pg and redis before the app imports them. Without
// OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only form) nothing is loaded and nothing changes.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  const { startTracing } = await import('./tracing');
  startTracing();
}

export {};
