/** Where the preload leaves its flush: the same object whichever copy of this module runs. */
const KEY = Symbol.for('promo.observability.traceFlush');
type Holder = { [KEY]?: () => Promise<void> };

export function setTraceFlush(flush: () => Promise<void>) {
  (globalThis as Holder)[KEY] = flush;
}

/** Sends the spans the exporter still holds; nothing without tracing. Never throws. */
export async function flushTraces(): Promise<void> {
  await (globalThis as Holder)[KEY]?.().catch(() => {});
}
