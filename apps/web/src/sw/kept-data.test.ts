import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, MAX_QUERIES, mergeKept, type Kept, type KeptQuery } from './kept-data';

const NOW = Date.UTC(2026, 10, 28, 9, 42);
const query = (hash: string, at: number, data: unknown = hash): KeptQuery =>
  ({ queryHash: hash, queryKey: JSON.parse(hash), state: { data, dataUpdatedAt: at, status: 'success' } }) as unknown as KeptQuery;
const hashes = (k: Kept) => k.queries.map((q) => q.queryHash).sort();

describe('mergeKept: what the device keeps of a station’s pages', () => {
  it('keeps what other pages kept before: a page sends only what its memory holds', () => {
    const before: Kept = { userId: 1, queries: [query('["company","history"]', NOW - 60_000), query('["waiting-for-me"]', NOW - 30_000)] };
    const after = mergeKept(before, { userId: 1, queries: [query('["company","planner"]', NOW)] }, NOW);
    expect(hashes(after)).toEqual(['["company","history"]', '["company","planner"]', '["waiting-for-me"]']);
  });

  it('per query the newer answer wins, whichever arrives last', () => {
    const before: Kept = { userId: 1, queries: [query('["company","planner"]', NOW, 'new')] };
    expect(mergeKept(before, { userId: 1, queries: [query('["company","planner"]', NOW - 1000, 'old')] }, NOW).queries[0]!.state.data).toBe('new');
    expect(mergeKept(before, { userId: 1, queries: [query('["company","planner"]', NOW + 1000, 'newer')] }, NOW).queries[0]!.state.data).toBe('newer');
  });

  it('drops answers older than 7 days, and another user’s data', () => {
    const before: Kept = { userId: 1, queries: [query('["a"]', NOW - MAX_AGE_MS - 1), query('["b"]', NOW - MAX_AGE_MS + 60_000)] };
    expect(hashes(mergeKept(before, { userId: 1, queries: [] }, NOW))).toEqual(['["b"]']);
    expect(hashes(mergeKept(before, { userId: 2, queries: [query('["c"]', NOW)] }, NOW))).toEqual(['["c"]']);
  });

  it('keeps the newest 200 answers', () => {
    const many = Array.from({ length: MAX_QUERIES + 5 }, (_, i) => query(`["q",${i}]`, NOW - i * 1000));
    const kept = mergeKept(undefined, { userId: 1, queries: many }, NOW);
    expect(kept.queries).toHaveLength(MAX_QUERIES);
    expect(kept.queries.at(-1)!.queryHash).toBe(`["q",${MAX_QUERIES - 1}]`);
  });
});
