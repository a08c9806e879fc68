/**
 * Runs `work` one at a time for a sender that drains a table (the mail and the push outbox). A call
 * while a run is going on gets one more run after it, shared by everyone who asks meanwhile: the
 * run under way may have read the table before the caller's rows were committed. `work` must not
 * reject; `idle` is the run going on now, if any (to wait for it on close).
 */
export function coalescedRun(work: () => Promise<void>, isClosed: () => boolean) {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = () => {
    running = work().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    flush(): Promise<void> {
      if (isClosed()) return Promise.resolve();
      if (!running) return start();
      queued ??= running.then(() => {
        queued = null;
        return running ?? start();
      });
      return queued;
    },
    idle: () => running ?? Promise.resolve(),
  };
}
