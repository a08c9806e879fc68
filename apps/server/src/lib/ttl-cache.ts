/**
 * A small in-process cache for lists that change rarely (sub-categories): each value lives `ttlMs`,
 * and writes in this process clear it at once. Other processes see a change within `ttlMs`.
 */
export class TtlCache<T> {
  private entries = new Map<string, { value: Promise<T>; expires: number }>();

  constructor(private ttlMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = load();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
