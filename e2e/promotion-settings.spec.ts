import sharp from 'sharp';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

for (const lang of ['no', 'en'] as Lang[]) {
  test(`create a promotion, notify the admin, edit it with an image (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    // The app's own date picker takes days as the interface writes them: dd.mm.yyyy, or dd/mm/yyyy in English.
    const day = (d: string) => (lang === 'en' ? d.replaceAll('.', '/') : d);
    await useLanguage(page, lang);
    await login(page, 'cm-admin');
    await page.goto('/promotions');
    await page.getByRole('link', { name: L.promotions.create }).click();
    await expect(page).toHaveURL(/\/promotion-settings\?action=create$/);
    const form = page.getByTestId('promotion-form');

    await form.getByRole('button', { name: L.common.save }).click();
    await expect(form.getByText(L.validation.required_field)).toBeVisible();
    await expect(form.getByText(L.validation.start_date_required)).toBeVisible();
    await expect(form.getByText(L.validation.end_date_required)).toBeVisible();
    const name = `E2E kampanje ${lang} ${Date.now()}`;
    await form.getByLabel(L.promotions.fields.name).fill(name);
    await form.getByLabel(L.promotions.fields.period_from, { exact: true }).fill(day('10.05.2031'));
    await form.getByLabel(L.promotions.fields.period_to, { exact: true }).fill(day('01.05.2031'));
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(form.getByText(L.validation.period_valid_dates)).toBeVisible();
    await snap(page, `promotion-settings-errors-${lang}`);
    await form.getByLabel(L.promotions.fields.period_to, { exact: true }).fill(day('31.05.2031'));
    await form.getByLabel(L.promotions.fields.manager).selectOption({ label: 'Lars Kategorisjef' });
    await form.getByLabel(L.promotions.fields.show_in_user_promotions).click();
    await form.getByRole('button', { name: L.common.save }).click();

    // Saved: the page moves on to the promotion's surfaces action, with its history.
    await expect(page).toHaveURL(/\/promotion-settings\?prom_id=\d+&action=surfaces$/);
    await expect(page.getByTestId('toast')).toContainText(L.server.promotion_created);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.locator('.status-draft')).toHaveText(L.promotions.statuses.draft);
    await page.getByRole('button', { name: L.promotions.history }).click();
    await expect(page.getByTestId('promotion-history')).toContainText(L.promotions.events.created);
    await expect(page.getByRole('link', { name: L.promotions.report_view })).toHaveAttribute('href', /\/promotion-report-view\?prom_id=\d+$/);

    // Notify admin once: status 1 and the button is gone.
    await page.getByRole('button', { name: L.promotions.notify_admin }).click();
    await expect(page.getByTestId('toast')).toContainText(L.server.admin_notified);
    await expect(page.locator('.status-designer-working')).toHaveText(L.promotions.statuses.designer_working);
    await expect(page.getByRole('button', { name: L.promotions.notify_admin })).toHaveCount(0);
    await expect(page.getByTestId('promotion-history')).toContainText(L.promotions.events.notify_admin);
    await snap(page, `promotion-settings-${lang}`);

    // Edit with an image.
    await page.getByRole('link', { name: L.promotions.to_edit }).click();
    await expect(page).toHaveURL(/action=edit$/);
    await expect(form.getByLabel(L.promotions.fields.period_from, { exact: true })).toHaveValue(day('10.05.2031'));
    await expect(form.getByLabel(L.promotions.fields.period_to, { exact: true })).toHaveValue(day('31.05.2031'));
    await form.getByLabel(L.promotions.fields.name).fill(`${name} endret`);
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#d94' } }).png().toBuffer();
    await form.getByLabel(L.common.upload_image).setInputFiles({ name: 'kampanje.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(page.getByRole('heading', { name: `${name} endret` })).toBeVisible();
    await expect(page.getByTestId('promotion-image')).toBeVisible();
    await expect.poll(() => page.getByTestId('promotion-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

    // Opened straight from its link, the edit form shows the responsible manager it has.
    await page.goto(page.url().replace('action=surfaces', 'action=edit'));
    const manager = page.getByTestId('promotion-form').getByLabel(L.promotions.fields.manager);
    await expect(manager.locator('option:checked')).toHaveText('Lars Kategorisjef');
  });
}

test('a designer sees the promotion read-only; a non-digit prom_id loads nothing', async ({ page }) => {
  const NO = LOCALES.no;
  await login(page, 'designer');
  await page.goto('/promotions');
  await page.getByTestId('promotions-table').locator('tbody tr').first().getByRole('link', { name: NO.promotions.to_surfaces }).click();
  const form = page.getByTestId('promotion-form');
  await expect(form.getByLabel(NO.promotions.fields.name)).toBeDisabled();
  await expect(form.getByRole('button', { name: NO.common.save })).toHaveCount(0);
  await expect(page.getByRole('button', { name: NO.promotions.notify_admin })).toHaveCount(0);
  await page.goto('/promotion-settings?prom_id=12a&action=edit');
  await expect(page.getByText(NO.promotions.not_loaded)).toBeVisible();
});
