import type { Readable } from 'node:stream';

/**
 * Yields `open(item)` for each item in order, with up to `ahead` of the next ones already being
 * opened: with object storage each open is a round trip, and the archive takes files one at a time.
 * An opened stream is paused until read, so what waits holds one buffer each. Streams opened but
 * never yielded (the consumer stopped) are destroyed.
 */
export async function* readAhead<T>(items: readonly T[], ahead: number, open: (item: T) => Promise<Readable>): AsyncGenerator<[T, Readable]> {
  const pending: Promise<Readable>[] = [];
  let next = 0;
  const fill = () => {
    while (next < items.length && pending.length < ahead) {
      const opening = open(items[next++]!);
      opening.catch(() => {}); // rejected when its turn comes
      pending.push(opening);
    }
  };
  let i = 0;
  try {
    fill();
    while (pending.length) {
      const stream = await pending.shift()!;
      fill();
      yield [items[i++]!, stream];
    }
  } finally {
    for (const opening of pending) opening.then((s) => s.destroy(), () => {});
  }
}
