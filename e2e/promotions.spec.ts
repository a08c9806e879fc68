import type { Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const rows = (page: Page) => page.getByTestId('promotions-table').locator('tbody tr');
const names = (page: Page) => page.getByTestId('promotions-table').locator('tbody tr td:first-child');

for (const lang of ['no', 'en'] as Lang[]) {
  test(`the promotions list with statuses, filters and actions (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    await login(page, 'admin');
    // 100 to a page (from the address, as a shared link would): other specs add promotions.
    await page.goto('/promotions?size=100');
    await expect(page.getByRole('heading', { name: L.promotions.title })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    // Name descending by default.
    const shown = await names(page).allInnerTexts();
    expect(shown).toEqual([...shown].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const easter = rows(page).filter({ hasText: 'Påskekampanje' });
    await expect(easter.locator('.status-designer-working')).toHaveText(L.promotions.statuses.designer_working);
    await expect(rows(page).filter({ hasText: 'Sommerkampanje' }).locator('.status-draft')).toHaveText(L.promotions.statuses.draft);
    await expect(easter.getByRole('link', { name: L.promotions.add_design })).toHaveAttribute('href', /\/promotion-settings\?prom_id=\d+&action=surfaces$/);
    await expect(easter.getByRole('link', { name: L.common.edit })).toHaveAttribute('href', /action=edit$/);
    await snap(page, `promotions-list-${lang}`);

    // Only active hides the one that has ended.
    await expect(rows(page).filter({ hasText: 'Julekampanje' })).toHaveCount(1);
    await page.getByLabel(L.promotions.only_active).click();
    await expect(rows(page).filter({ hasText: 'Julekampanje' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'Påskekampanje' })).toHaveCount(1);
    await page.getByLabel(L.promotions.only_active).click();

    // A date range of today keeps the promotions running today.
    await page.getByTestId('date-range').click();
    await page.locator('.rdp-today button').first().click();
    await snap(page, `promotions-date-range-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('date-range')).not.toHaveText(L.common.pick_dates);
    await expect(rows(page).filter({ hasText: 'Sommerkampanje' })).toHaveCount(0);
    await expect(rows(page).filter({ hasText: 'Påskekampanje' })).toHaveCount(1);
    await page.getByRole('button', { name: L.common.clear_filters }).click();
    await expect(page.getByTestId('date-range')).toHaveText(L.common.pick_dates);
    await expect(rows(page).filter({ hasText: 'Sommerkampanje' })).toHaveCount(1);

    // Search by name.
    await page.getByLabel(L.common.search, { exact: true }).fill('sommer');
    await expect(rows(page)).toHaveCount(1);
    await expect(names(page)).toHaveText(['Sommerkampanje']);
    await page.getByLabel(L.common.search, { exact: true }).fill('finnes ikke');
    await expect(page.getByTestId('promotions-table')).toContainText(L.promotions.empty);
  });
}

test('an admin deletes a promotion after confirming; a designer only adds designs', async ({ page }) => {
  const NO = LOCALES.no;
  const session = await login(page, 'admin');
  const created = await page.request.post('/api/promotions', {
    form: { name: `E2E slettes ${Date.now()}`, period_from: '2030-01-01', period_to: '2030-01-31' },
    headers: { Authorization: `Bearer ${session.bearerToken}` },
  });
  expect(created.status()).toBe(201);
  const { promotion } = (await created.json()).data;
  await page.goto(`/promotions?q=${encodeURIComponent(promotion.name)}`);
  const row = page.getByTestId(`promotion-row-${promotion.id}`);
  await row.getByRole('button', { name: NO.common.delete }).click();
  await expect(page.getByRole('alertdialog')).toContainText(promotion.name);
  await snap(page, 'promotions-delete-no');
  await page.getByRole('alertdialog').getByRole('button', { name: NO.common.delete }).click();
  await expect(page.getByTestId('toast')).toContainText(NO.server.promotion_deleted);
  await expect(row).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'designer');
  await page.goto('/promotions');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: NO.promotions.create })).toHaveCount(0);
  // A designer adds no designs: the row opens the surfaces and designs to view.
  await expect(rows(page).first().getByRole('link', { name: NO.promotions.to_surfaces })).toBeVisible();
  await expect(rows(page).first().getByRole('link', { name: NO.promotions.add_design })).toHaveCount(0);
  await expect(rows(page).first().getByRole('link', { name: NO.common.edit })).toHaveCount(0);
  await expect(rows(page).first().getByRole('button', { name: NO.common.delete })).toHaveCount(0);
});

test('coming back from a promotion marks its row once', async ({ page }) => {
  const NO = LOCALES.no;
  await login(page, 'cm');
  // Searched: other specs add promotions whose names sort before it on the first page.
  await page.goto('/promotions?q=P%C3%A5skekampanje');
  const easter = rows(page).filter({ hasText: 'Påskekampanje' });
  await easter.getByRole('link', { name: NO.promotions.add_design }).click();
  await expect(page).toHaveURL(/action=surfaces/);
  // The settings page (lazily loaded) has opened and stored the id.
  await expect(page.getByRole('heading', { name: /Påskekampanje/ })).toBeVisible();
  await page.goBack();
  await expect(easter).toHaveAttribute('data-state', 'active');
  // The stored id is cleared: a fresh visit marks nothing.
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('[data-testid^="promotion-row-"][data-state="active"]')).toHaveCount(0);
});
