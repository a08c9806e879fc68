import { describe, expect, it } from 'vitest';
import { coalescedRun } from './coalesced-run';

/** A piece of work that waits until it is let go, counting how often it started. */
function gatedWork() {
  const gates: (() => void)[] = [];
  let started = 0;
  return {
    work: () => {
      started += 1;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    release: () => gates.shift()?.(),
    started: () => started,
  };
}

describe('coalescedRun', () => {
  it('runs once more after the run under way, however many ask meanwhile, and not at the same time', async () => {
    const g = gatedWork();
    const runner = coalescedRun(g.work, () => false);
    const first = runner.flush();
    const asked = [runner.flush(), runner.flush(), runner.flush()];
    expect(g.started()).toBe(1);
    g.release();
    await first;
    await Promise.resolve();
    expect(g.started()).toBe(2);
    g.release();
    await Promise.all(asked);
    expect(g.started()).toBe(2);
  });

  it('does nothing once closed', async () => {
    const g = gatedWork();
    let closed = false;
    const runner = coalescedRun(g.work, () => closed);
    closed = true;
    await runner.flush();
    expect(g.started()).toBe(0);
    await runner.idle();
  });
});
