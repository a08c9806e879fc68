import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Call = () => Promise<LightMyRequestResponse>;

/**
 * Each call is refused with one of the statuses, and `state` (the rows the calls aim at) reads the
 * same after them as before: a refusal that changed something is no refusal.
 */
export async function expectRefused(state: () => Promise<unknown>, calls: Record<string, Call>, statuses: number | number[]) {
  const allowed = Array.isArray(statuses) ? statuses : [statuses];
  const before = await state();
  for (const [name, call] of Object.entries(calls)) {
    const res = await call();
    expect(allowed, `${name}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  }
  expect(await state()).toEqual(before);
}
