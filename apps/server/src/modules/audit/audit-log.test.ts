import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, max } from 'drizzle-orm';
import { osloDay, type AuditListData, type Role } from '@promo/shared';
import { auditLog, users } from '../../db/schema';
import { changedFields, redactSecrets, writeAudit } from '../../lib/audit';
import { userId } from '../../test/design-fixture';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let adminId: number;
let stationId: number;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
  admin = await t.login('admin');
  adminId = await userId(t, admin);
  stationId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@demo.no')))[0]!.id;
});
afterAll(() => t.close());

const mark = async () => Number((await t.database.db.select({ v: max(auditLog.id) }).from(auditLog))[0]!.v ?? 0);
const rowsSince = (id: number) => t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
const list = async (query: object, token = admin) => {
  const res = await t.form('GET', '/api/audit-log', query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditListData;
};

describe('sign-ins in the audit log', () => {
  it('records a sign-in with the user as actor, and a sign-out', async () => {
    const m = await mark();
    const token = await t.login('admin');
    await t.form('POST', '/api/auth/logout', {}, token);
    const rows = await rowsSince(m);
    expect(rows.map((r) => [r.action, r.actor_id, r.entity, r.entity_id])).toEqual([
      ['sign_in', adminId, 'users', adminId],
      ['sign_out', adminId, 'users', adminId],
    ]);
    expect(JSON.stringify(rows)).not.toContain(token.replace('Bearer ', ''));
  });

  it('records a failed sign-in with no actor and the e-mail tried, never the password', async () => {
    const m = await mark();
    const res = await t.form('POST', '/api/auth/login', { email: 'admin@demo.no', password: 'Feil-passord-123' });
    expect(res.statusCode).toBe(401);
    const [row, ...more] = await rowsSince(m);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'sign_in_failed', actor_id: null, impersonator_id: null, entity: 'users', entity_id: adminId });
    expect(row!.after).toMatchObject({ email: 'admin@demo.no', reason: 'invalid_credentials' });
    expect(JSON.stringify(row)).not.toContain('Feil-passord-123');
  });

  it('records a sign-in to an unknown account without naming any user', async () => {
    const m = await mark();
    const email = uniqueEmail('nobody');
    expect((await t.form('POST', '/api/auth/login', { email, password: 'Hemmelig-1' })).statusCode).toBe(401);
    const [row] = await rowsSince(m);
    expect(row).toMatchObject({ action: 'sign_in_failed', actor_id: null, entity_id: null, after: { email, reason: 'invalid_credentials' } });
    expect(JSON.stringify(row)).not.toContain('Hemmelig-1');
  });

  it('records the right password of a deactivated account as a failed sign-in', async () => {
    const email = uniqueEmail('inactive');
    const made = await t.form('POST', '/api/users', { email, password: 'Secret2026', name: 'Av', role: 'designer', status: 'false', phone: '+47 22 00 00 00', post_address: 'Gate 1', company_name: 'AS' }, admin);
    expect(made.statusCode, made.body).toBe(201);
    const m = await mark();
    expect((await t.form('POST', '/api/auth/login', { email, password: 'Secret2026' })).statusCode).toBe(403);
    const rows = await rowsSince(m);
    expect(rows.map((r) => [r.action, r.actor_id, r.entity_id])).toEqual([['sign_in_failed', null, made.json().data.id]]);
    expect(rows[0]!.after).toMatchObject({ email, reason: 'account_inactive' });
  });

  it('records a throttled sign-in as sign_in_throttled', async () => {
    const email = uniqueEmail('throttled');
    for (let i = 0; i < 5; i++) expect((await t.form('POST', '/api/auth/login', { email, password: `wrong-password-${i}` })).statusCode).toBe(401);
    const m = await mark();
    expect((await t.form('POST', '/api/auth/login', { email, password: 'wrong-password-again' })).statusCode).toBe(429);
    const rows = await rowsSince(m);
    expect(rows.map((r) => r.action)).toEqual(['sign_in_throttled']);
    expect(rows[0]!.after).toMatchObject({ email, reason: 'too_many_attempts' });
    expect(JSON.stringify(rows)).not.toContain('wrong-password-again');
  });

  it('records sign-in-as start and end with the admin as actor, and changes made meanwhile name the admin', async () => {
    const m = await mark();
    const token = await t.login('admin');
    const as = await t.form('POST', '/api/auth/to-re-login', { user_id: stationId }, token);
    expect(as.statusCode, as.body).toBe(200);
    const station = `Bearer ${as.json().data.bearerToken}`;
    const changed = await t.form('PUT', `/api/users/${stationId}`, { phone: '+47 40 00 00 01' }, station);
    expect(changed.statusCode, changed.body).toBe(200);
    const back = await t.form('POST', '/api/auth/back-re-login', {}, station);
    expect(back.statusCode, back.body).toBe(200);
    const rows = (await rowsSince(m)).filter((r) => r.action !== 'sign_in');
    expect(rows.map((r) => [r.action, r.actor_id, r.impersonator_id, r.entity, r.entity_id])).toEqual([
      ['impersonation_start', adminId, null, 'users', stationId],
      ['update', stationId, adminId, 'users', stationId],
      ['impersonation_end', adminId, null, 'users', stationId],
    ]);
    // Only what changed, from → to.
    expect(rows[1]!.before).toEqual({ phone: expect.any(String) });
    expect(rows[1]!.after).toEqual({ phone: '+47 40 00 00 01' });
  });
});

describe('what a change stores', () => {
  it('a refused change (4xx) writes no audit row', async () => {
    const m = await mark();
    expect((await t.form('POST', '/api/categories', { name: '' }, admin)).statusCode).toBe(422);
    expect((await t.form('PUT', '/api/categories/999999999', { name: 'Ingen' }, admin)).statusCode).toBe(404);
    expect((await t.form('POST', '/api/categories', { name: 'Forbudt' }, await t.login('cm'))).statusCode).toBe(403);
    const rows = (await rowsSince(m)).filter((r) => r.action !== 'sign_in');
    expect(rows).toEqual([]);
  });

  it('an update keeps only the fields that changed; a new password is logged without it', async () => {
    const created = await t.form('POST', '/api/categories', { name: `Revisjon ${Date.now()}`, groups: ['DO'] }, admin);
    const id = created.json().data.id as number;
    const m = await mark();
    expect((await t.form('PUT', `/api/categories/${id}`, { name: 'Nytt navn på kategorien' }, admin)).statusCode).toBe(200);
    const [row] = await rowsSince(m);
    expect(row!.after).toEqual({ name: 'Nytt navn på kategorien' });
    expect(Object.keys(row!.before as object)).toEqual(['name']);

    const user = await t.form('POST', '/api/users', { email: uniqueEmail('pw'), password: 'Forste2026', name: 'Passord', role: 'designer', phone: '+47 22 00 00 00', post_address: 'Gate 1', company_name: 'AS' }, admin);
    const userRow = (await rowsSince(m)).find((r) => r.action === 'create' && r.entity === 'users')!;
    expect(JSON.stringify(userRow)).not.toMatch(/password|Forste2026|argon2/i);
    const m2 = await mark();
    await t.form('POST', '/api/users/update-password', { user_id: user.json().data.id, new_password: 'Andre2026x' }, admin);
    const rows = await rowsSince(m2);
    expect(rows.map((r) => r.action)).toEqual(['update_password']);
    expect(JSON.stringify(rows)).not.toMatch(/Andre2026x|argon2/);
  });

  it('a row goes with its transaction: rolled back, it is gone', async () => {
    const m = await mark();
    await expect(
      t.database.db.transaction(async (tx) => {
        await writeAudit(tx, null, { action: 'create', entity: 'categories', entityId: 1, after: { name: 'x' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsSince(m)).toEqual([]);
  });

  it('changedFields and redactSecrets', () => {
    expect(changedFields({ a: 1, b: [2, 1], c: 'x', updated_at: 1 }, { a: 1, b: [1, 2], c: 'y', d: true, updated_at: 2 })).toEqual({
      before: { c: 'x', d: null },
      after: { c: 'y', d: true },
    });
    expect(redactSecrets({ name: 'x', password_hash: 'h', nested: [{ token: 't', ok: 1 }], sessionId: 3, at: new Date('2026-01-02T03:04:05Z') })).toEqual({
      name: 'x',
      nested: [{ ok: 1 }],
      at: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('GET /api/audit-log', () => {
  it('is for the admin only: 401 without a session, 403 for every other role (cm-admin too)', async () => {
    expect((await t.form('GET', '/api/audit-log', {})).statusCode).toBe(401);
    for (const role of ['cm-admin', 'cm', 'designer', 'printer', 'distributor', 'user'] as Role[]) {
      const res = await t.form('GET', '/api/audit-log', {}, await t.login(role));
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('lists newest first with who, as whom, what and a link to the entity; filters by user, entity and action', async () => {
    const name = `Revisjonskampanje ${Date.now()}`;
    const created = await t.form('POST', '/api/promotions', { name, period_from: '2031-01-01', period_to: '2031-02-01' }, admin);
    const promotionId = created.json().data.promotion.id as number;
    expect((await t.form('PUT', `/api/promotions/${promotionId}`, { period_to: '2031-03-01' }, admin)).statusCode).toBe(200);

    const data = await list({ obj_search: { actor_id: adminId, entity: 'promotions' }, count_show: 5 });
    expect(data.entries.every((e) => e.actor?.id === adminId && e.entity === 'promotions')).toBe(true);
    const [update, create] = data.entries;
    expect(update).toMatchObject({ action: 'update', entity_id: promotionId, label: name, link: `/promotion-settings?prom_id=${promotionId}` });
    expect(update!.actor).toEqual({ id: adminId, name: 'Ingrid', surname: 'Admin' });
    expect(update!.before).toMatchObject({ period: { to: '2031-02-01' } });
    expect(update!.after).toMatchObject({ period: { to: '2031-03-01' } });
    expect(create).toMatchObject({ action: 'create', entity_id: promotionId });
    expect(data.entities).toContain('promotions');
    expect(data.actions).toEqual(expect.arrayContaining(['create', 'update', 'sign_in']));
    expect(data.users.find((u) => u.id === adminId)).toMatchObject({ name: 'Ingrid', deleted: false });

    const onlyUpdates = await list({ obj_search: { entity: 'promotions', action: 'update' } });
    expect(onlyUpdates.entries.length).toBeGreaterThan(0);
    expect(onlyUpdates.entries.every((e) => e.action === 'update' && e.entity === 'promotions')).toBe(true);
  });

  it('shows the admin behind a sign-in-as session', async () => {
    const as = await t.form('POST', '/api/auth/to-re-login', { user_id: stationId }, await t.login('admin'));
    const station = `Bearer ${as.json().data.bearerToken}`;
    await t.form('PUT', `/api/users/${stationId}`, { phone: '+47 40 00 00 02' }, station);
    const data = await list({ obj_search: { actor_id: stationId, entity: 'users', action: 'update' }, count_show: 1 });
    expect(data.entries[0]).toMatchObject({ actor: { id: stationId }, impersonator: { id: adminId, name: 'Ingrid' }, after: { phone: '+47 40 00 00 02' } });
    expect(data.entries[0]!.link).toBe('/users?q=user%40demo.no&field=email');
    // The admin's own rows include what the admin did signed in as the station.
    const admins = await list({ obj_search: { actor_id: adminId, entity: 'users', action: 'update' }, count_show: 1 });
    expect(admins.entries[0]).toMatchObject({ id: data.entries[0]!.id, impersonator: { id: adminId } });
  });

  it('pages with a total', async () => {
    const all = await list({ count_show: 3 });
    expect(all.total).toBeGreaterThan(6);
    const second = await list({ count_show: 3, start_index: 3 });
    expect(second.total).toBe(all.total);
    expect(second.entries.map((e) => e.id).every((id) => id < all.entries.at(-1)!.id)).toBe(true);
  });

  it('takes the date range as whole days in Oslo', async () => {
    // 23:30 UTC on 1 March 2020 is 00:30 on 2 March in Oslo.
    const [row] = await t.database.db
      .insert(auditLog)
      .values({ actor_id: adminId, action: 'oslo_test', entity: 'categories', created_at: new Date('2020-03-01T23:30:00Z') })
      .returning();
    const on = async (from: string, to: string) => (await list({ obj_search: { action: 'oslo_test', date_picker: { from, to } } })).entries.map((e) => e.id);
    expect(await on('2020-03-02', '2020-03-02')).toEqual([row!.id]);
    expect(await on('2020-03-01', '2020-03-01')).toEqual([]);
    expect(await on('2020-02-01', '2020-03-01')).toEqual([]);
    expect(await on('2020-03-02', '2020-03-31')).toEqual([row!.id]);
    // Today in Oslo holds what just happened.
    const today = osloDay(new Date());
    const recent = await list({ obj_search: { date_picker: { from: today, to: today } }, count_show: 1 });
    expect(recent.entries.length).toBe(1);
  });

  it('refuses bad filters with the field named', async () => {
    const res = await t.form('GET', '/api/audit-log', { obj_search: { date_picker: { from: '2026-02-30' }, entity: 'DROP TABLE' } }, admin);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['obj_search.date_picker.from', 'obj_search.entity']);
  });
});
