import { expect, fill, LOCALES, snap, test, useLanguage } from './fixtures';

/*
 * Single sign-on in the browser (decision 035): the sign-in page's button → the OpenID Provider
 * (oidc-provider, started with this worker's server by scripts/e2e-server.mjs) → back signed in on
 * the start page. The test provider's accounts: sso-admin (admin@demo.no), sso-cm (cm@demo.no),
 * sso-unmapped (a group that maps to no role).
 */
const SIGN_INS = [
  { lang: 'no', account: 'sso-admin', width: 1280, height: 800 },
  { lang: 'en', account: 'sso-cm', width: 390, height: 844 },
] as const;

test.describe('single sign-on', () => {
  for (const { lang, account, width, height } of SIGN_INS) {
    test(`signs in through the provider and lands on the start page (${lang}, ${width} px)`, async ({ page }) => {
      const L = LOCALES[lang];
      await page.setViewportSize({ width, height });
      await useLanguage(page, lang);
      await page.goto('/login');
      const button = page.getByRole('link', { name: fill(L.auth.sso_sign_in, { name: 'Kjede-ID' }) });
      await expect(button).toBeVisible();
      await snap(page, `sso-login-${lang}-${width}`);
      await button.click();

      // The provider's own sign-in page.
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
      await page.getByLabel('Account').fill(account);
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: L.dashboard.title })).toBeVisible();
      await snap(page, `sso-signed-in-${lang}-${width}`);
      const other = width === 1280 ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      await page.setViewportSize(other);
      await snap(page, `sso-signed-in-${lang}-${other.width}`);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'SSO_FLOW')).toBeUndefined();
      expect(cookies.find((c) => c.name === 'BEARER_TOKEN')?.value).toMatch(/^Bearer%20/);
    });
  }

  test('explains a refusal on a page of its own, with the way back (en)', async ({ page }) => {
    const L = LOCALES.en;
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'en');
    await page.goto('/login');
    await page.getByRole('link', { name: fill(L.auth.sso_sign_in, { name: 'Kjede-ID' }) }).click();
    await page.getByLabel('Account').fill('sso-unmapped');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/sso\?outcome=unmapped_group$/);
    await expect(page.getByRole('heading', { name: L.sso.unmapped_group_title })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(L.sso.unmapped_group);
    await snap(page, 'sso-refused-en-390');
    await page.getByRole('link', { name: L.sso.back }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
