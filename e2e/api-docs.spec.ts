import { expect, login, test } from './fixtures';

/*
 * The API reference: Swagger UI at /api/docs over /api/openapi.json, for a signed-in admin (API_DOCS
 * 'admin', the default outside development). The page is Swagger UI's own markup, so the automatic
 * axe scan leaves it out with the rest of /api/ (e2e/axe.ts): its findings (colour contrast, controls
 * nested in the operation rows, small targets, an unnamed button, the logo without alt text) are
 * the library's, not the app's pages'.
 */

test('an admin opens the API reference: the operations by area, under the CSP, tried with the bearer token', async ({ page }) => {
  // Swagger UI's page of every operation is too tall for a full-page screenshot: it hung past 90 s
  // on 2026-11-26. The screenshots here are of the screen only.
  test.setTimeout(60_000);
  const shot = (name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png` });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const { bearerToken } = await login(page, 'admin');

  await page.goto('/api/docs');
  // Swagger UI parses its 1 MB bundle and resolves the whole document before it draws anything:
  // 1.5 s on a quiet machine, 7.3 s at a 6× slower CPU — past the default wait on a busy CI box.
  await expect(page.getByRole('heading', { name: 'Promo print API' })).toBeVisible({ timeout: 30_000 });
  // Swagger UI names a tag's heading with its collapse button: 'Users Collapse operation'.
  await expect(page.getByRole('heading', { level: 3, name: /^Users\b/ })).toBeVisible();
  const users = page.locator('.opblock-tag-section').filter({ has: page.getByRole('link', { name: 'Users', exact: true }) });
  const list = users.locator('.opblock').filter({ has: page.locator('.opblock-summary-operation-id', { hasText: /^users\.list$/ }) });
  await expect(list.locator('.opblock-summary-method')).toHaveText('GET');
  await expect(list.locator('.opblock-summary-path')).toHaveText('/api/users');
  await shot('api-docs');

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.locator('#auth-bearer-value').fill(bearerToken);
  await page.getByRole('button', { name: 'Apply credentials' }).first().click();
  await page.locator('.modal-ux .btn-done').first().click();
  await list.locator('.opblock-summary').click();
  await list.getByRole('button', { name: 'Try it out' }).click();
  await list.getByRole('button', { name: 'Execute' }).click();
  await expect(list.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(list.locator('.live-responses-table .microlight').first()).toContainText('"users_list"');
  await shot('api-docs-try-it-out');

  // A refused script or request (the CSP is script-src 'self', connect-src 'self') shows up as a console error.
  expect(problems).toEqual([]);
});

test('the API reference refuses a signed-in cm and nobody signed in, in the API error shape', async ({ page }) => {
  const anonymous = await page.goto('/api/docs');
  expect([anonymous!.status(), await anonymous!.json()]).toEqual([401, { status: 'error', message: 'Unauthenticated', message_key: 'unauthenticated' }]);
  await login(page, 'cm');
  const cm = await page.goto('/api/docs');
  expect([cm!.status(), await cm!.json()]).toEqual([403, { status: 'error', message: 'No access', message_key: 'no_access' }]);
});
