import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function promotionId(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

test.describe.serial('print and delivery flow', () => {
  for (const lang of ['no', 'en'] as Lang[]) {
    test(`send to printers is refused with the two modals (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'cm');
      const easter = await promotionId(page, session.bearerToken, 'Påskekampanje');
      await page.goto(`/promotion-report-view?prom_id=${easter}`);
      // The first page after signing in loads the app's code: a loaded CI run took more than 7 s.
      await expect(page.getByRole('heading', { name: L.report.title })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: L.report.send_to_printers }).click();
      await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
      const incomplete = page.getByRole('alertdialog');
      await expect(incomplete.getByText(L.report.not_all_designs_complete)).toBeVisible();
      await snap(page, `report-not-all-complete-${lang}`);
      await incomplete.getByRole('button', { name: L.common.close }).first().click();

      const carCare = await promotionId(page, session.bearerToken, 'Bilpleiekampanje');
      await page.goto(`/promotion-report-view?prom_id=${carCare}`);
      await page.getByRole('button', { name: L.report.send_to_printers }).click();
      await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
      const noPrinter = page.getByRole('alertdialog');
      await expect(noPrinter.getByText(L.report.surfaces_without_printer)).toBeVisible();
      await expect(noPrinter.getByTestId('surfaces-without-printer').locator('li')).toHaveCount(1);
      await snap(page, `report-no-printer-${lang}`);
    });
  }

  test('a manager sends a complete promotion, the printer prints, the distributor delivers', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    const manager = await login(page, 'cm-admin');
    const winter = await promotionId(page, manager.bearerToken, 'Vinterkampanje');

    // The manager: the report with prices, the Excel file, then send.
    await page.goto(`/promotion-report-view?prom_id=${winter}`);
    await expect(page.getByTestId('report-total_price')).toBeVisible();
    const sums = await page.getByTestId('report-sum').locator('td').allInnerTexts();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: L.report.excel }).click();
    const file = await (await downloading).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file!);
    const sheet = book.worksheets[0]!;
    const sumRow = sheet.getRows(1, sheet.rowCount)!.find((r) => r.getCell(1).value === 'Sum')!;
    const sheetSums = (sumRow.values as unknown[]).slice(4).map(Number);
    // The page groups digits in Norwegian (1 200); the sheet holds numbers.
    expect(sheetSums).toEqual(sums.filter(Boolean).map((s) => Number(s.replace(/\s/g, ''))));
    await snap(page, 'report-manager-no');
    await page.getByRole('button', { name: L.report.send_to_printers }).click();
    await page.getByLabel(L.report.comment_for_printers).fill('Matt papir, takk.');
    await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
    await expect(page.getByTestId('sent-to-printers')).toBeVisible();

    // The printer: its list, the report, the HQ download and the Printed dialog.
    const printerContext = await browser.newContext();
    const printer = await printerContext.newPage();
    await useLanguage(printer, 'no');
    await login(printer, 'printer');
    await printer.goto('/print-promotions');
    // The send notified the printer: the bell counts it and lists it.
    await expect(printer.getByTestId('notification-count')).toBeVisible();
    await printer.getByTestId('notification-bell').click();
    await expect(printer.getByRole('menu')).toContainText(fill(L.notifications.kinds.sent_to_printers, { name: 'Vinterkampanje' }));
    await snap(printer, 'notifications-printer-no');
    await printer.keyboard.press('Escape');
    await printer.getByRole('row', { name: /Vinterkampanje/ }).getByRole('link', { name: L.print.open_report }).click();
    await expect(printer.getByTestId('manager-comment')).toContainText('Matt papir');
    const hq = printer.waitForEvent('download');
    await printer.getByRole('link', { name: L.print.hq_image }).first().click();
    expect(fs.statSync((await (await hq).path())!).size).toBeGreaterThan(1000);
    await printer.getByRole('button', { name: L.print.printed }).click();
    const dialog = printer.getByRole('dialog');
    const send = dialog.getByRole('button', { name: L.print.send_to_distributor });
    await expect(send).toBeDisabled();
    for (const box of await dialog.getByRole('checkbox').all()) if (await box.isEnabled()) await box.check();
    await dialog.getByLabel(L.report.tracker_number).fill('CC123456789NO');
    await snap(printer, 'print-printed-dialog-no');
    await dialog.getByLabel(L.report.tracker_number).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(printer.getByTestId('print-report-table').getByText('CC123456789NO').first()).toBeVisible();
    await snap(printer, 'print-report-no');
    await printerContext.close();

    // The distributor: two stations by the dialog, the rest through the API.
    const distributorContext = await browser.newContext();
    const distributor = await distributorContext.newPage();
    await useLanguage(distributor, 'no');
    const dist = await login(distributor, 'distributor');
    await distributor.goto('/distributor-promotions');
    await distributor.getByRole('row', { name: /Vinterkampanje/ }).getByRole('link', { name: L.distribution.open_report }).click();
    await expect(distributor.getByRole('heading', { name: L.report.distributor_title })).toBeVisible();
    await expect(distributor.getByTestId('report-total_price')).toHaveCount(0);
    const rows = distributor.locator('[data-testid^="report-row-"]');
    for (const n of [0, 1]) {
      const row = rows.nth(n);
      await row.getByRole('button', { name: L.report.add_parcel }).click();
      const tracker = distributor.getByRole('dialog');
      const go = tracker.getByRole('button', { name: L.report.send_parcel });
      await expect(go).toBeDisabled();
      for (const box of await tracker.getByRole('checkbox').all()) if (await box.isEnabled()) await box.check();
      await tracker.getByLabel(L.report.tracker_number).fill(`CC90000${n}NO`);
      if (n === 0) await snap(distributor, 'report-tracker-dialog-no');
      await go.click();
      await expect(tracker).toBeHidden();
      await expect(row).toHaveAttribute('data-sent', 'true');
    }
    // Two more at once: the one left without a tracker number is named, then sent anyway.
    const [third, fourth] = [rows.nth(2), rows.nth(3)];
    await third.getByRole('checkbox').check();
    await fourth.getByRole('checkbox').check();
    await distributor.getByRole('button', { name: fill(L.report.send_selected_other, { count: '2' }) }).click();
    const bulk = distributor.getByRole('dialog');
    await bulk.getByTestId('bulk-parcels').getByRole('textbox').first().fill('CC800001NO');
    await bulk.getByRole('button', { name: L.report.send_parcel }).click();
    const forgot = distributor.getByRole('alertdialog');
    await expect(forgot).toContainText(L.report.forgot_tracker);
    await snap(distributor, 'report-forgot-tracker-no');
    await forgot.getByRole('button', { name: L.report.send_anyway }).click();
    await expect(third).toHaveAttribute('data-sent', 'true');
    await expect(fourth).toHaveAttribute('data-sent', 'true');
    await snap(distributor, 'report-distributor-no');

    const report = (await (await distributor.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: winter }, headers: auth(dist.bearerToken) })).json()).data;
    for (const row of report.user_obj as { id: number; all_sent: boolean; surfaces: { surface_id: number; design_id: number; sent: boolean }[] }[]) {
      const open = row.surfaces.filter((s) => !s.sent);
      if (!open.length) continue;
      const res = await distributor.request.post('/api/promotion-distributor/set-distributor-tracker', {
        headers: auth(dist.bearerToken),
        form: {
          promotion_id: String(winter),
          company_id: String(row.id),
          tracker_number: `CC7${row.id}NO`,
          description: '',
          ...Object.fromEntries(open.flatMap((s, i) => [[`sent_surfaces[${i}][surface_id]`, String(s.surface_id)], [`sent_surfaces[${i}][design_id]`, String(s.design_id)]])),
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await distributor.goto('/distributor-promotions');
    await expect(distributor.getByRole('row', { name: /Vinterkampanje/ }).locator('.status-sent-by-the-distributor')).toBeVisible();
    await distributorContext.close();
  });

  test('the report views in English', async ({ page }) => {
    const L = LOCALES.en;
    await useLanguage(page, 'en');
    const session = await login(page, 'admin');
    const coffee = await promotionId(page, session.bearerToken, 'Kaffekampanje');
    await page.goto(`/promotion-report-view?prom_id=${coffee}`);
    await expect(page.getByTestId('printed-parcels')).toBeVisible();
    await expect(page.locator('[data-testid^="report-row-"][data-sent="true"]').first()).toBeVisible();
    await snap(page, 'report-admin-en');
    await page.locator('[data-testid^="report-row-"]').first().getByRole('button', { name: L.report.show_surfaces }).click();
    await expect(page.getByTestId('station-surfaces').locator('li[data-sent="true"]').first()).toBeVisible();
    await snap(page, 'report-station-surfaces-en');
  });

  test('the printer and distributor pages in English', async ({ page, browser }) => {
    const L = LOCALES.en;
    await useLanguage(page, 'en');
    const admin = await login(page, 'admin');
    const spring = await promotionId(page, admin.bearerToken, 'Vårkampanje');
    await page.context().clearCookies();
    await login(page, 'printer');
    await page.goto('/print-promotions');
    await expect(page.getByRole('heading', { name: L.print.title })).toBeVisible();
    await snap(page, 'print-promotions-en');
    await page.goto(`/print-promotion-report?prom_id=${spring}`);
    await expect(page.getByTestId('print-report-table')).toBeVisible();
    await snap(page, 'print-report-en');
    await page.getByRole('button', { name: L.print.printed }).click();
    // The pair printed before cannot be chosen again.
    await expect(page.getByRole('dialog').getByText(L.print.sent_before).first()).toBeVisible();
    await snap(page, 'print-printed-dialog-en');

    const other = await browser.newContext();
    const distributor = await other.newPage();
    await useLanguage(distributor, 'en');
    await login(distributor, 'distributor');
    await distributor.goto('/distributor-promotions');
    await snap(distributor, 'distributor-promotions-en');
    const coffee = distributor.getByRole('row', { name: /Kaffekampanje/ });
    await coffee.getByRole('link', { name: L.distribution.open_report }).click();
    await expect(distributor.getByRole('heading', { name: L.report.distributor_title })).toBeVisible();
    await distributor.locator('[data-testid^="report-row-"][data-sent="false"]').first().getByRole('button', { name: L.report.add_parcel }).click();
    await expect(distributor.getByRole('dialog').getByLabel(L.report.tracker_number)).toBeVisible();
    await snap(distributor, 'report-tracker-dialog-en');
    await other.close();
  });
});
