import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { flushQueue, submit, type NewAction } from './queue';
import { allActions } from './store';

// The device's store as a Map (IndexedDB is the browser's; the e2e tests use the real one).
vi.mock('./store', () => {
  const kept = new Map<string, unknown>();
  return {
    putAction: async (a: { id: string }) => void kept.set(a.id, structuredClone(a)),
    getAction: async (id: string) => kept.get(id),
    removeAction: async (id: string) => void kept.delete(id),
    allActions: async () => [...kept.values()].sort((a, b) => (a as { createdAt: number }).createdAt - (b as { createdAt: number }).createdAt),
    clear: () => kept.clear(),
  };
});
vi.mock('@/lib/session', () => ({ getCurrentUser: () => ({ id: 7, role: 'user' }) }));
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  api: { post: vi.fn() },
}));

const amount = (surface: number, value: number): NewAction => ({
  kind: 'amount',
  label: `S${surface} → ${value}`,
  subject: `amount:${surface}`,
  refresh: ['company'],
  request: { path: '/company_api/company-planner/save-amount-company-planner', fields: { surface_id: String(surface), amount: String(value) } },
});
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
const posted = () => vi.mocked(api.post).mock.calls.map(([, body, config]) => ({ body, key: (config?.headers as Record<string, string>)['Idempotency-Key'] }));
const answer = { data: { status: 'success', message: 'ok', data: {} } };

beforeEach(async () => {
  ((await import('./store')) as unknown as { clear: () => void }).clear();
  vi.mocked(api.post).mockReset();
  vi.mocked(api.post).mockResolvedValue(answer);
});
afterEach(() => setOnline(true));

describe('the offline queue: the last amount per surface wins', () => {
  it('offline, a newer amount for a surface replaces the waiting one; other surfaces wait beside it; each is sent once with its key', async () => {
    setOnline(false);
    await submit(amount(1, 5));
    await submit(amount(2, 4));
    await submit(amount(1, 8));
    expect((await allActions()).map((a) => a.request.fields)).toEqual([
      { surface_id: '2', amount: '4' },
      { surface_id: '1', amount: '8' },
    ]);
    const keys = (await allActions()).map((a) => a.id);
    setOnline(true);
    expect(await flushQueue()).toBe(2);
    expect(posted()).toEqual([
      { body: 'surface_id=2&amount=4', key: keys[0] },
      { body: 'surface_id=1&amount=8', key: keys[1] },
    ]);
    expect(await allActions()).toEqual([]);
  });

  it('online, a newer amount sent while the older is still on its way reaches the server after it', async () => {
    let release!: () => void;
    vi.mocked(api.post).mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(answer))));
    const first = submit(amount(3, 10));
    await vi.waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const second = submit(amount(3, 11));
    // The second waits for the first's answer before it is sent: once every step of it that needs
    // no answer has run (the store here answers at once, so one turn of the event loop runs them all).
    await new Promise((r) => setTimeout(r, 0));
    expect(api.post).toHaveBeenCalledTimes(1);
    release();
    await expect(first).resolves.toMatchObject({ sent: true });
    await expect(second).resolves.toMatchObject({ sent: true });
    expect(posted().map((p) => p.body)).toEqual(['surface_id=3&amount=10', 'surface_id=3&amount=11']);
  });

  it('an amount replaced while a flush is sending others is not sent: only the newer one is', async () => {
    setOnline(false);
    await submit(amount(4, 1));
    await submit(amount(5, 2));
    setOnline(true);
    let release!: () => void;
    vi.mocked(api.post).mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(answer))));
    const flushing = flushQueue();
    await vi.waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    // Surface 5's waiting amount is replaced while the flush is on surface 4.
    const newer = submit(amount(5, 3));
    release();
    await flushing;
    await newer;
    expect(posted().map((p) => p.body)).toEqual(['surface_id=4&amount=1', 'surface_id=5&amount=3']);
    expect(await allActions()).toEqual([]);
  });

  it('a send without an answer keeps the amount waiting with the same key for the next flush', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(Object.assign(new Error('Network Error'), { isAxiosError: true }));
    await expect(submit(amount(6, 9))).resolves.toEqual({ sent: false });
    const [waiting] = await allActions();
    expect(waiting!.request.fields.amount).toBe('9');
    expect(await flushQueue()).toBe(1);
    expect(posted().map((p) => p.key)).toEqual([waiting!.id, waiting!.id]);
  });
});
