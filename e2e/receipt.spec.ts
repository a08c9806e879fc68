import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const PHONE = { width: 375, height: 812 };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A small photo of "the material on the wall". */
const photo = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();

/** The page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Nyttårskampanje (delivered to every station, its delivery milestone past) as the distributor lists it. */
async function newYearId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/promotion-distributor/get-promotions', { params: { 'obj_search[input_value]': 'Nyttårskampanje' }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === 'Nyttårskampanje');
  expect(row).toBeTruthy();
  return row!.id;
}

test.describe.serial('receipt and proof of placement', () => {
  for (const lang of ['no', 'en'] as Lang[]) {
    test(`a station on a phone confirms receipt with a problem and adds a photo; staff and the distributor see it (${lang})`, async ({ page, browser, axe }) => {
      test.setTimeout(120_000);
      const L = LOCALES[lang];
      const note = lang === 'no' ? 'To plakater mangler, vimpelen er revet.' : 'Two posters missing, the pennant is torn.';
      await page.setViewportSize(PHONE);
      await useLanguage(page, lang);
      const station = await login(page, 'user');
      await page.goto('/user-promotions');
      await page.getByRole('searchbox', { name: L.common.search }).fill('Nyttår');
      // On a phone the list is cards; the whole card opens the promotion's sheet at its own address.
      const cards = page.getByTestId('promotion-cards');
      await expect(cards.locator('li')).toHaveCount(1);
      await cards.getByRole('link', { name: /Nyttårskampanje/ }).click();
      await expect(page).toHaveURL(/\/user-promotions\/\d+$/);
      const dialog = page.getByTestId('user-promotion-sheet');
      const receipts = dialog.getByTestId('parcel-receipts');
      await expect(receipts).toBeVisible();
      const parcel = receipts.locator('article').first();
      const parcelId = Number((await parcel.getAttribute('data-testid'))!.replace('parcel-', ''));
      // The first run answers; a later one changes the answer.
      if (await parcel.getByRole('button', { name: L.delivery.receipt.change }).isVisible()) await parcel.getByRole('button', { name: L.delivery.receipt.change }).click();

      await parcel.getByRole('radio', { name: L.delivery.receipt.answer_problem }).click();
      const noteBox = parcel.getByLabel(L.delivery.receipt.note_required);
      await noteBox.fill('');
      await parcel.getByRole('button', { name: L.delivery.receipt.save }).click();
      await expect(parcel.getByRole('alert')).toHaveText(L.validation.receipt_note_required);
      await noteBox.fill(note);
      // Typing the note takes its error away.
      await expect(parcel.getByRole('alert')).toHaveCount(0);
      await snap(page, `receipt-form-phone-${lang}`);
      await parcel.getByRole('button', { name: L.delivery.receipt.save }).click();
      const answer = parcel.getByTestId(`receipt-${parcelId}`);
      await expect(answer).toContainText(L.delivery.receipt.problem);
      await expect(answer).toContainText(note);
      await expectNoSidewaysScroll(page);

      // Proof of placement: a photo of the first delivered surface, then the big viewer.
      const surface = dialog.getByTestId('placement-photos').locator('article').first();
      const before = await surface.getByRole('button', { name: L.common.enlarge_image }).count();
      await surface.locator('input[type=file]').setInputFiles({ name: 'oppe.jpg', mimeType: 'image/jpeg', buffer: await photo(lang === 'no' ? '#1e5ac8' : '#c8283c') });
      await expect(surface.getByRole('button', { name: L.common.enlarge_image })).toHaveCount(before + 1);
      await surface.scrollIntoViewIfNeeded();
      await snap(page, `placement-phone-${lang}`);
      await axe.scan(page);
      await surface.getByRole('button', { name: L.common.enlarge_image }).last().click();
      const viewer = page.getByTestId('image-viewer');
      await expect(viewer.locator('img')).toBeVisible();
      await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
      const box = (await viewer.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await snap(page, `placement-viewer-phone-${lang}`);
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();

      // The distributor's page: sent → received (problem and note) → placed, the photo in the big viewer.
      const distributorContext = await browser.newContext();
      const distributor = await distributorContext.newPage();
      await useLanguage(distributor, lang);
      const dist = await login(distributor, 'distributor');
      const promotionId = await newYearId(distributor, dist.bearerToken);
      await distributor.goto(`/promotion-report-view?prom_id=${promotionId}`);
      const followUp = distributor.getByTestId('delivery-follow-up');
      await expect(followUp).toBeVisible();
      const row = followUp.getByTestId(`follow-up-${station.mergedUserData.id}`);
      await expect(row).toContainText(L.delivery.receipt.problem);
      await expect(row).toContainText(note);
      await expect(row).toContainText(L.delivery.follow_up.sent_sent);
      // The thumbnails load lazily: in view, as a person scrolls to them.
      await row.scrollIntoViewIfNeeded();
      await row.getByRole('button', { name: L.common.enlarge_image }).last().click();
      await expect(distributor.getByTestId('image-viewer').locator('img')).toBeVisible();
      await snap(distributor, `follow-up-viewer-distributor-${lang}`);
      await distributor.keyboard.press('Escape');
      await followUp.scrollIntoViewIfNeeded();
      await snap(distributor, `follow-up-distributor-${lang}`);
      await distributorContext.close();

      // The cm: the stations that have not confirmed by the delivery milestone (past for Nyttårskampanje).
      const cmContext = await browser.newContext();
      const cm = await cmContext.newPage();
      await useLanguage(cm, lang);
      await login(cm, 'cm');
      await cm.goto(`/promotion-report-view?prom_id=${promotionId}`);
      const late = cm.getByTestId('follow-up-late');
      await expect(late).toBeVisible();
      const cmFollowUp = cm.getByTestId('delivery-follow-up');
      // The station answered (a problem is an answer too): not late.
      await expect(cmFollowUp.getByTestId(`follow-up-${station.mergedUserData.id}`).getByTestId('late-badge')).toHaveCount(0);
      const allRows = await cmFollowUp.locator('tbody tr').count();
      await cmFollowUp.getByLabel(new RegExp(L.delivery.follow_up.only_late_other.split(' (')[0]!)).check();
      const lateRows = cmFollowUp.locator('tbody tr');
      await expect(lateRows.first().getByTestId('late-badge')).toBeVisible();
      expect(await lateRows.count()).toBeLessThan(allRows);
      await cmFollowUp.scrollIntoViewIfNeeded();
      await snap(cm, `follow-up-late-cm-${lang}`);
      await cmContext.close();
    });

    test(`the distributor previews a tracker file with an error row and cannot apply it (${lang})`, async ({ page, axe }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const dist = await login(page, 'distributor');
      const promotionId = await newYearId(page, dist.bearerToken);
      const report = (await (await page.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: promotionId }, headers: auth(dist.bearerToken) })).json()).data;
      const station = (report.delivery.stations as { station_id: number; name: string; parcels: { tracker_number: string }[] }[]).find((s) => s.parcels.length)!;
      await page.goto(`/promotion-report-view?prom_id=${promotionId}`);
      await page.getByTestId('tracker-import-open').click();
      const dialog = page.getByTestId('tracker-import-dialog');
      await expect(dialog.getByRole('heading', { name: L.delivery.import.title })).toBeVisible();
      const csv = ['Stasjon;Sporingsnummer', `${station.station_id};NY-${lang}-123`, 'Finnes ikke AS;CC000NO'].join('\n');
      await dialog.getByTestId('tracker-import-input').setInputFiles({ name: 'sporing.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const good = dialog.getByTestId('tracker-import-row-2');
      await expect(good).toContainText(station.name);
      await expect(good).toContainText(`NY-${lang}-123`);
      await expect(good).toContainText(L.delivery.import.update);
      await expect(good).toContainText(station.parcels.at(-1)!.tracker_number);
      await expect(dialog.getByTestId('tracker-import-row-3')).toContainText(L.validation.station_unknown);
      await expect(dialog.getByTestId('tracker-import-summary')).toHaveText(fill(L.delivery.import.summary_errors_one, { count: '1' }));
      await expect(dialog.getByTestId('tracker-import-apply')).toBeDisabled();
      await snap(page, `tracker-import-preview-${lang}`);
      await axe.scan(page);
    });
  }
});
