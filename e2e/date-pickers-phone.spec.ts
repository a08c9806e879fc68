import type { Locator, Page } from '@playwright/test';
import { expect, fill, LOCALES, login, test, useLanguage, type DemoRole, type Lang } from './fixtures';
import { snapScreen } from './snap-screen';

/*
 * Every date picker of the app on a 390 px phone with touch (issue 33): the promotion lists' range
 * picker showed two months in a 674 px popover, December and the month arrows off the screen.
 * On a phone each picker shows one month, lies within the screen and both its arrows work; on a
 * desk the range picker keeps its two months (spec 001 §2.2).
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
const DATE_LOCALE: Record<Lang, string> = { no: 'nb-NO', en: 'en-GB' };

/** A month as the calendar names its grid: "desember 2026", "December 2026". */
const monthName = (lang: Lang, year: number, month: number) =>
  new Intl.DateTimeFormat(DATE_LOCALE[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month, 1));

/** The year and month (0–11) a grid shows, read from its name. */
function shownMonth(lang: Lang, name: string): { year: number; month: number } {
  const year = Number(/\d{4}/.exec(name)![0]);
  const month = [...Array(12).keys()].find((m) => monthName(lang, year, m) === name);
  expect(month, `a month named "${name}"`).toBeDefined();
  return { year, month: month! };
}

/** Wholly within the phone's screen: measured against 390 px, since a mobile browser widens its viewport for a page too wide. */
async function expectWithinScreen(target: Locator, screen: { width: number; height: number }) {
  const box = (await target.boundingBox())!;
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(screen.width);
  expect(box.y, 'top edge').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(screen.height);
}

/**
 * One month in the popover, both arrows on the screen; back one month with the left arrow, then
 * forward with the right one to December, each month checked on the way. Returns December's grid.
 */
async function walkToDecember(popover: Locator, lang: Lang, screen: { width: number; height: number }) {
  const grid = popover.getByRole('grid');
  await expect(grid).toHaveCount(1);
  const previous = popover.locator('.rdp-button_previous');
  const next = popover.locator('.rdp-button_next');
  await expectWithinScreen(previous, screen);
  await expectWithinScreen(next, screen);

  let { year, month } = shownMonth(lang, (await grid.getAttribute('aria-label'))!);
  await previous.tap();
  [year, month] = month === 0 ? [year - 1, 11] : [year, month - 1];
  await expect(grid).toHaveAttribute('aria-label', monthName(lang, year, month));
  do {
    await next.tap();
    [year, month] = month === 11 ? [year + 1, 0] : [year, month + 1];
    await expect(grid).toHaveAttribute('aria-label', monthName(lang, year, month));
  } while (month !== 11);
  return { grid, year };
}

/** The range picker of a promotion list: opens, lies within the phone's screen, one month, December picked by tap. */
async function checkRangePicker(page: Page, lang: Lang, shot: string) {
  const L = LOCALES[lang];
  await page.getByTestId('date-range').tap();
  const popover = page.getByRole('dialog', { name: L.common.pick_dates });
  await expect(popover.getByRole('grid').first()).toBeVisible();
  await expectWithinScreen(popover, PHONE);
  await snapScreen(page, `date-pickers-phone-${shot}-${lang}`);
  const { grid, year } = await walkToDecember(popover, lang, PHONE);
  await grid.getByRole('gridcell').filter({ hasText: /^15$/ }).getByRole('button').tap();
  await expect(page).toHaveURL(new RegExp(`from=${year}-12-15`));
}

/** A day field's calendar: opens, lies within the screen, one month, December's 15th picked by tap into the field. */
async function checkDayPicker(page: Page, lang: Lang, field: { id: string; label: string }, shot: string) {
  const L = LOCALES[lang];
  const name = fill(L.common.choose_date_for, { field: field.label });
  await page.getByTestId(`${field.id}-calendar`).tap();
  const popover = page.getByRole('dialog', { name });
  await expect(popover.getByRole('grid')).toBeVisible();
  await expectWithinScreen(popover, PHONE);
  await snapScreen(page, `date-pickers-phone-${shot}-${lang}`);
  const { grid, year } = await walkToDecember(popover, lang, PHONE);
  await grid.getByRole('gridcell').filter({ hasText: /^15$/ }).getByRole('button').tap();
  await expect(page.locator(`#${field.id}`)).toHaveValue(lang === 'no' ? `15.12.${year}` : `15/12/${year}`);
}

/** A promotion the admin may move the milestones of: the first of the list. */
async function somePromotionId(page: Page, token: string) {
  const res = await page.request.get('/api/promotions', { params: { count_show: 1 }, headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()).data.promotions as { id: number }[])[0]!.id;
}

const LISTS: { role: DemoRole; path: string; shot: string }[] = [
  { role: 'admin', path: '/promotions', shot: 'promotions' },
  { role: 'printer', path: '/print-promotions', shot: 'print' },
  { role: 'distributor', path: '/distributor-promotions', shot: 'distributor' },
  { role: 'user', path: '/user-promotions', shot: 'station' },
];

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test.describe(`date pickers on a phone (${lang})`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    for (const list of LISTS) {
      test(`the range picker of ${list.path} shows one month within the screen and reaches December (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await login(page, list.role);
        await page.goto(list.path);
        await checkRangePicker(page, lang, list.shot);
      });
    }

    test(`the promotion form's period days (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/promotion-settings?action=create');
      await checkDayPicker(page, lang, { id: 'promotion-to', label: L.promotions.fields.period_to }, 'promotion-form');
    });

    test(`a promotion's milestone day (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      const session = await login(page, 'admin');
      const id = await somePromotionId(page, session.bearerToken);
      await page.goto(`/promotion-settings?prom_id=${id}&action=edit`);
      const editor = page.getByTestId('milestones-editor');
      const field = editor.getByRole('textbox').first();
      await expect(field).toBeVisible();
      const fieldId = (await field.getAttribute('id'))!;
      const label = (await editor.locator(`label[for="${fieldId}"]`).textContent())!.trim();
      await checkDayPicker(page, lang, { id: fieldId, label }, 'milestone');
    });

    test(`the audit log's days (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/audit-log');
      await checkDayPicker(page, lang, { id: 'audit-to', label: L.audit.filter_to }, 'audit');
    });

    test(`the insights' days (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/insights');
      await checkDayPicker(page, lang, { id: 'insights-from', label: L.insights.from }, 'insights');
    });
  });

  test.describe(`date pickers on a desk (${lang})`, () => {
    test.use({ viewport: DESK });

    test(`the range picker keeps two months side by side with both arrows (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/promotions');
      await page.getByTestId('date-range').click();
      const popover = page.getByRole('dialog', { name: L.common.pick_dates });
      await expect(popover.getByRole('grid')).toHaveCount(2);
      await expectWithinScreen(popover, DESK);
      await expectWithinScreen(popover.locator('.rdp-button_previous'), DESK);
      await expectWithinScreen(popover.locator('.rdp-button_next'), DESK);
      await snapScreen(page, `date-pickers-desk-promotions-${lang}`);
    });
  });
}
