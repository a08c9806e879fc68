import type { Locator, Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

/*
 * The report pages on a phone (issue 21): at 390 × 844 with touch the page itself never scrolls
 * sideways; the station × surface table scrolls inside its own box with the station column in view.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A seeded promotion's id, looked up as the admin without signing the page in. */
async function promotionId(page: Page, name: string): Promise<number> {
  const login = await page.request.post('/api/auth/login', { form: { email: 'admin@demo.no', password: 'Demo2026' } });
  const token = (await login.json()).data.bearerToken as string;
  const res = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

/**
 * Measured against the phone's width, not innerWidth: a mobile browser widens its layout viewport
 * to fit a page that is too wide, and innerWidth grows with it.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Reachable: scrolled to, it lies within the phone's width. */
async function expectWithinWidth(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/**
 * A full-page screenshot from the top: fixed things (a dialog, the skip link above the screen) are
 * drawn where the page is scrolled to.
 */
async function snapTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** Scrolls the table's own box to its far right: the box does scroll, and the station column stays in it. */
async function expectStickyStationColumn(table: Locator) {
  const scroller = table.locator('xpath=..');
  await table.scrollIntoViewIfNeeded();
  const scrolled = await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    return el.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  const frame = (await scroller.boundingBox())!;
  const station = (await table.locator('tbody tr').first().locator('th').first().boundingBox())!;
  expect(station.x).toBeGreaterThanOrEqual(frame.x - 1);
  expect(station.x).toBeLessThanOrEqual(frame.x + 1);
  await scroller.evaluate((el) => (el.scrollLeft = 0));
}

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test(`admin: the report view fits a phone (${lang})`, async ({ page }) => {
    const winter = await promotionId(page, 'Vinterkampanje');
    const coffee = await promotionId(page, 'Kaffekampanje');
    await useLanguage(page, lang);
    await login(page, 'admin');

    await page.goto(`/promotion-report-view?prom_id=${winter}`);
    await expect(page.getByRole('heading', { name: L.report.title })).toBeVisible();
    await expect(page.getByTestId('report-table')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinWidth(page.getByLabel(L.report.percent));
    await expectWithinWidth(page.getByRole('button', { name: L.report.excel }));
    // Sent to printers already when the print-flow spec ran first: then the page offers no send.
    const send = page.getByRole('button', { name: L.report.send_to_printers });
    if (await send.count()) await expectWithinWidth(send);
    await expectStickyStationColumn(page.getByTestId('report-table'));
    // Money in the interface language: 3 112,50 (a no-break space between groups) or 3,112.50.
    const money = lang === 'no' ? /^\d{1,3}(\u00a0\d{3})*,\d\d$/ : /^\d{1,3}(,\d{3})*\.\d\d$/;
    for (const row of ['report-price', 'report-total_price']) {
      const cells = await page.getByTestId(row).locator('td').allInnerTexts();
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells.filter(Boolean)) expect(cell).toMatch(money);
    }
    await snapTop(page, `report-phone-admin-winter-${lang}`);

    await page.goto(`/promotion-report-view?prom_id=${coffee}`);
    await expect(page.getByTestId('delivery-follow-up')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectStickyStationColumn(page.getByTestId('report-table'));
    await expectWithinWidth(page.getByTestId('delivery-follow-up').getByRole('checkbox'));
    await snapTop(page, `report-phone-admin-coffee-${lang}`);
  });

  test(`cm and cm-admin: the report view fits a phone (${lang})`, async ({ page }) => {
    const winter = await promotionId(page, 'Vinterkampanje');
    await useLanguage(page, lang);
    for (const role of ['cm', 'cm-admin'] as const) {
      await login(page, role);
      await page.goto(`/promotion-report-view?prom_id=${winter}`);
      await expect(page.getByTestId('report-table')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectWithinWidth(page.getByRole('button', { name: L.report.excel }));
      await expectStickyStationColumn(page.getByTestId('report-table'));
    }
  });

  test(`distributor: the report view and a station's parcel fit a phone (${lang})`, async ({ page, axe }) => {
    const coffee = await promotionId(page, 'Kaffekampanje');
    await useLanguage(page, lang);
    await login(page, 'distributor');
    await page.goto(`/promotion-report-view?prom_id=${coffee}`);
    await expect(page.getByRole('heading', { name: L.report.distributor_title })).toBeVisible();
    await expect(page.getByTestId('report-table')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectStickyStationColumn(page.getByTestId('report-table'));
    await expectWithinWidth(page.getByTestId('tracker-import-open'));

    // One station at a time: a card per station, its "+" big enough for a thumb.
    const cards = page.getByTestId('station-parcel-cards');
    const open = cards.getByRole('button', { name: L.report.add_parcel }).first();
    await expectWithinWidth(open);
    const box = (await open.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await snapTop(page, `report-phone-distributor-${lang}`);

    await open.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: L.report.tracker_number })).toBeVisible();
    await expectWithinWidth(dialog.getByRole('button', { name: L.report.send_parcel }));
    await expectNoSidewaysScroll(page);
    await axe.scan(page);
    await snapTop(page, `report-phone-distributor-parcel-${lang}`);
  });

  test(`printer: the print report and its dialog fit a phone (${lang})`, async ({ page, axe }) => {
    const spring = await promotionId(page, 'Vårkampanje');
    await useLanguage(page, lang);
    await login(page, 'printer');
    await page.goto(`/print-promotion-report?prom_id=${spring}`);
    // A card per surface and design, its downloads on the screen.
    const cards = page.getByTestId('print-report-cards');
    await expect(cards.locator('li').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectWithinWidth(cards.getByRole('link', { name: L.print.hq_image }).first());
    const printed = page.getByRole('button', { name: L.print.printed, exact: true });
    await expectWithinWidth(printed);
    await snapTop(page, `report-phone-printer-${lang}`);

    await printed.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: L.print.printed_title })).toBeVisible();
    await expectWithinWidth(dialog.getByRole('button', { name: L.print.send_to_distributor }));
    await expectNoSidewaysScroll(page);
    await axe.scan(page);
    await snapTop(page, `report-phone-printer-dialog-${lang}`);
  });
}
