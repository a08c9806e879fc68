import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_EMAILS, DEMO_PASSWORD, expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

/** Issue 12: what printers download stays fixed, the print pages say what is missing, statuses tell the truth. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const LANGS: Lang[] = ['no', 'en'];

async function apiToken(request: APIRequestContext, role: keyof typeof DEMO_EMAILS): Promise<string> {
  const res = await request.post('/api/auth/login', { form: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.bearerToken;
}

async function promotionId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.get('/api/promotions', { params: { 'obj_search[input_value]': name, count_show: 100 }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

type Surfaces = { surface: { id: number }; designs: { id: number; design_id: number }[] }[];
const surfacesOf = async (request: APIRequestContext, token: string, id: number): Promise<Surfaces> =>
  (await (await request.get('/api/promotion-surface-design', { params: { promotion_id: id }, headers: auth(token) })).json()).data.surfaces;

/**
 * A promotion of its own, made like the seeded ready one (Vinterkampanje: surfaces with printers
 * that stations plan) and sent to printers by the cm-admin without ever notifying the admin.
 */
async function sentCopy(request: APIRequestContext, name: string): Promise<number> {
  const token = await apiToken(request, 'cm-admin');
  const ready = await surfacesOf(request, token, await promotionId(request, token, 'Vinterkampanje'));
  const created = await request.post('/api/promotions', { form: { name, period_from: '2031-03-01', period_to: '2031-04-01' }, headers: auth(token) });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.promotion.id as number;
  for (const s of ready) {
    expect((await request.post('/api/promotion-surfaces', { form: { promotion_id: String(id), surface_id: String(s.surface.id) }, headers: auth(token) })).status()).toBe(200);
    for (const d of s.designs) {
      const added = await request.post('/api/promotion-surface-design', {
        form: { promotion_id: String(id), surface_id: String(s.surface.id), design_id: String(d.design_id) },
        headers: auth(token),
      });
      expect(added.status(), await added.text()).toBe(200);
      const psd = (await added.json()).data.id as number;
      expect((await request.put(`/api/promotion-surface-design/${psd}`, { form: { status: 'Completed' }, headers: auth(token) })).status()).toBe(200);
    }
  }
  const sent = await request.post('/api/promotion-surface-design/sending-notification-printers', {
    form: { promotion_id: String(id), percent_report: '0', description_cm: '' },
    headers: auth(token),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return id;
}

test.describe('print files and statuses once sent to printers', () => {
  for (const lang of LANGS) {
    test(`the designer is offered no way to change or remove an HQ file of a sent promotion (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'designer');
      const spring = await promotionId(page.request, session.bearerToken, 'Vårkampanje');
      const [first] = await surfacesOf(page.request, session.bearerToken, spring);
      await page.goto(`/promotion-design?prom_id=${spring}&sur_id=${first!.surface.id}&prom_sur_des_id=${first!.designs[0]!.id}`);
      const fixed = page.getByTestId('chat-message').filter({ has: page.getByTestId('print-file-fixed') });
      await expect(fixed.first()).toBeVisible();
      await expect(fixed.first()).toContainText(L.chat.print_file_fixed);
      await expect(fixed.first().getByRole('button', { name: L.common.delete })).toHaveCount(0);
      const chat = page.getByTestId('design-chat');
      await chat.getByTestId('chat-file-input').setInputFiles({ name: 'ny-trykkfil.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      const type = chat.getByLabel(L.chat.file_type);
      await expect(type.locator('option', { hasText: L.chat.type_hq })).toBeDisabled();
      await expect(type.locator('option', { hasText: L.chat.type_lq })).toBeEnabled();
      await expect(chat.getByTestId('print-files-fixed')).toHaveText(L.chat.print_files_fixed);
      await fixed.first().scrollIntoViewIfNeeded();
      await snap(page, `print-hq-fixed-${lang}`);
    });

    test(`a promotion sent without notifying reads "sent to printers", offers no Notify admin, and the admin takes it back (${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const name = `Tilbaketrekk ${lang} ${Date.now()}`;
      const id = await sentCopy(page.request, name);
      await login(page, 'admin');
      await page.goto(`/promotion-settings?prom_id=${id}&action=surfaces`);
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await expect(page.locator('.status-sent-to-printers')).toHaveText(L.promotions.statuses.sent_to_printers);
      await expect(page.getByRole('button', { name: L.promotions.notify_admin })).toHaveCount(0);

      await page.goto(`/promotion-report-view?prom_id=${id}`);
      await expect(page.getByTestId('sent-to-printers')).toBeVisible();
      await expect(page.getByRole('button', { name: L.report.send_to_printers })).toHaveCount(0);
      await page.getByRole('button', { name: L.report.take_back }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(L.report.take_back_text);
      await snap(page, `print-take-back-confirm-${lang}`);
      await confirm.getByRole('button', { name: L.report.take_back }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('sent-to-printers')).toHaveCount(0);
      await expect(page.getByRole('button', { name: L.report.send_to_printers })).toBeVisible();
      await snap(page, `print-taken-back-${lang}`);

      await page.goto(`/promotion-settings?prom_id=${id}&action=surfaces`);
      await page.getByRole('button', { name: L.promotions.history }).click();
      await expect(page.getByTestId('promotion-history')).toContainText(L.promotions.events.taken_back_from_printers);
      await expect(page.locator('.status-sent-to-printers')).toHaveCount(0);
    });
  }

  test('only the admin is offered the take-back', async ({ page }) => {
    test.setTimeout(90_000);
    const id = await sentCopy(page.request, `Tilbaketrekk cm-admin ${Date.now()}`);
    await useLanguage(page, 'no');
    await login(page, 'cm-admin');
    await page.goto(`/promotion-report-view?prom_id=${id}`);
    await expect(page.getByTestId('sent-to-printers')).toBeVisible();
    await expect(page.getByRole('button', { name: LOCALES.no.report.take_back })).toHaveCount(0);
  });
});

async function printerPage(page: Page, lang: Lang, promotion: string) {
  await useLanguage(page, lang);
  const session = await login(page, 'printer');
  const admin = await apiToken(page.request, 'admin');
  const id = await promotionId(page.request, admin, promotion);
  await page.goto(`/print-promotion-report?prom_id=${id}`);
  await expect(page.getByTestId('print-report-table')).toBeVisible();
  return session;
}

test.describe('the printer pages', () => {
  for (const lang of LANGS) {
    test(`the Printed dialog sends with a pair chosen and says a missing tracker number at its field (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await printerPage(page, lang, 'Vårkampanje');
      const printed = page.getByRole('button', { name: L.print.printed });
      await expect(printed).toBeEnabled();
      await printed.click();
      const dialog = page.getByRole('dialog');
      const send = dialog.getByRole('button', { name: L.print.send_to_distributor });
      await expect(send).toBeDisabled();
      await dialog.getByRole('checkbox', { disabled: false }).first().check();
      await expect(send).toBeEnabled();
      let posted = false;
      page.on('request', (r) => {
        if (r.url().includes('/set-printed')) posted = true;
      });
      await send.click();
      await expect(dialog.getByRole('alert')).toHaveText(L.validation.tracker_number_required);
      await expect(dialog.getByLabel(L.report.tracker_number)).toBeFocused();
      expect(posted).toBe(false);
      await snap(page, `print-tracker-required-${lang}`);

      // A chosen pair is work: closing asks first; Keep editing keeps it, Discard closes.
      await page.keyboard.press('Escape');
      const ask = page.getByRole('alertdialog', { name: L.unsaved.title });
      await ask.getByRole('button', { name: L.unsaved.keep }).click();
      await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
      await dialog.getByRole('button', { name: L.common.cancel }).click();
      await ask.getByRole('button', { name: L.unsaved.discard }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(posted).toBe(false);
    });

    test(`the distributor block says what is missing, and Printed rests when everything is printed (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      // The distributor of the system settings without address and phone.
      await page.route('**/api/print-promotion-report/get-report**', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        body.data.distributor = { ...body.data.distributor, address: '', phone: '' };
        await route.fulfill({ response: res, json: body });
      });
      await printerPage(page, lang, 'Nyttårskampanje');
      const block = page.getByTestId('distributor-block');
      await expect(block).toContainText(L.print.address_missing);
      await expect(block).toContainText(L.print.phone_missing);
      await expect(page.getByRole('button', { name: L.print.printed })).toBeDisabled();
      await expect(page.getByTestId('nothing-left')).toHaveText(L.print.nothing_left);
      await snap(page, `print-nothing-left-${lang}`);
    });

    test(`the distributor block shows the distributor's address and phone (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await printerPage(page, lang, 'Vårkampanje');
      const block = page.getByTestId('distributor-block');
      await expect(block.locator('p')).toHaveCount(3);
      await expect(block).not.toContainText(L.print.address_missing);
      await expect(block).not.toContainText(L.print.phone_missing);
    });

    test(`the printer's image viewer is at most 500 px wide (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await printerPage(page, lang, 'Vårkampanje');
      await page.getByRole('button', { name: L.common.enlarge_image }).first().click();
      const viewer = page.getByTestId('image-viewer');
      await expect(viewer.locator('img')).toBeVisible();
      const box = (await viewer.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(500);
      await snap(page, `print-image-viewer-${lang}`);
    });

    test(`the distributor dialog calls a pair sent but not yet printed "not printed yet" (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'distributor');
      const spring = await promotionId(page.request, await apiToken(page.request, 'admin'), 'Vårkampanje');
      const report = (await (await page.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: spring }, headers: auth(session.bearerToken) })).json()).data;
      const unprinted = new Set((report.columns as { id: number; printed: boolean }[]).filter((c) => !c.printed).map((c) => c.id));
      expect(unprinted.size).toBeGreaterThan(0);
      const station = (report.user_obj as { id: number; all_sent: boolean; surfaces: { id: number }[] }[]).find((r) => !r.all_sent && r.surfaces.some((s) => unprinted.has(s.id)))!;
      await page.goto(`/promotion-report-view?prom_id=${spring}`);
      await page.getByTestId(`report-row-${station.id}`).getByRole('button', { name: L.report.add_parcel }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('tracker-surfaces')).toContainText(L.report.not_printed_yet);
      await expect(dialog.getByTestId('tracker-surfaces')).not.toContainText(L.report.not_sent_to_printer);
      await snap(page, `print-distributor-not-printed-${lang}`);
    });
  }
});

test('the cm sees the same totals rows in the web report and in its Excel file', async ({ page }) => {
  const L = LOCALES.no;
  await useLanguage(page, 'no');
  const session = await login(page, 'cm');
  const id = await promotionId(page.request, session.bearerToken, 'Påskekampanje');
  await page.goto(`/promotion-report-view?prom_id=${id}`);
  await expect(page.getByTestId('report-price')).toBeVisible();
  await expect(page.getByTestId('report-total_price')).toHaveCount(0);
  const web = await page.locator('tfoot th').allInnerTexts();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: L.report.excel }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await downloading).path())!);
  const sheet = book.worksheets[0]!;
  const firstCells = sheet.getRows(1, sheet.rowCount)!.map((r) => String(r.getCell(1).value ?? ''));
  const totals = firstCells.slice(firstCells.lastIndexOf('Sum'));
  expect(totals).toEqual(['Sum', 'Prosent / Percent', 'Totalt antall / Total number', 'Pris per enhet / Price per unit']);
  expect(web).toHaveLength(totals.length);
  await snap(page, 'print-report-cm-totals-no');
});
