import type { Page } from '@playwright/test';
import { DEMO_EMAILS, expect, LOCALES, login, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';

// Issue 22 points 15 and 16 (decision 032): one word per thing, success toasts named by what
// happened and clear of the header, and refusals the page shows print nothing in the console.

const PHONE = { width: 390, height: 844 };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Errors the page prints: console errors (the browser's own "Failed to load resource" too) and uncaught exceptions. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`));
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

async function signInThroughTheForm(page: Page, L: (typeof LOCALES)[Lang], email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(L.auth.email).fill(email);
  await page.getByLabel(L.auth.password).fill(password);
  await page.getByRole('button', { name: L.auth.sign_in }).click();
}

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test(`a refused change and a wrong password show their reason and print no console error (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const errors = consoleErrors(page);
    await signInThroughTheForm(page, L, 'nobody@example.no', 'Wrong-pass-2026');
    await expect(page.getByTestId('login-error')).toHaveText(L.server.invalid_credentials);

    await login(page, 'admin');
    await page.goto('/users');
    await page.getByRole('button', { name: L.users.create }).click();
    const dialog = page.getByRole('dialog', { name: L.users.create_title });
    await dialog.getByLabel(L.users.fields.email, { exact: true }).fill(DEMO_EMAILS.printer);
    await dialog.getByLabel(L.users.fields.password, { exact: true }).fill('Velkommen2026');
    await dialog.getByLabel(L.users.fields.name, { exact: true }).fill('Dobbel');
    await dialog.getByLabel(L.users.fields.surname, { exact: true }).fill('Dobbel');
    await dialog.getByLabel(L.users.fields.company_name, { exact: true }).fill('Dobbel AS');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: L.common.save }).click();
    await expect(dialog.locator('#user-email-error')).toHaveText(L.validation.email_taken);
    await expect(page.getByTestId('toast')).toContainText(L.errors.error_action);
    await expect(page.getByTestId('toast')).toContainText(L.validation.email_taken);
    await snap(page, `refusal-in-body-${lang}`);
    expect(errors).toEqual([]);
    // The server's 422, in a 200 the app asked for: the field and the toast say why, as before.
    expect((await answer).headers()['refusal-status']).toBe('422');
  });

  test(`a success toast is named by what happened; signed in on a phone, the menu button works at once (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.setViewportSize(PHONE);
    await signInThroughTheForm(page, L, DEMO_EMAILS.admin, 'Demo2026');
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    // Read at once, while the toast is up (it goes after 5 s): its words, and that it lies below the
    // header, so the menu button is what a tap on it reaches.
    const seen = await page.evaluate(() => {
      const shown = document.querySelector('[data-testid="toast"]')!;
      const button = document.querySelector('[data-testid="menu-button"]')!.getBoundingClientRect();
      const hit = document.elementFromPoint(button.x + button.width / 2, button.y + button.height / 2);
      return {
        title: shown.querySelector('div > :first-child')!.textContent,
        text: shown.textContent,
        belowHeader: shown.getBoundingClientRect().top >= document.querySelector('header')!.getBoundingClientRect().bottom,
        menuReached: !!hit?.closest('[data-testid="menu-button"]'),
      };
    });
    expect(seen).toMatchObject({ menuReached: true, belowHeader: true, title: L.auth.signed_in });
    expect(seen.text).toContain(L.auth.enjoy);
    expect(seen.text).not.toContain(L.toast.system_message);
    await snap(page, `toast-signed-in-phone-${lang}`);
    const menu = page.getByTestId('menu-button');
    await menu.click({ timeout: 1000 });
    await expect(page.getByTestId('nav-drawer')).toBeVisible();
    await page.keyboard.press('Escape');

    // A save: its toast's title is the server's message, with no generic title above it.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/users');
    await page.getByRole('button', { name: L.users.create }).click();
    const dialog = page.getByRole('dialog', { name: L.users.create_title });
    await dialog.getByLabel(L.users.fields.email, { exact: true }).fill(uniqueEmail('toast'));
    await dialog.getByLabel(L.users.fields.password, { exact: true }).fill('Velkommen2026');
    await dialog.getByLabel(L.users.fields.name, { exact: true }).fill('Toast');
    await dialog.getByLabel(L.users.fields.surname, { exact: true }).fill('Toast');
    await dialog.getByLabel(L.users.fields.company_name, { exact: true }).fill('Toast AS');
    await dialog.getByRole('button', { name: L.common.save }).click();
    await expect(dialog).toBeHidden();
    // The title alone: no "System message" above it, no description under it.
    await expect(toast).toHaveText(L.server.user_created);
    await snap(page, `toast-saved-${lang}`);
  });

  test(`the print report names the comment for the printers, not its writer's role (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await login(page, 'printer');
    await page.goto('/print-promotions');
    await page.getByRole('link', { name: L.print.open_report }).first().click();
    const comment = page.getByTestId('manager-comment');
    await expect(comment.getByRole('heading')).toHaveText(L.report.comment_for_printers);
    await expect(comment).not.toContainText(lang === 'no' ? 'kategoriansvarlig' : 'category manager');
    await snap(page, `print-report-comment-${lang}`);
    await page.setViewportSize(PHONE);
    await expect(comment.getByRole('heading')).toHaveText(L.report.comment_for_printers);
    await snap(page, `print-report-comment-phone-${lang}`);
  });

  test(`the sketch rating reads In review, Rejected, Approved (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const admin = await login(page, 'admin');
    const list = await page.request.get('/api/promotions', { params: { count_show: 100 }, headers: auth(admin.bearerToken) });
    const promotion = (await list.json()).data.promotions.find((p: { name: string }) => p.name === 'Påskekampanje');
    const res = await page.request.get('/api/promotion-surface-design', { params: { promotion_id: promotion.id }, headers: auth(admin.bearerToken) });
    const surfaces: { surface: { id: number }; designs: { id: number; data: { status: string } }[] }[] = (await res.json()).data.surfaces;
    const [surface, design] = surfaces.flatMap((s) => s.designs.filter((d) => !['Created', 'Brief'].includes(d.data.status)).map((d) => [s.surface.id, d.id] as const))[0]!;
    await page.goto(`/promotion-design?prom_id=${promotion.id}&sur_id=${surface}&prom_sur_des_id=${design}`);
    const rating = page.getByRole('group', { name: L.chat.rate_sketch }).first();
    await expect(rating).toBeVisible({ timeout: 20_000 });
    await expect(rating.getByRole('button')).toHaveText([L.chat.rating_reaction, L.chat.rating_cancelled, L.chat.rating_approved]);
    await expect(rating).not.toContainText(lang === 'no' ? 'Reaksjon' : 'Reaction');
    await rating.scrollIntoViewIfNeeded();
    await snap(page, `sketch-rating-${lang}`);
  });
}
