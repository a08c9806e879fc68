import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads once within the lifetime and again after it', async () => {
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets a value at its own expiry when that comes before the lifetime (a session ending)', async () => {
    const cache = new TtlCache<string>(5000);
    cache.set('token', Promise.resolve('auth'), Date.now() + 100);
    expect(await cache.peek('token')).toBe('auth');
    vi.advanceTimersByTime(101);
    expect(cache.peek('token')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k);
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.peek('b')).toBe('b');
    expect(await cache.peek('c')).toBe('c');
  });

  it('does not keep a load that failed', async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('clear() forgets everything at once', async () => {
    const cache = new TtlCache<string>(60_000);
    await cache.get('k', async () => 'old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });
});
