/**
 * A small in-process cache: each value lives `ttlMs`, at most `maxEntries` are kept (the oldest
 * go first), and `clear()` drops everything at once. A load that fails is not kept.
 */
export class TtlCache<T> {
  private entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = load();
    this.set(key, value, Date.now() + this.ttlMs);
    return value;
  }

  /** Keeps `value` until `expires` (ms since the epoch) or the TTL, whichever comes first. */
  set(key: string, value: Promise<T>, expires: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry = { value, expires: Math.min(expires, Date.now() + this.ttlMs) };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
  }

  /** The live value of `key`, without loading it. */
  peek(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
