import type { Page } from '@playwright/test';
import { createUserViaApi, DEMO_EMAILS, expect, fill, LOCALES, login, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';
import { findByEmail, row } from './users-helpers';

/** Issue 12: offer only what the server allows, and show every refusal that can still happen. */
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function newPromotion(page: Page, token: string) {
  const res = await page.request.post('/api/promotions', {
    form: { name: `E2E tilgang ${Date.now()}`, period_from: '2031-08-01', period_to: '2031-08-31' },
    headers: auth(token),
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.promotion as { id: number; name: string };
}

/** Puts surface `index` of the catalogue in the promotion with one design per category prefix. */
async function surfaceWithDesigns(page: Page, token: string, promotionId: number, index: number, categories: string[]) {
  const surfaces = (await (await page.request.post('/api/surfaces/get-all-surfaces', { headers: auth(token) })).json()).data.surfaces as { id: number }[];
  const designs = (await (await page.request.post('/api/designs/get-all-designs', { headers: auth(token) })).json()).data.designs as { id: number; name: string }[];
  const surfaceId = surfaces[index]!.id;
  expect((await page.request.post('/api/promotion-surfaces', { form: { promotion_id: String(promotionId), surface_id: String(surfaceId) }, headers: auth(token) })).status()).toBe(200);
  for (const category of categories) {
    const design = designs.find((d) => d.name.startsWith(`${category} `))!;
    const res = await page.request.post('/api/promotion-surface-design', {
      form: { promotion_id: String(promotionId), surface_id: String(surfaceId), design_id: String(design.id) },
      headers: auth(token),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  return surfaceId;
}

async function promotionNamed(page: Page, token: string, name: string) {
  const res = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  return ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name)!.id;
}

for (const lang of ['no', 'en'] as Lang[]) {
  test(`a cm-admin is offered nothing on an admin's row, and a refused delete says so (${lang})`, async ({ page, browser }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    await login(page, 'cm-admin');
    await page.goto('/users');
    await page.getByLabel(L.common.search_field).selectOption({ label: L.users.search_fields.email });
    await page.getByLabel(L.common.search, { exact: true }).fill(DEMO_EMAILS.admin);
    const adminRow = row(page, DEMO_EMAILS.admin);
    await expect(adminRow).toBeVisible();
    for (const name of [L.common.edit, L.users.change_password, L.common.delete]) await expect(adminRow.getByRole('button', { name })).toHaveCount(0);
    await snap(page, `perms-users-admin-row-${lang}`);

    // A cm the admin makes an admin while the cm-admin's question is open: the refusal is shown.
    const other = await browser.newContext();
    const adminPage = await other.newPage();
    const admin = await login(adminPage, 'admin');
    const target = await createUserViaApi(adminPage, admin.bearerToken, { email: uniqueEmail('perms'), name: 'E2E', surname: 'Kategorisjef', role: 'cm' });
    await findByEmail(page, target.email, lang);
    for (const name of [L.common.edit, L.users.change_password]) await expect(row(page, target.email).getByRole('button', { name })).toBeVisible();
    await row(page, target.email).getByRole('button', { name: L.common.delete }).click();
    await expect(page.getByRole('alertdialog')).toContainText(target.email);
    const promoted = await adminPage.request.put(`/api/users/${target.id}`, { form: { role: 'admin' }, headers: auth(admin.bearerToken) });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await page.getByRole('alertdialog').getByRole('button', { name: L.common.delete }).click();
    await expect(page.getByTestId('toast')).toContainText(L.server.no_access);
    await snap(page, `perms-refused-delete-${lang}`);
    await page.reload();
    await findByEmail(page, target.email, lang);
    // The extra admin would change the other specs' 'Administrators only' list.
    const removed = await adminPage.request.delete(`/api/users/${target.id}`, { headers: auth(admin.bearerToken) });
    expect(removed.ok(), await removed.text()).toBe(true);
    await other.close();
  });

  test(`signing in as a station asks first (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    await login(page, 'cm-admin');
    await page.goto('/users');
    await findByEmail(page, DEMO_EMAILS.user, lang);
    await row(page, DEMO_EMAILS.user).getByRole('button', { name: L.users.sign_in_as }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(fill(L.users.sign_in_as_confirm, { name: 'Stasjon' }).replace('?', ''));
    await expect(question).toContainText(L.users.sign_in_as_explain);
    await snap(page, `perms-sign-in-as-${lang}`);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/users(\?|$)/);
    await expect(page.getByRole('button', { name: L.header.back_to_admin })).toHaveCount(0);

    await row(page, DEMO_EMAILS.user).getByRole('button', { name: L.users.sign_in_as }).click();
    await question.getByRole('button', { name: L.users.sign_in_as }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toContainText(L.server.signed_in_as);
    await expect(page.getByText(fill(L.dashboard.welcome, { name: 'Stasjon' }))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: L.header.back_to_admin })).toBeVisible();
  });

  test(`a cm cannot remove a surface holding designs it does not see, nor open an edit form it cannot save (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const admin = await login(page, 'admin');
    const promotion = await newPromotion(page, admin.bearerToken);
    // cm@demo.no manages Fuel and Food, not Store.
    const mixed = await surfaceWithDesigns(page, admin.bearerToken, promotion.id, 0, ['Fuel', 'Store']);
    const own = await surfaceWithDesigns(page, admin.bearerToken, promotion.id, 1, ['Fuel']);
    await page.context().clearCookies();
    await login(page, 'cm');
    await page.goto(`/promotion-settings?prom_id=${promotion.id}&action=surfaces`);
    const mixedCard = page.getByTestId(`surface-card-${mixed}`);
    await expect(mixedCard.getByRole('button', { name: L.promotions.remove_surface })).toBeDisabled();
    await expect(mixedCard.getByTestId('remove-surface-reason')).toHaveAttribute('title', L.validation.surface_has_other_designs);
    await expect(page.getByTestId(`surface-card-${own}`).getByRole('button', { name: L.promotions.remove_surface })).toBeEnabled();
    await expect(page.getByRole('link', { name: L.promotions.to_edit })).toHaveCount(0);
    await snap(page, `perms-cm-surfaces-${lang}`);
  });

  test(`a promotion sent to printers offers no changes to its surfaces and designs (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const session = await login(page, 'cm-admin');
    const spring = await promotionNamed(page, session.bearerToken, 'Vårkampanje');
    await page.goto(`/promotion-settings?prom_id=${spring}&action=surfaces`);
    const cards = page.getByTestId('surface-cards').locator('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: L.promotions.sent_locked })).toBeVisible();
    await expect(page.getByRole('button', { name: L.promotions.add_design })).toHaveCount(0);
    await expect(page.getByRole('button', { name: L.promotions.add_surface })).toHaveCount(0);
    await expect(page.getByRole('button', { name: L.promotions.remove_surface })).toHaveCount(0);
    await expect(page.getByRole('button', { name: L.promotions.remove_design })).toHaveCount(0);
    await snap(page, `perms-sent-surfaces-${lang}`);
    // The list offers viewing, not adding.
    await page.goto('/promotions');
    await page.getByLabel(L.common.search, { exact: true }).fill('Vårkampanje');
    const listed = page.getByTestId(`promotion-row-${spring}`);
    await expect(listed.getByRole('link', { name: L.promotions.to_surfaces })).toBeVisible();
    await expect(listed.getByRole('link', { name: L.promotions.add_design })).toHaveCount(0);
  });

  test(`deleting a design asks first (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const session = await login(page, 'cm-admin');
    const promotion = await newPromotion(page, session.bearerToken);
    const surfaceId = await surfaceWithDesigns(page, session.bearerToken, promotion.id, 2, ['Fuel']);
    await page.goto(`/promotion-settings?prom_id=${promotion.id}&action=surfaces`);
    const card = page.getByTestId(`surface-card-${surfaceId}`);
    await card.getByRole('button', { name: L.promotions.remove_design }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(L.promotions.delete_design_confirm);
    await expect(question).toContainText(L.promotions.delete_design_warning);
    await snap(page, `perms-delete-design-${lang}`);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(card.locator('[data-testid^="psd-"]')).toHaveCount(1);
    await card.getByRole('button', { name: L.promotions.remove_design }).click();
    await question.getByRole('button', { name: L.common.delete }).click();
    await expect(card).toContainText(L.promotions.no_designs);
  });
}
