import type { Page } from '@playwright/test';
import { createUserViaApi, expect, LOCALES, login, uniqueEmail, useLanguage, type Lang } from './fixtures';

export const NO = LOCALES.no;

export const rows = (page: Page) => page.getByTestId(/^user-row-/);
export const row = (page: Page, email: string) => page.getByTestId(`user-row-${email}`);
export const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

/** Narrows the list to one email through the field search, and waits for that single row. */
export async function findByEmail(page: Page, email: string, lang: Lang = 'no') {
  const L = LOCALES[lang];
  await page.getByLabel(L.common.search_field).selectOption({ label: L.users.search_fields.email });
  await page.getByLabel(L.common.search, { exact: true }).fill(email);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, email)).toBeVisible();
}

/** Signs in as admin, creates a station user through the API and opens the users page on it. */
export async function adminWithFreshUser(page: Page, tag: string, lang: Lang = 'no') {
  await useLanguage(page, lang);
  const { bearerToken } = await login(page, 'admin');
  const email = uniqueEmail(tag);
  const user = await createUserViaApi(page, bearerToken, { email, name: 'E2E', surname: `Tester ${tag}` });
  await page.goto('/users');
  await findByEmail(page, email, lang);
  return user;
}
