import type { Locator, Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const LANGS: Lang[] = ['no', 'en'];

/** Closes the open dialog with Escape and with its Cancel button; focus must be back on the opener each time. */
async function expectFocusReturns(page: Page, opener: Locator, dialog: Locator, cancel: string) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

for (const lang of LANGS) {
  const L = LOCALES[lang];

  test.describe(`focus after a modal (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
    });

    test('a form dialog gives focus back to the button that opened it', async ({ page }) => {
      await page.goto('/users');
      const opener = page.getByRole('button', { name: L.users.create, exact: true });
      await expectFocusReturns(page, opener, page.getByRole('dialog', { name: L.users.create_title }), L.common.cancel);
    });

    test('a confirmation gives focus back to the row button that opened it', async ({ page }) => {
      await page.goto('/categories');
      const opener = page.getByTestId(/^category-row-/).first().getByRole('button', { name: L.common.delete, exact: true });
      const dialog = page.getByRole('alertdialog', { name: L.categories.delete_confirm });
      await expectFocusReturns(page, opener, dialog, L.common.cancel);
    });
  });

  test.describe(`skip link (${lang})`, () => {
    test('the first Tab reaches a visible "skip to content" link that moves focus to the page', async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'cm');
      await page.goto('/users');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const skip = page.getByRole('link', { name: L.header.skip_to_content });
      await expect(skip).not.toBeInViewport();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await snap(page, `a11y-skip-link-${lang}`);

      await page.keyboard.press('Enter');
      const main = page.getByRole('main');
      await expect(main).toBeFocused();
      await expect(skip).not.toBeInViewport();
      // The next stop is inside the page, past the sidebar and the header.
      await page.keyboard.press('Tab');
      expect(await main.evaluate((m) => m.contains(document.activeElement) && m !== document.activeElement)).toBe(true);
    });
  });
}
