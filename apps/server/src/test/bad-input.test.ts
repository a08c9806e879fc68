import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { Role } from '@promo/shared';
import { categories, files, promotions } from '../db/schema';
import { pngImage } from './images';
import { formData } from './multipart';
import { createTestApp, multipartBody, type TestApp } from './test-app';

/**
 * Input that used to answer 500 or be stored changed: NUL and lone surrogates in any text, dates
 * PostgreSQL cannot hold or that do not exist. Every endpoint with generated input: fuzz.test.ts.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
});
afterAll(() => t.close());

const json = (method: 'POST' | 'PUT', url: string, payload: string, auth: string) =>
  t.app.inject({ method, url, payload, headers: { authorization: auth, 'content-type': 'application/json' } });

const tag = () => `Bad${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const storedCategories = async (prefix: string) => t.database.db.select().from(categories).where(like(categories.name, `${prefix}%`));
const storedPromotions = async (prefix: string) => t.database.db.select().from(promotions).where(like(promotions.name, `${prefix}%`));

describe('NUL and lone surrogates', () => {
  it('refuses a NUL in a form field with the field error, and stores nothing', async () => {
    const name = tag();
    const res = await t.form('POST', '/api/categories', { name: `${name}\u0000x` }, admin);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ name: ['invalid_characters'] });
    expect(await storedCategories(name)).toEqual([]);
  });

  it('refuses a NUL in a search text and in a nested list parameter', async () => {
    const search = await t.form('GET', '/api/products', { obj_search: { field: 'name', input_value: 'a\u0000b' } }, admin);
    expect(search.statusCode, search.body).toBe(422);
    expect(search.json().errors).toEqual({ 'obj_search.input_value': ['invalid_characters'] });
    const promos = await t.form('GET', '/api/promotions', { obj_search: { input_value: '\u0000' } }, admin);
    expect(promos.statusCode, promos.body).toBe(422);
    const users = await t.form('GET', '/api/users', { obj_search: { field: 'email', input_value: 'x\u0000' } }, admin);
    expect(users.statusCode, users.body).toBe(422);
  });

  it('refuses a NUL in a path id and in a key', async () => {
    const path = await t.form('GET', '/api/promotions/1%00', undefined, admin);
    expect(path.statusCode).toBe(422);
    const key = await t.app.inject({ method: 'GET', url: '/api/products?obj_search[na%00me]=x', headers: { authorization: admin } });
    expect(key.statusCode, key.body).toBe(422);
  });

  it('refuses lone surrogates in JSON rather than storing them changed', async () => {
    for (const bad of ['\\ud800', '\\udfff', 'ab\\udc00cd', 'x\\ud83d']) {
      const name = tag();
      const res = await json('POST', '/api/categories', `{"name":"${name}${bad}"}`, admin);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ name: ['invalid_characters'] });
      expect(await storedCategories(name)).toEqual([]);
    }
    // A surrogate pair is one character (an emoji) and stays.
    const name = tag();
    const ok = await json('POST', '/api/categories', `{"name":"${name} \\ud83d\\ude00"}`, admin);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await storedCategories(name))[0]!.name).toBe(`${name} 😀`);
  });

  it('refuses a NUL in an uploaded file name', async () => {
    const name = `${tag()}\u0000.png`;
    const { payload, headers } = multipartBody({ name, content: await pngImage() });
    const res = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { ...headers, authorization: admin } });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['file']);
    expect(await t.database.db.select().from(files).where(like(files.original_name, `${name.slice(0, 10)}%`))).toEqual([]);
  });
});

const OUT_OF_RANGE = ['0000-01-01', '+275760-09-13', '-000001-01-01', '20270-01-01', '1000-01-01', '0000-01-01T00:00:00.000Z'];
const IMPOSSIBLE = ['2027-02-30', '2027-02-29', '2027-13-01', '2027-00-10', '2027-04-31', '2027-01-01T24:00:00Z', '2027-1-1', '1 March 2027'];

describe('promotion period dates', () => {
  const body = (over: Record<string, string>) => ({ name: tag(), period_from: '2027-03-01', period_to: '2027-03-31', ...over });

  it.each([...OUT_OF_RANGE, ...IMPOSSIBLE])('refuses %s as the period start or end of a new promotion', async (date) => {
    for (const field of ['period_from', 'period_to'] as const) {
      const sent = body({ [field]: date, ...(field === 'period_from' ? { period_to: '2999-12-31' } : { period_from: '1900-01-01' }) });
      const res = await t.form('POST', '/api/promotions', sent, admin);
      expect(res.statusCode, `${field}=${date}: ${res.body}`).toBe(422);
      expect(res.json().errors[field]).toEqual(['period_valid_dates']);
      expect(await storedPromotions(sent.name)).toEqual([]);
    }
  });

  it('refuses an impossible date in an edit and keeps the stored period', async () => {
    const created = await t.form('POST', '/api/promotions', body({}), admin);
    expect(created.statusCode, created.body).toBe(201);
    const { id, period } = created.json().data.promotion;
    for (const date of ['2027-02-30', '0000-01-01', '+275760-09-13']) {
      const res = await t.form('PUT', `/api/promotions/${id}`, body({ period_from: date }), admin);
      expect(res.statusCode, `${date}: ${res.body}`).toBe(422);
      expect(res.json().errors.period_from).toEqual(['period_valid_dates']);
    }
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.period_from).toBe(period.from);
  });

  it('takes a calendar day, and an ISO time as its day in Oslo', async () => {
    const sent = body({ period_from: '2028-02-29', period_to: '2028-03-31T21:59:59.999Z' });
    const res = await t.form('POST', '/api/promotions', sent, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.promotion.period).toEqual({ from: '2028-02-29', to: '2028-03-31' });
  });
});

/** Every list with the promotions date picker, and a role that may read it. */
const DATE_PICKER_LISTS: [string, Role][] = [
  ['/api/promotions', 'admin'],
  ['/api/promotion-distributor/get-promotions', 'distributor'],
  ['/api/print-promotion-report/get-promotions', 'printer'],
  ['/company_api/user-promotion', 'user'],
];

describe.each(DATE_PICKER_LISTS)('the date picker of %s', (url, role) => {
  it('refuses dates out of range or not of the calendar with the field error', async () => {
    const auth = await t.login(role);
    for (const date of [...OUT_OF_RANGE, ...IMPOSSIBLE]) {
      for (const end of ['from', 'to'] as const) {
        const res = await t.form('GET', url, { obj_search: { date_picker: { [end]: date } } }, auth);
        expect(res.statusCode, `${end}=${date}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual({ [`obj_search.date_picker.${end}`]: ['invalid_date'] });
      }
    }
  });

  it('takes the range the web sends: ISO times, or days, or nothing', async () => {
    const auth = await t.login(role);
    for (const picker of [
      { from: '2027-02-28T23:00:00.000Z', to: '2027-03-31T21:59:59.999Z' },
      { from: '2027-03-01', to: '2027-03-31' },
      { from: '', to: '' },
    ]) {
      const res = await t.form('GET', url, { obj_search: { date_picker: picker } }, auth);
      expect(res.statusCode, `${JSON.stringify(picker)}: ${res.body}`).toBe(200);
    }
  });
});

describe('a multipart body to a call that takes a form', () => {
  it('is refused with 415 and changes nothing (it used to arrive as an empty form and answer "saved")', async () => {
    const name = tag();
    const created = await t.form('POST', '/api/categories', { name }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const [before] = await storedCategories(name);
    const { payload, headers } = formData([['name', `${name} renamed`]]);
    const put = await t.app.inject({ method: 'PUT', url: `/api/categories/${before!.id}`, payload, headers: { ...headers, authorization: admin } });
    expect(put.statusCode, put.body).toBe(415);
    expect(put.json().message_key).toBe('unsupported_media_type');
    const [after] = await storedCategories(name);
    expect(after).toEqual(before);
    const post = await t.app.inject({ method: 'POST', url: '/api/categories', payload, headers: { ...headers, authorization: admin } });
    expect(post.statusCode, post.body).toBe(415);
    expect(await storedCategories(`${name} renamed`)).toEqual([]);
  });
});
