import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Settings {
  id: number;
  distributor_id: number;
  admin_id: number;
  percent_promotion_report: number;
  upload_quota_mb: number;
  upload_quota_files: number;
}

async function promotionId(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

async function storedSettings(page: Page, token: string): Promise<Settings> {
  const res = await page.request.get('/api/system-setting', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.settings;
}

async function restore(page: Page, token: string, s: Settings) {
  const res = await page.request.put(`/api/system-setting/${s.id}`, {
    headers: auth(token),
    form: {
      distributor_id: String(s.distributor_id),
      admin_id: String(s.admin_id),
      percent_promotion_report: String(s.percent_promotion_report),
      upload_quota_mb: String(s.upload_quota_mb),
      upload_quota_files: String(s.upload_quota_files),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe.serial('system settings', () => {
  for (const [lang, percent] of [
    ['no', 23],
    ['en', 37],
  ] as [Lang, number][]) {
    test(`an admin changes the percent and the report's default percent follows (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'admin');
      const easter = await promotionId(page, session.bearerToken, 'Påskekampanje');
      const before = await storedSettings(page, session.bearerToken);
      try {
        await page.goto('/system-settings');
        await expect(page.getByRole('heading', { name: L.settings.title })).toBeVisible();
        const input = page.getByLabel(L.settings.fields.percent);
        const save = page.getByRole('button', { name: L.common.save });
        await expect(input).toHaveValue(String(before.percent_promotion_report));
        await expect(page.getByLabel(L.settings.fields.distributor)).toHaveValue(String(before.distributor_id));
        await expect(page.getByLabel(L.settings.fields.admin)).toHaveValue(String(before.admin_id));
        // The promotions admin is chosen among admins and cm-admins; the distributor among distributors.
        await expect(page.getByLabel(L.settings.fields.admin).locator('option')).toContainText([`Ingrid Admin (${L.roles.admin})`, `Kari Nordmann (${L.roles['cm-admin']})`]);
        await expect(page.getByLabel(L.settings.fields.distributor).locator('option')).toHaveText(['Distribusjon Norge']);
        // Nothing changed: no Save button.
        await expect(save).toHaveCount(0);
        await snap(page, `system-settings-${lang}`);

        // Digits only; back to the stored value hides Save again.
        await input.fill('');
        await input.pressSequentially('-4a2');
        await expect(input).toHaveValue('42');
        await expect(save).toBeVisible();
        await input.fill(String(before.percent_promotion_report));
        await expect(save).toHaveCount(0);

        // An empty percent is refused with the field's error.
        await input.fill('');
        await save.click();
        await expect(page.getByText(L.validation.required_field)).toBeVisible();
        await snap(page, `system-settings-error-${lang}`);

        await input.fill(String(percent));
        await save.click();
        await expect(page.getByTestId('toast')).toContainText(L.server.settings_saved);
        await expect(save).toHaveCount(0);
        await expect(input).toHaveValue(String(percent));
        await snap(page, `system-settings-saved-${lang}`);
        expect((await storedSettings(page, session.bearerToken)).percent_promotion_report).toBe(percent);

        // The report of a promotion not yet sent to printers starts from the new percent.
        await page.goto(`/promotion-report-view?prom_id=${easter}`);
        await expect(page.getByRole('heading', { name: L.report.title })).toBeVisible();
        await expect(page.locator('#report-percent')).toHaveValue(String(percent));
        await expect(page.getByTestId('report-percent')).toContainText(fill(L.report.percent_row, { percent: String(percent) }));
        await snap(page, `system-settings-report-${lang}`);
      } finally {
        await restore(page, session.bearerToken, before);
      }
    });
  }

  for (const lang of ['no', 'en'] as Lang[]) {
    test(`an admin sets the upload quota, and past it the upload field says why (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'admin');
      const before = await storedSettings(page, session.bearerToken);
      try {
        // One unused upload of the admin's own, made while the quota still allows it.
        const kept = await page.request.post('/api/files/upload', {
          headers: auth(session.bearerToken),
          multipart: { file: { name: 'ubrukt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') } },
        });
        expect(kept.status(), await kept.text()).toBe(201);

        await page.goto('/system-settings');
        const files = page.getByLabel(L.settings.fields.upload_quota_files);
        await expect(files).toHaveValue(String(before.upload_quota_files));
        await expect(page.getByLabel(L.settings.fields.upload_quota_mb)).toHaveValue(String(before.upload_quota_mb));
        await files.fill('0');
        await page.getByRole('button', { name: L.common.save }).click();
        await expect(page.getByText(L.validation.upload_quota_range)).toBeVisible();
        await files.fill('1');
        await page.getByRole('button', { name: L.common.save }).click();
        await expect(page.getByTestId('toast')).toContainText(L.server.settings_saved);
        await snap(page, `system-settings-quota-${lang}`);

        // The catalogue import's upload field: one more unused file is one too many.
        await page.goto('/catalogue-import');
        await page.getByLabel(L.catalogue_import.file, { exact: true }).setInputFiles({ name: 'varer.csv', mimeType: 'text/csv', buffer: Buffer.from('EAN;Navn\r\n1;A\r\n') });
        await page.getByRole('button', { name: L.catalogue_import.next_map }).click();
        await expect(page.getByTestId('import-error')).toHaveText(fill(L.validation.upload_quota_exceeded, { files: '1', mb: String(before.upload_quota_mb) }));
        await snap(page, `upload-quota-refused-${lang}`);
      } finally {
        await restore(page, session.bearerToken, before);
      }
    });
  }

  test('a promotions admin of another kind is saved too, and others cannot open the page', async ({ page, browser }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    const session = await login(page, 'admin');
    const before = await storedSettings(page, session.bearerToken);
    try {
      await page.goto('/system-settings');
      await page.getByLabel(L.settings.fields.admin).selectOption({ label: `Kari Nordmann (${L.roles['cm-admin']})` });
      await page.getByRole('button', { name: L.common.save }).click();
      await expect(page.getByTestId('toast')).toContainText(L.server.settings_saved);
      const after = await storedSettings(page, session.bearerToken);
      expect(after.admin_id).not.toBe(before.admin_id);
      await page.reload();
      await expect(page.getByLabel(L.settings.fields.admin)).toHaveValue(String(after.admin_id));
    } finally {
      await restore(page, session.bearerToken, before);
    }

    const other = await browser.newContext();
    const cmPage = await other.newPage();
    const cm = await login(cmPage, 'cm-admin');
    await cmPage.goto('/system-settings');
    await expect(cmPage.getByRole('heading', { name: L.no_access.title })).toBeVisible();
    await expect(cmPage.getByRole('heading', { name: L.settings.title })).toHaveCount(0);
    expect((await cmPage.request.get('/api/system-setting', { headers: auth(cm.bearerToken) })).status()).toBe(403);
    await other.close();
  });
});
