import type { Page } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';
import { workerBaseURL } from './worker-url';
import { apiSession, apiToken, designUrl, messageWithFile, proofDesign, sendFile, solidPng } from './proofing-helpers';

const review = (page: Page) => page.getByTestId('file-review');
const pinItem = (page: Page, n: number) => review(page).getByTestId('pin-item').and(page.locator(`[data-pin-number="${n}"]`));

/** Clicks (or drags from `from` to `to`) on the reviewed file, in fractions of its size. */
async function mark(page: Page, from: [number, number], to?: [number, number]) {
  const file = review(page).getByTestId('pinned-file');
  const box = (await file.boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  if (to) await page.mouse.move(...at(to), { steps: 5 });
  await page.mouse.up();
}

for (const lang of ['no', 'en'] as Lang[]) {
  test(`pins on a sketch: placed, seen live by the designer, answered, resolved and reopened (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const L = LOCALES[lang];
    const admin = await apiToken(request, 'admin');
    const designer = await apiToken(request, 'designer');
    const design = await proofDesign(request, admin, `Markeringer ${lang} ${Date.now()}`);
    const sketch = `skisse-${lang}.png`;
    await sendFile(request, designer, design.chat_id, sketch, await solidPng(700, 500, '#2563eb'), 'Sketch', 'Første skisse');

    // The cm reviews; the designer has the same file open in another browser.
    await useLanguage(page, lang);
    await login(page, 'cm');
    await page.goto(designUrl(design));
    const other = await (await browser.newContext({ baseURL: workerBaseURL(test.info()) })).newPage();
    await useLanguage(other, lang);
    await login(other, 'designer');
    await other.goto(designUrl(design));
    for (const p of [page, other]) await messageWithFile(p, sketch).getByTestId('review-file').click();
    await expect(review(page).getByTestId('pinned-file').getByRole('img', { name: sketch })).toBeVisible();
    await expect(review(page)).toContainText(L.proofing.no_pins);

    // A click is a point.
    await mark(page, [0.3, 0.4]);
    await review(page).getByLabel(L.proofing.new_point).fill('Prisen må være større');
    await review(page).getByRole('button', { name: L.proofing.save_pin }).click();
    await expect(pinItem(page, 1).getByTestId('pin-text')).toHaveText('Prisen må være større');
    await expect(review(page).getByTestId('pinned-file').locator('[data-pin="1"]')).toBeVisible();
    // A drag is an area.
    await mark(page, [0.55, 0.2], [0.85, 0.45]);
    await review(page).getByLabel(L.proofing.new_area).fill('Logoen skal hit');
    await review(page).getByRole('button', { name: L.proofing.save_pin }).click();
    await expect(pinItem(page, 2)).toBeVisible();

    // The designer sees both without a reload, answers the first; the cm sees the answer.
    await expect(pinItem(other, 1).getByTestId('pin-text')).toHaveText('Prisen må være større');
    await expect(pinItem(other, 2)).toBeVisible();
    await pinItem(other, 1).getByLabel(L.proofing.reply_to.replace('{{number}}', '1')).fill('Rettet i neste versjon');
    await pinItem(other, 1).getByRole('button', { name: L.proofing.reply, exact: true }).click();
    await expect(pinItem(page, 1).getByTestId('pin-reply')).toContainText('Rettet i neste versjon');

    // Resolved by the cm, seen resolved by the designer; reopened again.
    await pinItem(page, 1).getByTestId('pin-resolve').click();
    await expect(pinItem(page, 1)).toHaveAttribute('data-status', 'resolved');
    await expect(pinItem(other, 1)).toHaveAttribute('data-status', 'resolved');
    await expect(pinItem(other, 1).getByTestId('pin-status')).toHaveText(L.proofing.status.resolved);
    await snap(page, `proofing-pins-${lang}`);
    await pinItem(other, 1).getByTestId('pin-reopen').click();
    await expect(pinItem(page, 1)).toHaveAttribute('data-status', 'open');

    // Closed, the chat counts the open pins on the message, and the page's header too.
    await page.keyboard.press('Escape');
    await expect(messageWithFile(page, sketch).getByTestId('open-pins')).toHaveText(L.proofing.open_count_other.replace('{{count}}', '2'));
    await expect(page.getByTestId('design-page').getByTestId('open-pins-badge')).toHaveText(L.proofing.open_pins_other.replace('{{count}}', '2'));

    // Completed while pins are open: asked first, then done.
    await page.getByRole('button', { name: L.design.edit }).click();
    await page.getByLabel(L.design.fields.status).selectOption('Completed');
    await page.getByTestId('brief-form').getByRole('button', { name: L.common.save }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText(L.proofing.complete_with_open_pins_other.replace('{{count}}', '2'));
    await snap(page, `proofing-complete-open-pins-${lang}`);
    await ask.getByRole('button', { name: L.proofing.complete_anyway }).click();
    await expect(page.getByTestId('brief-dialog')).toBeHidden();
    await expect(page.getByTestId('design-page').getByRole('heading', { level: 1 })).toContainText(L.promotions.design_statuses.Completed);
    await other.context().close();
  });
}

test('the first page of a PDF takes pins as an image does', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin');
  const designer = await apiToken(request, 'designer');
  const design = await proofDesign(request, admin, `PDF ${Date.now()}`);
  const pdf = await PDFDocument.create();
  const sheet = pdf.addPage([700 * 2.835, 500 * 2.835]);
  sheet.drawRectangle({ x: 100, y: 100, width: 900, height: 600, color: rgb(0.9, 0.3, 0.1) });
  await sendFile(request, designer, design.chat_id, 'plakat.pdf', Buffer.from(await pdf.save()), 'LQ');
  await useLanguage(page, 'en');
  await login(page, 'cm');
  await page.goto(designUrl(design));
  await messageWithFile(page, 'plakat.pdf').getByTestId('review-file').click();
  const canvas = review(page).getByRole('img', { name: LOCALES.en.proofing.pdf_first_page.replace('{{name}}', 'plakat.pdf') });
  // Drawn: the canvas has the page's shape and the orange rectangle in it.
  await expect.poll(async () => canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.getContext('2d')!.getImageData(c.width / 4, c.height / 2, 1, 1).data[0]! > 200)).toBe(true);
  await mark(page, [0.25, 0.5]);
  await review(page).getByLabel(LOCALES.en.proofing.new_point).fill('Tekst her');
  await review(page).getByRole('button', { name: LOCALES.en.proofing.save_pin }).click();
  await expect(pinItem(page, 1).getByTestId('pin-text')).toHaveText('Tekst her');
  await snap(page, 'proofing-pdf-en');
});

test('two HQ versions compared side by side and overlaid with the slider, each with its pins', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request, 'admin');
  const designer = await apiToken(request, 'designer');
  const design = await proofDesign(request, admin, `Versjoner ${Date.now()}`);
  await sendFile(request, designer, design.chat_id, 'plakat-v1.png', await solidPng(700, 500, '#dc2626'), 'HQ');
  await sendFile(request, designer, design.chat_id, 'plakat-v2.png', await solidPng(700, 500, '#16a34a'), 'HQ');

  for (const lang of ['no', 'en'] as Lang[]) {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    await login(page, 'cm');
    await page.goto(designUrl(design));
    // The first version shows removed in the chat; the review still has it as version 1.
    await messageWithFile(page, 'plakat-v2.png').getByTestId('review-file').click();
    const options = review(page).getByTestId('review-version').locator('option');
    await expect(options).toHaveCount(2);
    if (lang === 'no') {
      // A pin on the old version stays with it.
      await review(page).getByTestId('review-version').selectOption({ index: 0 });
      await expect(review(page)).toContainText(L.proofing.previous_version);
      await mark(page, [0.5, 0.5]);
      await review(page).getByLabel(L.proofing.new_point).fill('Feil farge');
      await review(page).getByRole('button', { name: L.proofing.save_pin }).click();
      await expect(pinItem(page, 1)).toBeVisible();
      await review(page).getByTestId('review-version').selectOption({ index: 1 });
      await expect(review(page)).toContainText(L.proofing.no_pins);
    }
    // The current version lists the open pin of the previous one, and leads to it.
    const earlier = review(page).getByTestId('earlier-pin');
    await expect(earlier).toContainText('Feil farge');
    await earlier.getByRole('button').click();
    await expect(review(page)).toContainText(L.proofing.previous_version);
    await review(page).getByTestId('review-version').selectOption({ index: 1 });
    await review(page).getByTestId('review-tab-compare').click();
    const compare = review(page).getByTestId('version-compare');
    await expect(compare.getByRole('figure')).toHaveCount(2);
    await expect(compare.getByRole('figure').first().locator('[data-pin="1"]')).toBeVisible();
    await expect(compare.getByRole('figure').last().locator('[data-pin]')).toHaveCount(0);
    await snap(page, `proofing-compare-side-${lang}`);
    await compare.getByRole('radio', { name: L.proofing.mode.overlay }).click();
    await expect(compare).toHaveAttribute('data-mode', 'overlay');
    await compare.getByTestId('compare-slider').fill('25');
    await expect(compare.getByTestId('compare-top')).toHaveAttribute('style', /inset\(0px 75% 0px 0px\)|inset\(0 75% 0 0\)/);
    await snap(page, `proofing-compare-overlay-${lang}`);
    await page.keyboard.press('Escape');
  }
});

for (const lang of ['no', 'en'] as Lang[]) {
  test(`an HQ file's preflight shows on its message: checked against the surface, with what was measured (${lang})`, async ({ page, request }) => {
    const L = LOCALES[lang];
    const admin = await apiToken(request, 'admin');
    const designer = await apiToken(request, 'designer');
    const design = await proofDesign(request, admin, `Forhåndskontroll ${lang} ${Date.now()}`);
    // 1,050 × 750 px on 70 × 50 cm (the surface's aspect) is 38 dpi, in RGB.
    await sendFile(request, designer, design.chat_id, `trykk-${lang}.png`, await solidPng(1050, 750, '#f59e0b'), 'HQ');
    await useLanguage(page, lang);
    await login(page, 'cm');
    await page.goto(designUrl(design));
    const badge = messageWithFile(page, `trykk-${lang}.png`).getByTestId('preflight-badge');
    await expect(badge).toHaveAttribute('data-status', 'errors');
    await expect(badge.locator('summary')).toHaveText(`${L.preflight.title}: ${L.preflight.status.errors_one.replace('{{count}}', '1')}`);
    await badge.locator('summary').click();
    await page.getByTestId('chat-messages').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const checks = badge.getByTestId('preflight-checks');
    await expect(checks.locator('[data-level="error"]')).toContainText('38 dpi');
    // Numbers as the language writes them: 1 050 pixels and the ratio 1,4 in Norwegian.
    await expect(checks.locator('[data-level="error"]')).toContainText(lang === 'no' ? '1\u00a0050 × 750' : '1,050 × 750');
    await expect(checks.locator('[data-level="ok"]').first()).toContainText(lang === 'no' ? '1,4' : '1.4');
    await expect(checks.locator('[data-level="warning"]')).toContainText('RGB');
    await expect(badge).toContainText(L.preflight.against.replace('{{size}}', 'H50 x W70 cm'));
    await snap(page, `preflight-badge-${lang}`);
  });
}

test('send to printers lists the designs whose HQ file has preflight errors: a cm-admin cannot send, an admin can, and the printer sees the badge', async ({ page, request }) => {
  test.setTimeout(120_000);
  const L = LOCALES.no;
  const admin = await apiToken(request, 'admin');
  const designer = await apiToken(request, 'designer');
  const printer = await apiSession(request, 'printer');
  const name = `Trykkfeil ${Date.now()}`;
  const design = await proofDesign(request, admin, name, 'H50 x W70', printer.id);
  await sendFile(request, designer, design.chat_id, 'lav-oppløsning.png', await solidPng(700, 500, '#0ea5e9'), 'HQ');
  // The check runs after the message is stored: wait until it has found its errors.
  await expect
    .poll(async () => {
      const res = await request.get('/api/design-chat/versions', { params: { chat_id: design.chat_id }, headers: { Authorization: `Bearer ${admin}` } });
      return (await res.json()).data.versions.at(-1)?.preflight?.status;
    })
    .toBe('errors');
  expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Completed' }, headers: { Authorization: `Bearer ${admin}` } })).status()).toBe(200);

  await useLanguage(page, 'no');
  await login(page, 'cm-admin');
  await page.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
  await page.getByRole('button', { name: L.report.send_to_printers }).click();
  await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
  const refused = page.getByTestId('preflight-refused');
  await expect(refused).toContainText('lav-oppløsning.png');
  await expect(refused).toContainText(L.report.preflight_refused_others);
  await expect(refused.getByTestId('send-anyway')).toHaveCount(0);
  await snap(page, 'preflight-refused-cm-admin-no');
  await refused.getByRole('button', { name: L.common.close }).first().click();

  await login(page, 'admin');
  await page.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
  await page.getByRole('button', { name: L.report.send_to_printers }).click();
  await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
  await expect(refused).toContainText(L.report.preflight_refused_admin);
  await snap(page, 'preflight-refused-admin-no');
  await refused.getByTestId('send-anyway').click();
  await expect(refused).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(L.server.sent_to_printers);

  // The override is in the promotion's history.
  await page.goto(`/promotion-settings?prom_id=${design.promotion_id}&action=edit`);
  await page.getByRole('button', { name: L.promotions.history }).click();
  await expect(page.getByText(L.promotions.events.preflight_override)).toBeVisible();

  // The printer sees the file's preflight in its report.
  await useLanguage(page, 'en');
  await login(page, 'printer');
  await page.goto(`/print-promotion-report?prom_id=${design.promotion_id}`);
  const badge = page.getByTestId('preflight-badge').first();
  await expect(badge).toHaveAttribute('data-status', 'errors');
  await badge.locator('summary').click();
  await expect(badge.getByTestId('preflight-checks')).toContainText('dpi');
  await snap(page, 'preflight-printer-report-en');
});
