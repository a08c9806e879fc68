import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The stations with a Kaffekampanje parcel they have not confirmed (the seed sends the running
 * Kaffekampanje to the first half of its stations), in id order, without the shared demo station
 * other tests sign in as. Each spec takes stations of its own from the list.
 */
export async function stationsWithCoffeeParcel(page: Page, atLeast: number): Promise<string[]> {
  const admin = (await (await page.request.post('/api/auth/login', { form: { email: 'admin@demo.no', password: 'Demo2026' } })).json()).data.bearerToken as string;
  const list = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': 'Kaffekampanje' }, headers: auth(admin) });
  const id = ((await list.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === 'Kaffekampanje')!.id;
  const report = await page.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: id }, headers: auth(admin) });
  const stationIds = [...new Set(((await report.json()).data.distributor_parcels as { company_id: number }[]).map((p) => p.company_id))].sort((a, b) => a - b);
  const users = await page.request.get('/api/users', { params: { count_show: 100, 'obj_search[field]': 'role', 'obj_search[input_value]': 'user' }, headers: auth(admin) });
  const emails = new Map(((await users.json()).data.users as { id: number; email: string }[]).map((u) => [u.id, u.email]));
  const own = stationIds.map((sid) => emails.get(sid)).filter((e): e is string => !!e && e !== 'user@demo.no');
  expect(own.length).toBeGreaterThanOrEqual(atLeast);
  return own;
}
