import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

async function newPromotion(page: import('@playwright/test').Page, token: string) {
  const res = await page.request.post('/api/promotions', {
    form: { name: `E2E flater ${Date.now()}`, period_from: '2031-06-01', period_to: '2031-06-30' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.promotion as { id: number; name: string };
}

for (const lang of ['no', 'en'] as Lang[]) {
  test(`surfaces and designs of a promotion (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const session = await login(page, 'cm-admin');
    const promotion = await newPromotion(page, session.bearerToken);
    await page.goto(`/promotion-settings?prom_id=${promotion.id}&action=surfaces`);
    await expect(page.getByText(L.promotions.no_surfaces)).toBeVisible();

    const picker = page.getByLabel(L.promotions.choose_surface);
    const options = picker.locator('option');
    const first = await options.nth(1).innerText();
    const second = await options.nth(2).innerText();
    await picker.selectOption({ label: first });
    await page.getByRole('button', { name: L.promotions.add_surface }).click();
    await expect(page.getByTestId('surface-cards').locator('article')).toHaveCount(1);
    // The picker no longer offers a surface that is in the promotion.
    await expect(picker.locator('option', { hasText: first })).toHaveCount(0);
    await picker.selectOption({ label: second });
    await page.getByRole('button', { name: L.promotions.add_surface }).click();
    const cards = page.getByTestId('surface-cards').locator('article');
    await expect(cards).toHaveCount(2);
    // Two cards to a row.
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);

    // A design on the first surface.
    await cards.nth(0).getByRole('button', { name: L.promotions.add_design }).click();
    const designPicker = cards.nth(0).getByLabel(L.promotions.choose_design);
    await designPicker.selectOption({ index: 1 });
    const designName = await designPicker.locator('option:checked').innerText();
    await cards.nth(0).getByRole('button', { name: L.promotions.add, exact: true }).click();
    await expect(cards.nth(0)).toContainText(designName);
    await expect(cards.nth(0)).toContainText(L.promotions.design_statuses.Created);
    await snap(page, `promotion-surfaces-${lang}`);

    // Delete the design, then remove the second surface after the warning.
    await cards.nth(0).getByRole('button', { name: L.promotions.remove_design }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: L.common.delete }).click();
    await expect(cards.nth(0)).toContainText(L.promotions.no_designs);
    await cards.nth(1).getByRole('button', { name: L.promotions.remove_surface }).click();
    await expect(page.getByRole('alertdialog')).toContainText(L.promotions.delete_surface_warning);
    await page.keyboard.press('Escape');
    await expect(cards).toHaveCount(2);
    await cards.nth(1).getByRole('button', { name: L.promotions.remove_surface }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: L.common.delete }).click();
    await expect(cards).toHaveCount(1);
  });
}

test('a cm picks only designs of its own categories', async ({ page }) => {
  const NO = LOCALES.no;
  const admin = await login(page, 'admin');
  const promotion = await newPromotion(page, admin.bearerToken);
  const surfaces = await (await page.request.post('/api/surfaces/get-all-surfaces', { headers: { Authorization: `Bearer ${admin.bearerToken}` } })).json();
  await page.request.post('/api/promotion-surfaces', {
    form: { promotion_id: String(promotion.id), surface_id: String(surfaces.data.surfaces[0].id) },
    headers: { Authorization: `Bearer ${admin.bearerToken}` },
  });
  await page.context().clearCookies();
  await login(page, 'cm');
  await page.goto(`/promotion-settings?prom_id=${promotion.id}&action=surfaces`);
  const card = page.getByTestId('surface-cards').locator('article').first();
  await card.getByRole('button', { name: NO.promotions.add_design }).click();
  const options = card.getByLabel(NO.promotions.choose_design).locator('option');
  // The catalogue's designs arrive in their own request after the card is drawn.
  await expect.poll(() => options.count()).toBeGreaterThan(1);
  // cm@demo.no manages Fuel, Food and Food Outside; Food's price-sign template is marked as one
  // once the templates have arrived too.
  const seeded = async () => (await options.allInnerTexts()).slice(1).filter((n) => !n.startsWith('E2E'));
  await expect.poll(async () => (await seeded()).filter((n) => !/^(Fuel|Food|Food Outside) /.test(n))).toEqual([fill(NO.signs.template_option, { name: 'Prisskilt A4' })]);
  expect((await seeded()).length).toBeGreaterThan(1);
  // A cm may not delete designs.
  await expect(card.getByRole('button', { name: NO.promotions.remove_design })).toHaveCount(0);
});
