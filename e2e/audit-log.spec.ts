import type { Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';
import { apiSession, solidPng } from './proofing-helpers';

/** Issue 15: the admin's audit log — who changed what (from → to), sign-ins and failed sign-ins. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let counter = 0;
const uniqueName = (tag: string) => `E2E ${tag} ${Date.now().toString(36)}${++counter}`;

async function newCategory(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.post('/api/categories', { form: { name, manager_id: '', groups: '', required: 'false' }, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as number;
}

const rows = (page: Page) => page.getByTestId(/^audit-row-/);
/** Rows whose action cell reads exactly `action`. */
const withAction = (page: Page, action: string) => rows(page).filter({ has: page.getByRole('cell', { name: action, exact: true }) });

for (const lang of ['no', 'en'] as Lang[]) {
  test(`the admin finds a change with its from → to, follows it, and sees a failed sign-in (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const admin = await login(page, 'admin');

    // The admin renames a category: the log must show the old and the new name.
    const before = uniqueName('Revisjon');
    const after = `${before} omdøpt`;
    const id = await newCategory(page, admin.bearerToken, before);
    const renamed = await page.request.put(`/api/categories/${id}`, { form: { name: after }, headers: auth(admin.bearerToken) });
    expect(renamed.status(), await renamed.text()).toBe(200);

    await page.goto('/');
    await page.getByRole('link', { name: L.nav.audit_log }).first().click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page.getByRole('heading', { name: L.audit.title })).toBeVisible();
    await expect(page.getByTestId('audit-table').getByRole('columnheader')).toHaveText([
      L.audit.col_when,
      L.audit.col_who,
      L.audit.col_action,
      L.audit.col_entity,
      L.audit.col_changes,
    ]);

    // Filter by user and entity: both go into the URL, so a reload keeps them.
    await page.getByLabel(L.audit.filter_user).selectOption({ label: 'Ingrid Admin (admin@demo.no)' });
    await expect(page).toHaveURL(/user=\d+/);
    await page.getByLabel(L.audit.filter_entity).selectOption({ label: L.audit.entities.categories });
    await expect(page).toHaveURL(/entity=categories/);
    const update = withAction(page, L.audit.actions.update).filter({ hasText: after });
    await expect(update).toHaveCount(1);
    await expect(update.getByTestId('audit-field-name')).toHaveText(`${L.audit.fields.name}:${before} → ${L.audit.to} ${after}`);
    await expect(update.getByRole('cell').nth(1)).toHaveText('Ingrid Admin');
    await expect(withAction(page, L.audit.actions.create).filter({ hasText: before })).toHaveCount(1);
    // Every row of the filtered list is the admin's and a category's.
    for (const text of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(text).toContain('Ingrid Admin');
    await page.reload();
    await expect(page.getByLabel(L.audit.filter_entity)).toHaveValue('categories');
    await expect(update).toHaveCount(1);
    await snap(page, `audit-log-filtered-${lang}`);

    // Someone mistypes a password: no actor, the e-mail tried, never the password. Made just before
    // it is looked for, on the longest page: users-unlock.spec.ts makes 100 failed sign-ins beside it.
    const stranger = uniqueEmail('audit');
    const failed = await page.request.post('/api/auth/login', { form: { email: stranger, password: 'Feil-passord-2026' } });
    expect(failed.status()).toBe(401);
    await page.getByRole('button', { name: L.audit.clear }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await page.getByLabel(L.audit.filter_action).selectOption({ label: L.audit.actions.sign_in_failed });
    await page.getByLabel(L.pagination.page_size).selectOption('100');
    const attempt = rows(page).filter({ hasText: stranger });
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByRole('cell').nth(1)).toHaveText(L.audit.nobody);
    await expect(attempt.getByTestId('audit-field-reason')).toHaveText(`${L.audit.fields.reason}:invalid_credentials`);
    await expect(page.getByText('Feil-passord-2026')).toHaveCount(0);
    await snap(page, `audit-log-failed-sign-in-${lang}`);

    // Back to the change, and on to the entity's page.
    // Page size, action filter, clearing: three steps back.
    for (let i = 0; i < 3; i++) await page.goBack();
    await expect(update).toHaveCount(1);
    await update.getByTestId('audit-entity-link').click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByTestId(`category-row-${after}`)).toBeVisible();
  });
}

/** Nyttårskampanje (delivered to every station) as the distributor lists it. */
async function newYearId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/promotion-distributor/get-promotions', { params: { 'obj_search[input_value]': 'Nyttårskampanje' }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === 'Nyttårskampanje');
  expect(row).toBeTruthy();
  return row!.id;
}

/** A day and time as the interface writes them (decision 012): 02.03.2026, 14:05 or 02/03/2026, 14:05. */
const DATE_TIME = { no: /^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/, en: /^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/ };

for (const lang of ['no', 'en'] as Lang[]) {
  test(`a station's receipt and placement photo read in the interface's words, with Oslo dates and a link to the promotion (${lang}) (issue 22)`, async ({ page }) => {
    const L = LOCALES[lang];
    const station = await apiSession(page.request, 'user');
    const distributor = await apiSession(page.request, 'distributor');
    const promotionId = await newYearId(page, distributor.token);
    const sheet = await page.request.get(`/company_api/user-promotion/${promotionId}`, { headers: auth(station.token) });
    const view = (await sheet.json()).data as { distributor_parcels: { id: number }[]; placement: { surface_id: number }[] };
    const note = `Plakaten kom våt ${Date.now()}`;
    // First all good, then a problem: the second answer changes the status, whatever earlier runs left.
    for (const form of [{ receipt_status: 'ok', receipt_note: '' }, { receipt_status: 'problem', receipt_note: note }]) {
      const receipt = await page.request.post('/company_api/parcel-receipt', { form: { parcel_id: view.distributor_parcels[0]!.id, ...form }, headers: auth(station.token) });
      expect(receipt.status(), await receipt.text()).toBe(200);
    }
    const upload = await page.request.post('/api/files/upload', {
      multipart: { file: { name: 'oppe.png', mimeType: 'image/png', buffer: await solidPng(64, 48, '#1e5ac8') } },
      headers: auth(station.token),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const photo = await page.request.post('/company_api/placement-photos', {
      form: { promotion_id: promotionId, surface_id: view.placement[0]!.surface_id, file_id: (await upload.json()).data.file_id },
      headers: auth(station.token),
    });
    expect(photo.status(), await photo.text()).toBe(201);

    await useLanguage(page, lang);
    await login(page, 'admin');
    await page.goto(`/audit-log?user=${station.id}`);
    const parcelRow = rows(page).filter({ hasText: note }).first();
    await expect(parcelRow.getByRole('cell').nth(0)).toHaveText(DATE_TIME[lang]);
    await expect(parcelRow.getByRole('cell').nth(2)).toHaveText(L.audit.actions.change_parcel_receipt);
    await expect(parcelRow.getByTestId('audit-field-receipt_status')).toHaveText(`${L.audit.fields.receipt_status}:${L.delivery.receipt.ok} → ${L.audit.to} ${L.delivery.receipt.problem}`);
    await expect(parcelRow.getByTestId('audit-field-receipt_note')).toContainText(`${L.audit.fields.receipt_note}:`);
    const parcelLink = parcelRow.getByTestId('audit-entity-link');
    await expect(parcelLink).toHaveText(new RegExp(`^${L.audit.entities.distributor_parcels} · Nyttårskampanje · Stasjon Majorstuen · `));

    const photoRow = withAction(page, L.audit.actions.add_placement_photo).first();
    await expect(photoRow.getByRole('cell').nth(0)).toHaveText(DATE_TIME[lang]);
    await expect(photoRow.getByTestId('audit-entity-link')).toHaveText(new RegExp(`^${L.audit.entities.placement_photos} · Nyttårskampanje · `));
    // Ids by the name of what they stand for.
    await expect(photoRow.getByTestId('audit-field-file_id')).toHaveText(`${L.audit.fields.file_id}:oppe.png`);
    await expect(photoRow.getByTestId('audit-field-station_id')).toHaveText(`${L.audit.fields.station_id}:Stasjon Majorstuen`);
    await expect(photoRow.getByTestId('audit-field-promotion_id')).toHaveText(`${L.audit.fields.promotion_id}:Nyttårskampanje`);
    // No stored name shows through: every action, entity and field is in the interface's language.
    for (const row of [parcelRow, photoRow]) await expect(row).not.toContainText(/distributor_parcels|placement_photos|receipt_status|file_id|add placement photo|#\d/);
    // The filter bar's choices too.
    await expect(page.getByLabel(L.audit.filter_entity).locator('option', { hasText: L.audit.entities.distributor_parcels })).toHaveCount(1);
    await snap(page, `audit-log-receipt-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `audit-log-receipt-phone-${lang}`);

    await parcelLink.click();
    await expect(page).toHaveURL(new RegExp(`/promotion-report-view\\?prom_id=${promotionId}$`));
    await expect(page.getByTestId('delivery-follow-up')).toBeVisible();
  });
}

test('the audit log is the admin\'s only: a cm-admin gets No access, and the API refuses', async ({ page }) => {
  const L = LOCALES.en;
  await useLanguage(page, 'en');
  const cmAdmin = await login(page, 'cm-admin');
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: L.nav.audit_log })).toHaveCount(0);
  const res = await page.request.get('/api/audit-log', { headers: auth(cmAdmin.bearerToken) });
  expect(res.status()).toBe(403);
});
