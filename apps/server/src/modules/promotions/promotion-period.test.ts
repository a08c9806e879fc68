import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promotions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

// A promotion is answered with `period {from, to}`: a client may send it back that way (qs keys
// period[from], period[to]) as well as the flat period_from, period_to.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const uniqueName = () => `Periode ${Date.now()}${Math.floor(Math.random() * 1000)}`;
const stored = (name: string) => t.database.db.select().from(promotions).where(eq(promotions.name, name));
type Answered = { id: number; name: string; period: { from: string; to: string } };

describe('POST /api/promotions with period {from, to}', () => {
  it('stores period[from] and period[to] as the period, and answers them back the same way', async () => {
    const name = uniqueName();
    const res = await t.form('POST', '/api/promotions', { name, period: { from: '2031-05-01', to: '2031-05-31T21:59:59.999Z' } }, admin);
    expect(res.statusCode, res.body).toBe(201);
    const created: Answered = res.json().data.promotion;
    expect(created.period).toEqual({ from: '2031-05-01', to: '2031-05-31' });
    const [row] = await stored(name);
    expect([row!.period_from, row!.period_to]).toEqual(['2031-05-01', '2031-05-31']);

    // What was answered goes back unchanged.
    const again = await t.form('POST', '/api/promotions', { name: uniqueName(), period: created.period }, admin);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.promotion.period).toEqual(created.period);
  });

  it('takes both ways at once when they name the same dates, and refuses them when they disagree', async () => {
    // 2031-05-31T22:00:00Z is midnight of 1 June in Oslo.
    const same = await t.form('POST', '/api/promotions', { name: uniqueName(), period_from: '2031-06-01', period_to: '2031-06-30', period: { from: '2031-05-31T22:00:00.000Z', to: '2031-06-30' } }, admin);
    expect(same.statusCode, same.body).toBe(201);

    const name = uniqueName();
    const res = await t.form('POST', '/api/promotions', { name, period_from: '2031-06-01', period_to: '2031-06-30', period: { from: '2031-06-02', to: '2031-06-30' } }, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ period_from: ['period_mismatch'] });
    expect(await stored(name)).toEqual([]);
  });

  it('gives the period rules to the nested fields too', async () => {
    const missingEnd = await t.form('POST', '/api/promotions', { name: uniqueName(), period: { from: '2031-06-01' } }, admin);
    expect(missingEnd.json().errors).toEqual({ period_to: ['end_date_required'] });
    const reversed = await t.form('POST', '/api/promotions', { name: uniqueName(), period: { from: '2031-06-30', to: '2031-06-01' } }, admin);
    expect(reversed.json().errors).toEqual({ period_to: ['period_valid_dates'] });
    const notAnObject = await t.form('POST', '/api/promotions', { name: uniqueName(), period_from: '2031-06-01', period_to: '2031-06-30', period: 'juni' }, admin);
    expect(notAnObject.statusCode).toBe(422);
    expect(notAnObject.json().errors).toEqual({ period: ['period_valid_dates'] });
  });
});

describe('PUT /api/promotions/{id} with period {from, to}', () => {
  it('changes the period sent as period[from], period[to], one end alone too; disagreeing ends are refused', async () => {
    const name = uniqueName();
    const created: Answered = (await t.form('POST', '/api/promotions', { name, period_from: '2031-07-01', period_to: '2031-07-31' }, admin)).json().data.promotion;
    const put = (body: object) => t.form('PUT', `/api/promotions/${created.id}`, body, admin);

    const res = await put({ name, period: { from: '2031-08-01', to: '2031-08-31' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.promotion.period).toEqual({ from: '2031-08-01', to: '2031-08-31' });
    expect((await put({ period: { to: '2031-09-30' } })).json().data.promotion.period).toEqual({ from: '2031-08-01', to: '2031-09-30' });

    const mismatch = await put({ period_to: '2031-10-31', period: { to: '2031-11-30' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ period_to: ['period_mismatch'] });
    const [row] = await stored(name);
    expect(row!.period_to).toBe('2031-09-30');
  });
});
