import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * A pino mixin: the active span's trace and span id on every log line written inside a traced
 * request (or job). Without tracing (OTEL_EXPORTER_OTLP_ENDPOINT unset) there is no span: nothing.
 */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
