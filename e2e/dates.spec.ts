import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

// A promotion's period is a pair of calendar days in Oslo (decision 012): created in one browser's
// time zone, it reads the same in every other, in the list, the settings page and the Excel file.
const ZONES = ['UTC', 'Europe/Oslo', 'America/Los_Angeles'] as const;
type Zone = (typeof ZONES)[number];

/** 24 November – 23 December 2026 as the interface writes it, and 1 December as its calendar names the day. */
const WRITTEN: Record<Lang, { from: string; to: string; firstOfMonth: string; firstDayButton: RegExp }> = {
  no: { from: '24.11.2026', to: '23.12.2026', firstOfMonth: '01.12.2026', firstDayButton: /^tirsdag 1\. desember 2026/ },
  en: { from: '24/11/2026', to: '23/12/2026', firstOfMonth: '01/12/2026', firstDayButton: /^Tuesday,? 1 December 2026/ },
};

async function pageIn(browser: Browser, zone: Zone, lang: Lang) {
  const context = await browser.newContext({ timezoneId: zone });
  const page = await context.newPage();
  await useLanguage(page, lang);
  const session = await login(page, 'admin');
  return { page, token: `Bearer ${session.bearerToken}` };
}

const zoneTag = (zone: Zone) => zone.replace(/\W+/g, '-').toLowerCase();

/** The period cell of the promotion's row in the list, found by its name. */
async function listedPeriod(page: Page, lang: Lang, name: string) {
  const L = LOCALES[lang];
  await page.goto('/promotions');
  await page.getByLabel(L.common.search, { exact: true }).fill(name);
  const row = page.getByTestId('promotions-table').locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row.locator('td').filter({ hasText: /\d{4}.*–/ });
}

/** The period row (the second) of the Excel file the report page downloads. */
async function excelPeriod(page: Page, lang: Lang, id: number) {
  await page.goto(`/promotion-report-view?prom_id=${id}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: LOCALES[lang].report.excel }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await downloading).path())!);
  return book.worksheets[0]!.getRow(2).getCell(1).value;
}

for (const lang of ['no', 'en'] as Lang[]) {
  // Created in a different zone per language, so both the zone west of UTC and UTC itself create.
  const creatorZone: Zone = lang === 'no' ? 'UTC' : 'America/Los_Angeles';

  test(`a period created in ${creatorZone} reads the same in UTC, Oslo and Los Angeles (${lang})`, async ({ browser, axe }) => {
    test.setTimeout(150_000);
    const L = LOCALES[lang];
    const W = WRITTEN[lang];
    const pages = new Map<Zone, Page>();
    for (const zone of ZONES) pages.set(zone, (await pageIn(browser, zone, lang)).page);

    // Created with the app's own picker: the start typed, the end picked in its calendar with the keyboard.
    const creator = pages.get(creatorZone)!;
    await creator.goto('/promotion-settings?action=create');
    const form = creator.getByTestId('promotion-form');
    const name = `E2E periode ${lang} ${Date.now()}`;
    await form.getByLabel(L.promotions.fields.name).fill(name);
    const from = form.getByLabel(L.promotions.fields.period_from, { exact: true });
    await expect(from).toHaveAttribute('placeholder', L.common.date_placeholder);
    await from.fill(W.from);
    const to = form.getByLabel(L.promotions.fields.period_to, { exact: true });
    await to.fill(W.firstOfMonth);
    await form.getByRole('button', { name: L.common.choose_date_for.replace('{{field}}', L.promotions.fields.period_to) }).click();
    // The calendar opens on the chosen day, with the focus on it.
    await expect(creator.getByRole('button', { name: W.firstDayButton })).toBeFocused();
    await snap(creator, `dates-picker-${lang}`);
    await axe.scan(creator);
    // Three weeks and a day on: 23 December.
    await creator.keyboard.press('ArrowDown');
    await creator.keyboard.press('ArrowDown');
    await creator.keyboard.press('ArrowDown');
    await creator.keyboard.press('ArrowRight');
    await creator.keyboard.press('Enter');
    await expect(to).toHaveValue(W.to);
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(creator).toHaveURL(/prom_id=\d+&action=surfaces$/);
    const id = Number(new URL(creator.url()).searchParams.get('prom_id'));

    for (const zone of ZONES) {
      const page = pages.get(zone)!;
      await expect(await listedPeriod(page, lang, name), zone).toHaveText(`${W.from} – ${W.to}`);
      await snap(page, `dates-list-${zoneTag(zone)}-${lang}`);
      await page.goto(`/promotion-settings?prom_id=${id}&action=edit`);
      const edit = page.getByTestId('promotion-form');
      await expect(edit.getByLabel(L.promotions.fields.period_from, { exact: true }), zone).toHaveValue(W.from);
      await expect(edit.getByLabel(L.promotions.fields.period_to, { exact: true }), zone).toHaveValue(W.to);
      // The file is for the stores in Norway: dd.mm.yyyy in either language.
      expect(await excelPeriod(page, lang, id), zone).toBe('24.11.2026 – 23.12.2026');
    }
    for (const page of pages.values()) await page.context().close();
  });
}

test('the list keeps a period up to its last day in Los Angeles too, and the range picker speaks Norwegian', async ({ browser }) => {
  const L = LOCALES.no;
  const { page, token } = await pageIn(browser, 'America/Los_Angeles', 'no');
  const created = await page.request.post('/api/promotions', {
    form: { name: `E2E siste dag ${Date.now()}`, period_from: '2026-12-01', period_to: '2026-12-23' },
    headers: { Authorization: token },
  });
  expect(created.status()).toBe(201);
  const { promotion } = (await created.json()).data;
  // A range (kept in the URL) starting on the last day keeps it; one starting the day after does not.
  const rangeFrom = async (day: string) => {
    await page.goto(`/promotions?from=${day}`);
    await page.getByLabel(L.common.search, { exact: true }).fill(promotion.name);
  };
  const row = page.getByTestId(`promotion-row-${promotion.id}`);
  await rangeFrom('2026-12-23');
  await expect(row).toContainText('01.12.2026 – 23.12.2026');
  await rangeFrom('2026-12-24');
  await expect(page.getByTestId('promotions-table')).toContainText(L.promotions.empty);
  await expect(row).toHaveCount(0);
  await page.getByTestId('date-range').click();
  await expect(page.getByRole('grid', { name: 'desember 2026' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Gå til neste måned/ })).toBeVisible();
  await snap(page, 'dates-range-no');
  await page.context().close();
});
