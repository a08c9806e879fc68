import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, printReports, promotions, systemSettings, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

// A database of its own: these tests change (and once delete) the settings the report reads.
let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
let passwordHash: string;

const idOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const settingsRows = () => t.database.db.select().from(systemSettings).orderBy(asc(systemSettings.id));

async function newUser(role: string, extra: { status?: boolean; deleted?: boolean } = {}) {
  const [u] = await t.database.db
    .insert(users)
    .values({ email: uniqueEmail(role), password_hash: passwordHash, name: `Test ${role}`, role, status: extra.status ?? true, deleted_at: extra.deleted ? new Date() : null })
    .returning({ id: users.id });
  return u!.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
  passwordHash = await hashPassword('Start1234');
  for (const [k, email] of Object.entries({ admin: 'admin@demo.no', cmAdmin: 'cm-admin@demo.no', cm: 'cm@demo.no', designer: 'designer@demo.no', distributor: 'distributor@demo.no', printer: 'printer@demo.no' })) {
    ids[k] = await idOf(email);
  }
});
afterAll(() => t.close());

const put = (id: number, body: object, token = admin) => t.form('PUT', `/api/system-setting/${id}`, body, token);

describe('system settings', () => {
  it('gives the seeded row, the possible promotions admins (admin, cm-admin) and the distributors', async () => {
    const inactive = await newUser('distributor', { status: false });
    const deleted = await newUser('cm-admin', { deleted: true });
    const res = await t.form('GET', '/api/system-setting', undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const [row] = await settingsRows();
    expect(data.settings).toEqual({
      id: row!.id,
      distributor_id: ids.distributor,
      admin_id: ids.admin,
      percent_promotion_report: 10,
      surface_size_unit: 'cm',
      milestone_days: { brief: 42, designs_complete: 28, sent_to_printers: 21, printed: 14, delivered: 7 },
      digest_hour: 7,
      upload_quota_mb: 2048,
      upload_quota_files: 200,
    });
    expect(data.admins.map((u: { role: string }) => u.role).sort()).toEqual(expect.arrayContaining(['admin', 'cm-admin']));
    expect(new Set(data.admins.map((u: { role: string }) => u.role))).toEqual(new Set(['admin', 'cm-admin']));
    expect(data.admins).toContainEqual({ id: ids.cmAdmin, name: 'Kari Nordmann', role: 'cm-admin' });
    expect(data.distributors).toEqual([{ id: ids.distributor, name: 'Distribusjon Norge', role: 'distributor' }]);
    expect(data.distributors.map((u: { id: number }) => u.id)).not.toContain(inactive);
    expect(data.admins.map((u: { id: number }) => u.id)).not.toContain(deleted);
  });

  it('is for admins only: every other role gets 403, no session 401, and nothing changes', async () => {
    const [row] = await settingsRows();
    const body = { distributor_id: ids.distributor, admin_id: ids.admin, percent_promotion_report: 99 };
    for (const role of ['cm', 'cm-admin', 'designer', 'printer', 'distributor', 'user'] as const) {
      const token = await t.login(role);
      expect((await t.form('GET', '/api/system-setting', undefined, token)).statusCode, role).toBe(403);
      expect((await t.form('POST', '/api/system-setting', body, token)).statusCode, role).toBe(403);
      const res = await put(row!.id, body, token);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe('No access');
    }
    expect((await t.form('GET', '/api/system-setting')).statusCode).toBe(401);
    expect((await put(row!.id, body, '')).statusCode).toBe(401);
    expect((await settingsRows())[0]).toEqual(row);
  });

  it('saves the three values, writes the audit log, and the report of an unsent promotion follows the percent', async () => {
    const [row] = await settingsRows();
    const [easter] = await t.database.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.name, 'Påskekampanje'));
    expect(await t.database.db.select().from(printReports).where(eq(printReports.promotion_id, easter!.id))).toHaveLength(0);
    const percentOfReport = async () => (await t.form('GET', '/api/promotions/promotion-report-view', { promotion_id: easter!.id }, admin)).json().data.percent;
    expect(await percentOfReport()).toBe(10);

    const res = await put(row!.id, { distributor_id: String(ids.distributor), admin_id: String(ids.cmAdmin), percent_promotion_report: '25' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message_key: 'settings_saved', data: { settings: { id: row!.id, admin_id: ids.cmAdmin, percent_promotion_report: 25 } } });
    expect((await settingsRows())[0]).toMatchObject({ distributor_id: ids.distributor, admin_id: ids.cmAdmin, percent_promotion_report: 25 });
    expect(await percentOfReport()).toBe(25);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'system_settings'));
    expect(audit).toMatchObject({ action: 'update', actor_id: ids.admin, entity_id: row!.id });

    expect((await put(row!.id, { distributor_id: ids.distributor, admin_id: ids.admin, percent_promotion_report: 0 })).statusCode).toBe(200);
    expect(await percentOfReport()).toBe(0);
    expect((await settingsRows())[0]!.percent_promotion_report).toBe(0);
  });

  it('keeps the unit of surface sizes: cm until an admin sends mm, and only the unit changes', async () => {
    const [before] = await settingsRows();
    expect(before!.surface_size_unit).toBe('cm');
    const res = await put(before!.id, { surface_size_unit: 'mm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings).toMatchObject({ surface_size_unit: 'mm', percent_promotion_report: before!.percent_promotion_report });
    expect((await settingsRows())[0]).toMatchObject({ surface_size_unit: 'mm', distributor_id: before!.distributor_id, admin_id: before!.admin_id });
    // A save of the other fields (the form before it knew the unit) leaves it alone.
    expect((await put(before!.id, { distributor_id: ids.distributor, admin_id: ids.admin, percent_promotion_report: before!.percent_promotion_report })).statusCode).toBe(200);
    expect((await t.form('GET', '/api/system-setting', undefined, admin)).json().data.settings.surface_size_unit).toBe('mm');
    expect((await put(before!.id, { surface_size_unit: 'cm' })).statusCode).toBe(200);
    expect((await settingsRows())[0]).toMatchObject({ surface_size_unit: 'cm' });
  });

  it('refuses bad values with the field error and changes nothing', async () => {
    const [row] = await settingsRows();
    const good = { distributor_id: ids.distributor, admin_id: ids.admin, percent_promotion_report: 5 };
    const inactiveDistributor = await newUser('distributor', { status: false });
    const deletedDistributor = await newUser('distributor', { deleted: true });
    const inactiveAdmin = await newUser('admin', { status: false });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ percent_promotion_report: '-1' }, 'percent_promotion_report', 'digits_only'],
      [{ percent_promotion_report: '1.5' }, 'percent_promotion_report', 'digits_only'],
      [{ percent_promotion_report: '12a' }, 'percent_promotion_report', 'digits_only'],
      [{ percent_promotion_report: '' }, 'percent_promotion_report', 'required_field'],
      [{ percent_promotion_report: '' }, 'percent_promotion_report', 'required_field'],
      [{ percent_promotion_report: '1001' }, 'percent_promotion_report', 'percent_too_large'],
      [{ distributor_id: '' }, 'distributor_id', 'required_field'],
      [{ distributor_id: 'abc' }, 'distributor_id', 'digits_only'],
      [{ distributor_id: ids.printer }, 'distributor_id', 'not_a_distributor'],
      [{ distributor_id: ids.admin }, 'distributor_id', 'not_a_distributor'],
      [{ distributor_id: inactiveDistributor }, 'distributor_id', 'not_a_distributor'],
      [{ distributor_id: deletedDistributor }, 'distributor_id', 'not_a_distributor'],
      [{ distributor_id: 2_000_000_000 }, 'distributor_id', 'not_a_distributor'],
      [{ admin_id: ids.cm }, 'admin_id', 'not_a_promotions_admin'],
      [{ admin_id: ids.designer }, 'admin_id', 'not_a_promotions_admin'],
      [{ admin_id: ids.distributor }, 'admin_id', 'not_a_promotions_admin'],
      [{ admin_id: inactiveAdmin }, 'admin_id', 'not_a_promotions_admin'],
      [{ admin_id: '' }, 'admin_id', 'required_field'],
      [{ surface_size_unit: 'm' }, 'surface_size_unit', 'invalid_unit'],
      [{ surface_size_unit: 'CM' }, 'surface_size_unit', 'invalid_unit'],
      [{ surface_size_unit: '' }, 'surface_size_unit', 'invalid_unit'],
    ];
    for (const [change, field, key] of cases) {
      const body = Object.fromEntries(Object.entries({ ...good, ...change }).filter(([, v]) => v !== undefined));
      const res = await put(row!.id, body);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toEqual([key]);
    }
    expect((await settingsRows())[0]).toEqual(row);
    expect((await put(2_000_000_000, good)).statusCode).toBe(404);
    expect((await put(0, good)).statusCode).toBe(422);
  });

  it('answers 4xx for junk on every call, never 500, and changes nothing', async () => {
    const [row] = await settingsRows();
    const junk = 'x'.repeat(10_000);
    const bodies: Record<string, unknown>[] = [
      { distributor_id: junk, admin_id: junk, percent_promotion_report: junk },
      { distributor_id: ['1', '2'], admin_id: { a: 'b' }, percent_promotion_report: ['5'] },
      { distributor_id: '-1', admin_id: '1e3', percent_promotion_report: '1e9' },
      { distributor_id: '99999999999', admin_id: '%00', percent_promotion_report: '99999999999' },
      {},
    ];
    for (const body of bodies) {
      for (const url of ['abc', '-1', '0', '1.5', '99999999999', String(row!.id)]) {
        const res = await put(url as unknown as number, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
        // An update of nothing changes nothing: only fields sent are written.
        const nothingSent = Object.keys(body).length === 0 && url === String(row!.id);
        expect(nothingSent ? [200] : [404, 422]).toContain(res.statusCode);
      }
      const created = await t.form('POST', '/api/system-setting', body, admin);
      expect([409, 422]).toContain(created.statusCode);
    }
    expect(await settingsRows()).toEqual([row]);
  });

  it('creates the row with POST only while there is none, once even when two admins save at the same moment', async () => {
    const body = { distributor_id: ids.distributor, admin_id: ids.admin, percent_promotion_report: 15 };
    const exists = await t.form('POST', '/api/system-setting', body, admin);
    expect(exists.statusCode).toBe(409);
    expect(exists.json().message_key).toBe('settings_exist');
    expect(await settingsRows()).toHaveLength(1);

    await t.database.db.delete(systemSettings);
    const empty = (await t.form('GET', '/api/system-setting', undefined, admin)).json().data;
    expect(empty.settings).toBeNull();
    const bad = await t.form('POST', '/api/system-setting', { ...body, admin_id: ids.cm }, admin);
    expect(bad.statusCode).toBe(422);
    expect(await settingsRows()).toHaveLength(0);

    const [a, b] = await Promise.all([t.form('POST', '/api/system-setting', body, admin), t.form('POST', '/api/system-setting', { ...body, percent_promotion_report: 16 }, admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await settingsRows();
    expect(rows).toHaveLength(1);
    const created = (a.statusCode === 201 ? a : b).json().data.settings;
    expect(rows[0]).toMatchObject(created);
    expect(created.surface_size_unit).toBe('cm');
    expect((await t.form('GET', '/api/system-setting', undefined, admin)).json().data.settings).toEqual(created);
  });
});
