import type { APIRequestContext } from '@playwright/test';
import { createUserViaApi, expect, fill, LOCALES, login, snap, test, uniqueEmail, useLanguage } from './fixtures';
import { findByEmail, row } from './users-helpers';

/**
 * Five wrong passwords from each of 20 addresses: the account is locked for browsers it has not
 * signed in from. Each call its own `run` of addresses, so their counts do not add up.
 */
async function lockOut(request: APIRequestContext, email: string, run: number) {
  for (let i = 0; i < 5; i++) {
    const round = Array.from({ length: 20 }, (_, a) =>
      request.post('/api/auth/login', { form: { email, password: 'Gjett1234feil' }, headers: { 'x-forwarded-for': `10.99.${run}.${a + 1}` } }),
    );
    for (const res of await Promise.all(round)) expect(res.status()).toBe(401);
  }
  const locked = await request.post('/api/auth/login', { form: { email, password: 'Start1234' }, headers: { 'x-forwarded-for': `10.98.${run}.1` } });
  expect(locked.status()).toBe(429);
}

test.describe('an admin lifts a sign-in lock on the users page', () => {
  // 100 password checks before the page opens.
  test.describe.configure({ timeout: 120_000 });
  for (const [run, lang] of (['no', 'en'] as const).entries()) {
    test(`shows the lock and lifts it after a confirmation (${lang})`, async ({ page, request }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const { bearerToken } = await login(page, 'admin');
      const email = uniqueEmail(`locked-${lang}`);
      await createUserViaApi(page, bearerToken, { email, name: 'Sperret', surname: lang.toUpperCase() });
      await lockOut(request, email, run);

      await page.goto('/users');
      await findByEmail(page, email, lang);
      await expect(row(page, email).getByTestId('sign-in-locked')).toHaveText(L.users.sign_in_locked);
      await snap(page, `users-sign-in-locked-${lang}`);
      // The lock and its button fit the table at 1280 px: it does not scroll sideways for them. One
      // pixel is the rounding of a fractional width (seen once, with a long e-mail, on PGlite's run).
      const table = page.getByTestId('users-table');
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(1);

      await row(page, email).getByRole('button', { name: L.users.unlock_sign_in }).click();
      const dialog = page.getByRole('alertdialog', { name: fill(L.users.unlock_sign_in_confirm, { name: `Sperret ${lang.toUpperCase()}` }) });
      await expect(dialog).toContainText(L.users.unlock_sign_in_explain);
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: L.common.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, email).getByTestId('sign-in-locked')).toBeVisible();

      await row(page, email).getByRole('button', { name: L.users.unlock_sign_in }).click();
      await dialog.getByRole('button', { name: L.users.unlock_sign_in }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('toast')).toContainText(L.server.sign_in_unlocked);
      await expect(row(page, email).getByTestId('sign-in-locked')).toHaveCount(0);
      await expect(row(page, email).getByRole('button', { name: L.users.unlock_sign_in })).toHaveCount(0);

      const again = await request.post('/api/auth/login', { form: { email, password: 'Start1234' }, headers: { 'x-forwarded-for': '10.97.0.1' } });
      expect(again.status()).toBe(200);
    });
  }

  test('a cm-admin sees no unlock button', async ({ page, request }) => {
    const L = LOCALES.no;
    const admin = await request.post('/api/auth/login', { form: { email: 'admin@demo.no', password: 'Demo2026' } });
    const token = (await admin.json()).data.bearerToken as string;
    const email = uniqueEmail('locked-cmadmin');
    await createUserViaApi(page, token, { email, name: 'Sperret', surname: 'CM' });
    await lockOut(request, email, 2);
    await login(page, 'cm-admin');
    await page.goto('/users');
    await findByEmail(page, email);
    await expect(row(page, email).getByTestId('sign-in-locked')).toBeVisible();
    await expect(row(page, email).getByRole('button', { name: L.users.unlock_sign_in })).toHaveCount(0);
  });
});
