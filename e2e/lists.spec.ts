import type { Locator, Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const NO = LOCALES.no;

const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const pager = (page: Page, L = NO) => page.getByRole('navigation', { name: L.pagination.label });
const currentPage = (page: Page, L = NO) => pager(page, L).locator('[aria-current="page"]');
const userRows = (page: Page) => page.getByTestId(/^user-row-/);
const rowIds = async (rows: Locator) => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
const search = (page: Page, L = NO) => page.getByLabel(L.common.search, { exact: true });
/** Whether the page stops an unload (a reload, closing the tab): the browser then asks first. */
const unloadCancelled = (page: Page) =>
  page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test.describe('lists live in the URL', () => {
  test('search, page size, sort and page survive a reload, back steps through them, a shared link shows the same list', async ({ page, context }) => {
    // Many steps, each with its own load (and accessibility scan).
    test.setTimeout(120_000);
    await useLanguage(page, 'no');
    await login(page, 'admin');
    await page.goto('/users');
    await expect(userRows(page)).toHaveCount(10);

    // 32 station users: with 25 to a page there are two pages.
    await page.getByLabel(NO.common.search_field).selectOption({ label: NO.users.search_fields.email });
    await search(page).fill('station');
    await expect.poll(() => params(page).q).toBe('station');
    await page.getByLabel(NO.pagination.page_size).selectOption('25');
    await expect(userRows(page)).toHaveCount(25);
    const byName = await rowIds(userRows(page));
    await header(page, NO.users.columns.email).getByRole('button').click();
    await expect(header(page, NO.users.columns.email)).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => rowIds(userRows(page))).not.toEqual(byName);
    const firstPage = await rowIds(userRows(page));
    await pager(page).getByRole('button', { name: '2', exact: true }).click();
    await expect(currentPage(page)).toHaveText('2');
    await expect(userRows(page)).toHaveCount(7);
    const secondPage = await rowIds(userRows(page));
    expect(params(page)).toEqual({ q: 'station', field: 'email', size: '25', sort: 'email', order: 'desc', page: '2' });
    await snap(page, 'lists-users-url-no');

    const expectSecondPage = async (p: Page) => {
      await expect(p.getByTestId(/^user-row-/)).toHaveCount(7);
      expect(await rowIds(p.getByTestId(/^user-row-/))).toEqual(secondPage);
      await expect(search(p)).toHaveValue('station');
      await expect(p.getByLabel(NO.common.search_field)).toHaveValue('email');
      await expect(p.getByLabel(NO.pagination.page_size)).toHaveValue('25');
      await expect(header(p, NO.users.columns.email)).toHaveAttribute('aria-sort', 'descending');
      await expect(header(p, NO.users.columns.name)).toHaveAttribute('aria-sort', 'none');
      await expect(currentPage(p)).toHaveText('2');
    };

    await page.reload();
    await expectSecondPage(page);

    // A shared link: another tab opening the same address.
    const other = await context.newPage();
    await other.goto(page.url());
    await expectSecondPage(other);
    await other.close();

    // Back: page 1 of the same search, size and sort; back again: the name order of before.
    await page.goBack();
    await expect(currentPage(page)).toHaveText('1');
    await expect.poll(() => rowIds(userRows(page))).toEqual(firstPage);
    await expect(search(page)).toHaveValue('station');
    await page.goBack();
    await expect(header(page, NO.users.columns.email)).toHaveAttribute('aria-sort', 'none');
    await expect(header(page, NO.users.columns.name)).toHaveAttribute('aria-sort', 'descending');
    await expect(userRows(page)).toHaveCount(25);
    await page.goForward();
    await page.goForward();
    await expectSecondPage(page);

    // Typing replaced one entry instead of adding one per key: back from the page size lands on the search.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page.getByLabel(NO.pagination.page_size)).toHaveValue('10');
    await expect(search(page)).toHaveValue('station');
    await expect(userRows(page)).toHaveCount(10);
  });

  test('a broken address shows the default list, never an error', async ({ page }) => {
    await useLanguage(page, 'no');
    await login(page, 'admin');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/users?page=-3&size=7&sort=password_hash&order=sideways&field=nope&admins=maybe');
    await expect(userRows(page)).toHaveCount(10);
    await expect(header(page, NO.users.columns.name)).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByLabel(NO.pagination.page_size)).toHaveValue('10');
    await expect(currentPage(page)).toHaveText('1');
    // A page past the end shows the last page.
    await page.goto('/designs?page=999&category=abc');
    await expect(currentPage(page)).toHaveText('2');
    await expect.poll(() => params(page).page).toBe('2');
    expect(errors).toEqual([]);
  });

  test("the promotions' date range survives a reload and a shared link", async ({ page, context }) => {
    await useLanguage(page, 'no');
    await login(page, 'admin');
    await page.goto('/promotions');
    const picker = page.getByTestId('date-range');
    await expect(picker).toHaveText(NO.common.pick_dates);
    await picker.click();
    const days = page.locator('.rdp-day:not(.rdp-outside) button');
    await days.filter({ hasText: /^10$/ }).first().click();
    await days.filter({ hasText: /^20$/ }).first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => Object.keys(params(page)).sort()).toEqual(['from', 'to']);
    const { from, to } = params(page);
    expect(from).toMatch(/^\d{4}-\d{2}-10$/);
    expect(to).toMatch(/^\d{4}-\d{2}-20$/);
    const label = (await picker.textContent())!;
    expect(label).not.toBe(NO.common.pick_dates);

    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/promotions' && !!new URL(r.url()).searchParams.get('obj_search[date_picker][from]'));
    await page.reload();
    await asked;
    await expect(picker).toHaveText(label);
    await expect(page.getByRole('button', { name: NO.common.clear_filters })).toBeVisible();

    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByTestId('date-range')).toHaveText(label);
    await other.close();

    // Clear filters takes the range out of the address.
    await page.getByRole('button', { name: NO.common.clear_filters }).click();
    await expect(picker).toHaveText(NO.common.pick_dates);
    expect(params(page)).toEqual({});
  });
});

test.describe('column sorting is the same on every list', () => {
  const LISTS = [
    { path: '/designs', table: 'designs-table', first: NO.designs.fields.name, other: NO.designs.fields.category },
    { path: '/users', table: 'users-table', first: NO.users.columns.name, other: NO.users.columns.email },
    { path: '/surfaces', table: 'surfaces-table', first: NO.surfaces.columns.vendor_code, other: NO.surfaces.columns.name },
  ];
  for (const list of LISTS) {
    test(`${list.path}: another column goes descending, ascending, none; the default column continues from descending`, async ({ page }) => {
      await useLanguage(page, 'no');
      await login(page, 'admin');
      await page.goto(list.path);
      const table = page.getByTestId(list.table);
      const first = table.getByRole('columnheader', { name: list.first, exact: true });
      const other = table.getByRole('columnheader', { name: list.other, exact: true });
      await expect(first).toHaveAttribute('aria-sort', 'descending');
      await expect(other).toHaveAttribute('aria-sort', 'none');

      for (const [sort, order] of [
        ['descending', 'desc'],
        ['ascending', 'asc'],
        ['none', 'none'],
      ] as const) {
        await other.getByRole('button').click();
        await expect(other).toHaveAttribute('aria-sort', sort);
        await expect(first).toHaveAttribute('aria-sort', 'none');
        expect(params(page).order).toBe(order);
      }
      // Back to the default list: the default column descending, nothing in the address.
      await first.getByRole('button').click();
      await expect(first).toHaveAttribute('aria-sort', 'descending');
      expect(params(page)).toEqual({});
      for (const sort of ['ascending', 'none', 'descending'] as const) {
        await first.getByRole('button').click();
        await expect(first).toHaveAttribute('aria-sort', sort);
      }
    });
  }
});

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];
  test.describe(`no lost work (${lang})`, () => {
    test('a changed dialog form asks before Escape, Cancel or back close it', async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/categories');
      const open = () => page.getByRole('button', { name: L.categories.create }).click();
      const form = page.getByTestId('category-form');
      const ask = page.getByTestId('discard-changes');

      // Untouched: Escape closes at once.
      await open();
      await expect(form).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await expect(ask).toBeHidden();

      await open();
      await form.getByLabel(L.categories.fields.name).fill('Halvferdig kategori');
      await page.keyboard.press('Escape');
      await expect(ask).toBeVisible();
      await expect(ask.getByRole('heading', { name: L.unsaved.title })).toBeVisible();
      await expect(ask).toContainText(L.unsaved.description);
      await snap(page, `lists-discard-dialog-${lang}`);
      await ask.getByRole('button', { name: L.unsaved.keep }).click();
      await expect(ask).toBeHidden();
      await expect(form.getByLabel(L.categories.fields.name)).toHaveValue('Halvferdig kategori');

      // Cancel asks too; Escape on the question keeps editing (once the question has the focus, as a
      // person's Escape would find it: pressed in the frame it appears, it reached the form below).
      await form.getByRole('button', { name: L.common.cancel }).click();
      await expect(ask).toBeVisible();
      await expect.poll(() => ask.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(ask).toBeHidden();
      await expect(form).toBeVisible();

      // Back asks, and the dialog keeps its own history entry.
      await page.goBack();
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: L.unsaved.keep }).click();
      await expect(form.getByLabel(L.categories.fields.name)).toHaveValue('Halvferdig kategori');

      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: L.unsaved.discard }).click();
      await expect(ask).toBeHidden();
      await expect(form).toBeHidden();
      await expect(page).toHaveURL(/\/categories$/);
      // Nothing was saved.
      await expect(page.getByRole('cell', { name: 'Halvferdig kategori' })).toHaveCount(0);
    });

    test('a changed page form asks before a sidebar link or back leaves it, and the browser asks before a reload', async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/users');
      await page.getByRole('navigation', { name: L.nav.label }).getByRole('link', { name: L.nav.system_settings }).click();
      const percent = page.getByLabel(L.settings.fields.percent);
      await expect(percent).not.toHaveValue('');
      const before = await percent.inputValue();
      const typed = before === '17' ? '18' : '17';
      const ask = page.getByTestId('discard-changes');
      const usersLink = page.getByRole('navigation', { name: L.nav.label }).getByRole('link', { name: L.nav.users });

      // Unchanged: the link just goes.
      await usersLink.click();
      await expect(page).toHaveURL(/\/users$/);
      await page.goBack();
      await expect(percent).toHaveValue(before);
      expect(await unloadCancelled(page)).toBe(false);

      await percent.fill(typed);
      await usersLink.click();
      await expect(ask).toBeVisible();
      await expect(ask.getByRole('heading', { name: L.unsaved.title })).toBeVisible();
      await snap(page, `lists-discard-page-${lang}`);
      await ask.getByRole('button', { name: L.unsaved.keep }).click();
      await expect(ask).toBeHidden();
      await expect(page).toHaveURL(/\/system-settings$/);
      await expect(percent).toHaveValue(typed);

      await page.goBack();
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: L.unsaved.keep }).click();
      await expect(page).toHaveURL(/\/system-settings$/);
      await expect(percent).toHaveValue(typed);

      // A reload or closing the tab: the page cancels the unload, so the browser asks.
      expect(await unloadCancelled(page)).toBe(true);

      await usersLink.click();
      await ask.getByRole('button', { name: L.unsaved.discard }).click();
      await expect(page).toHaveURL(/\/users$/);
      await expect(page.getByRole('heading', { name: L.users.title })).toBeVisible();
      // Nothing was saved.
      await page.goto('/system-settings');
      await expect(percent).toHaveValue(before);
    });
  });
}
