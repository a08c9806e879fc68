import type { APIRequestContext, Page } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';
import { createUserViaApi, expect, LOCALES, login, loginAs, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';
import { workerBaseURL } from './worker-url';
import { apiSession, apiToken, auth, designUrl, messageWithFile, proofDesign, sendFile, solidPng, type ProofDesign } from './proofing-helpers';

/** Issue 22 points 1, 9 and 10: who sends files of a type, one current print file, the rating drives the status (decisions 004, 030). */

const LANGS: Lang[] = ['no', 'en'];
const chatOf = (page: Page) => page.getByTestId('design-chat');
const heading = (page: Page) => page.getByTestId('design-page').getByRole('heading', { level: 1 });

/** A portrait page for the landscape 70 × 50 cm surface: the preflight finds an error. */
async function portraitPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([500 * 2.835, 700 * 2.835]);
  page.drawRectangle({ x: 100, y: 100, width: 900, height: 1500, color: rgb(0.2, 0.4, 0.8) });
  return Buffer.from(await pdf.save());
}

/** The preflight of the design's current HQ file, once checked. */
async function currentHqPreflight(request: APIRequestContext, token: string, design: ProofDesign) {
  const res = await request.get('/api/design-chat/versions', { params: { chat_id: design.chat_id }, headers: auth(token) });
  const versions = (await res.json()).data.versions as { type_file: string; current: boolean; file_name: string; preflight: { status: string } | null }[];
  const current = versions.find((v) => v.type_file === 'HQ' && v.current);
  return current ? `${current.file_name}:${current.preflight?.status}` : null;
}

/** The page at a phone's width, for the screenshot, then back. */
async function snapPhone(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, name);
  await page.setViewportSize(size);
}

for (const lang of LANGS) {
  test(`a correct HQ PNG replaces an HQ PDF with errors: the send to printers goes through and the printer gets one file (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    const L = LOCALES[lang];
    const admin = await apiToken(request, 'admin');
    const designer = await apiToken(request, 'designer');
    const printer = await apiSession(request, 'printer');
    const design = await proofDesign(request, admin, `Trykkfil ${lang} ${Date.now()}`, 'H50 x W70', printer.id);
    await sendFile(request, designer, design.chat_id, 'hq.pdf', await portraitPdf(), 'HQ');
    await expect.poll(() => currentHqPreflight(request, admin, design), { timeout: 30_000 }).toBe('hq.pdf:errors');

    // The designer sends the corrected file as a PNG: warned that it replaces the PDF.
    await useLanguage(page, lang);
    await login(page, 'designer');
    await page.goto(designUrl(design));
    await expect(messageWithFile(page, 'hq.pdf')).toBeVisible({ timeout: 15_000 });
    const chat = chatOf(page);
    // 2,800 × 2,000 px on 70 × 50 cm: 101 dpi, no error.
    await chat.getByTestId('chat-file-input').setInputFiles({ name: 'hq.png', mimeType: 'image/png', buffer: await solidPng(2800, 2000, '#16a34a') });
    await chat.getByLabel(L.chat.file_type, { exact: true }).selectOption('HQ');
    await expect(chat.getByTestId('replace-warning')).toContainText('hq.pdf');
    await snap(page, `design-flow-replace-warning-${lang}`);
    await snapPhone(page, `design-flow-replace-warning-phone-${lang}`);
    await chat.getByLabel(L.chat.message, { exact: true }).fill('Rettet trykkfil');
    await chat.getByLabel(L.chat.message, { exact: true }).press('Enter');
    await expect(messageWithFile(page, 'hq.png')).toBeVisible();
    await expect(messageWithFile(page, 'hq.pdf')).toHaveCount(0);
    await expect.poll(() => currentHqPreflight(request, admin, design), { timeout: 30_000 }).toMatch(/^hq\.png:(ok|warnings)$/);
    expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Completed' }, headers: auth(admin) })).status()).toBe(200);

    // The manager sends to printers: not refused over the replaced PDF.
    const manager = await (await browser.newContext({ baseURL: workerBaseURL(test.info()) })).newPage();
    await useLanguage(manager, lang);
    await login(manager, 'cm-admin');
    await manager.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
    await manager.getByRole('button', { name: L.report.send_to_printers }).click();
    await manager.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
    await expect(manager.getByTestId('toast')).toContainText(L.server.sent_to_printers);
    await expect(manager.getByTestId('preflight-refused')).toHaveCount(0);
    await manager.context().close();

    // The printer sees the PNG only.
    await page.context().clearCookies();
    await login(page, 'printer');
    await page.goto(`/print-promotion-report?prom_id=${design.promotion_id}`);
    const row = page.getByTestId(`print-row-${design.id}`);
    await expect(row.getByRole('link', { name: L.print.hq_image })).toBeVisible();
    await expect(row.getByRole('link', { name: L.print.hq_document })).toHaveCount(0);
    await snap(page, `design-flow-printer-one-hq-${lang}`);
  });

  test(`approving a sketch makes the design Approved and opens HQ files; cancelling one makes it Correction (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const L = LOCALES[lang];
    const admin = await apiToken(request, 'admin');
    const designer = await apiToken(request, 'designer');
    const name = `Skissevurdering ${lang} ${Date.now()}`;
    const design = await proofDesign(request, admin, name);
    expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Brief' }, headers: auth(admin) })).status()).toBe(200);
    await sendFile(request, designer, design.chat_id, `skisse-1-${lang}.png`, await solidPng(600, 420, '#2563eb'), 'Sketch');

    // The cm approves the sketch: the page says Approved at once.
    await useLanguage(page, lang);
    await login(page, 'cm');
    await page.goto(designUrl(design));
    await expect(heading(page)).toContainText(L.promotions.design_statuses.Brief);
    const rating = messageWithFile(page, `skisse-1-${lang}.png`).getByRole('group', { name: L.chat.rate_sketch });
    await rating.getByRole('button', { name: L.chat.rating_approved }).click();
    await expect(heading(page)).toContainText(L.promotions.design_statuses.Approved);
    await snap(page, `design-flow-sketch-approved-${lang}`);
    await snapPhone(page, `design-flow-sketch-approved-phone-${lang}`);

    // The designer is told, and may now send an HQ file.
    const other = await (await browser.newContext({ baseURL: workerBaseURL(test.info()) })).newPage();
    await useLanguage(other, lang);
    await login(other, 'designer');
    await other.goto(designUrl(design));
    await other.getByTestId('notification-bell').click();
    await expect(other.getByRole('menu')).toContainText(L.notifications.kinds.sketch_approved.replace('{{name}}', name));
    await other.keyboard.press('Escape');
    const chat = chatOf(other);
    await chat.getByTestId('chat-file-input').setInputFiles({ name: `trykk-${lang}.png`, mimeType: 'image/png', buffer: await solidPng(700, 500, '#f59e0b') });
    const type = chat.getByLabel(L.chat.file_type, { exact: true });
    await expect(type.locator('option[value="HQ"]')).toBeEnabled();
    await type.selectOption('HQ');
    await chat.getByLabel(L.chat.message, { exact: true }).press('Enter');
    await expect(messageWithFile(other, `trykk-${lang}.png`).getByTestId('file-type')).toHaveText(L.chat.type_hq);
    await other.context().close();

    // A new sketch, cancelled: the design goes back to Correction.
    await sendFile(request, designer, design.chat_id, `skisse-2-${lang}.png`, await solidPng(600, 420, '#dc2626'), 'Sketch');
    await page.reload();
    const second = messageWithFile(page, `skisse-2-${lang}.png`).getByRole('group', { name: L.chat.rate_sketch });
    await second.getByRole('button', { name: L.chat.rating_cancelled }).click();
    // The cm reviews the design's stage: "cancelled" is a change request, which says what to change (decision 040).
    const dialog = page.getByRole('dialog', { name: L.reviews.changes.title });
    await dialog.getByLabel(L.reviews.changes.comment).fill('Prisen må stå større.');
    await dialog.getByRole('button', { name: L.reviews.changes.submit }).click();
    await expect(heading(page)).toContainText(L.promotions.design_statuses.Correction);
    // The first sketch is an earlier version now: the chat shows it removed.
    await expect(messageWithFile(page, `skisse-1-${lang}.png`)).toHaveCount(0);
    await snap(page, `design-flow-sketch-cancelled-${lang}`);
  });

  test(`a designer who does not hold the design is offered no file type and told who does (${lang})`, async ({ page, request }) => {
    const L = LOCALES[lang];
    const admin = await login(page, 'admin');
    const designer = await apiToken(request, 'designer');
    const design = await proofDesign(request, admin.bearerToken, `Holder ${lang} ${Date.now()}`);
    await sendFile(request, designer, design.chat_id, 'skisse.png', await solidPng(300, 200, '#0ea5e9'), 'Sketch');
    const nora = await createUserViaApi(page, admin.bearerToken, { email: uniqueEmail('designer'), name: 'Nora', surname: 'Designer', role: 'designer' });
    await page.context().clearCookies();

    await useLanguage(page, lang);
    await loginAs(page, nora.email, 'Start1234');
    await page.goto(designUrl(design));
    await expect(page.getByTestId('designer-name')).toHaveText('Sofie');
    const chat = chatOf(page);
    await chat.getByTestId('chat-file-input').setInputFiles({ name: 'min-skisse.png', mimeType: 'image/png', buffer: await solidPng(300, 200, '#a855f7') });
    await expect(chat.getByLabel(L.chat.file_type, { exact: true })).toHaveCount(0);
    await expect(chat.getByTestId('types-held-by')).toHaveText(L.chat.types_held_by.replace('{{name}}', 'Sofie'));
    await snap(page, `design-flow-held-by-other-${lang}`);
    await snapPhone(page, `design-flow-held-by-other-phone-${lang}`);
  });
}
