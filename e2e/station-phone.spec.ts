import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { expect, fill, LOCALES, login, loginAs, snap, test, useLanguage, type Lang } from './fixtures';
import { stationsWithCoffeeParcel } from './coffee-parcel';

/*
 * A store's day on a phone (issue 21): every station page at 390 × 844 with touch, thumb first.
 * Each language signs in as a station of its own, so the two runs do not meet in the data.
 */
const PHONE = { width: 390, height: 844 };
const STATION: Record<Lang, string> = { no: 'station07@demo.no', en: 'station08@demo.no' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const photo = (colour: string) => sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();

/**
 * The page itself never scrolls sideways: whatever is wider scrolls inside its own box. Measured
 * against the phone's width, not innerWidth: a mobile browser widens its layout viewport to fit a
 * page that is too wide, and innerWidth grows with it.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Wholly on the screen as it is, without scrolling: left, right, top and bottom. */
async function expectOnScreen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** A station with an unconfirmed Kaffekampanje parcel: each language takes another one. */
const stationWithCoffeeParcel = async (page: Page, lang: Lang) => (await stationsWithCoffeeParcel(page, 2))[lang === 'no' ? 0 : 1]!;

type PlannerSurface = { id: number; name: string; vendor_code: number; locked: boolean };
async function plannerSurfaces(page: Page, token: string) {
  const res = await page.request.get('/company_api/company-planner', { params: { count_show: 100 }, headers: auth(token) });
  const data = (await res.json()).data as { surfaces: PlannerSurface[]; userSurfacesData: Record<string, number> };
  return data.surfaces.map((s) => ({ ...s, amount: data.userSurfacesData[s.id] ?? 0 }));
}

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const lang of ['no', 'en'] as Lang[]) {
  test.describe.serial(`a station on a phone (${lang})`, () => {
    test(`plans amounts by thumb: cards, − / +, whole numbers only, one save bar (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await loginAs(page, STATION[lang]);
      await page.goto('/company-planner');
      await expect(page.getByRole('heading', { level: 1, name: L.company.planner.title })).toBeVisible();
      const cards = page.getByTestId('planner-cards');
      await expect(cards.locator('li').first()).toBeVisible();
      await expect(page.getByTestId('planner-table')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      // The first amount field and the save bar are on the screen as the page opens.
      await expectOnScreen(page, cards.locator('li').first().getByRole('textbox'));
      const bar = page.getByTestId('planner-save-bar');
      await expectOnScreen(page, bar);
      await expect(bar).toContainText(L.company.planner.all_saved);
      await snap(page, `station-phone-planner-${lang}`);

      const surfaces = await plannerSurfaces(page, session.bearerToken);
      const open = surfaces.find((s) => !s.locked)!;
      const locked = surfaces.find((s) => s.locked)!;
      await page.getByRole('searchbox', { name: L.common.search }).fill(open.name);
      const card = page.getByTestId(`planner-card-${open.vendor_code}`);
      await expect(card).toBeVisible();
      const field = card.getByRole('textbox', { name: fill(L.company.planner.amount_of, { name: open.name }) });
      await expect(field).toHaveValue(String(open.amount));
      await expect(field).toHaveAttribute('inputmode', 'numeric');

      // Nothing but a whole number of 0 or more: refused in the field, kept as typed, never another number.
      const refusals: [string, string][] = [
        ['2.5', L.validation.amount_whole_number],
        ['2,5', L.validation.amount_whole_number],
        ['-3', L.validation.amount_min_0],
        ['1e3', L.validation.amount_digits_only],
        ['12abc', L.validation.amount_digits_only],
      ];
      const save = bar.getByRole('button');
      for (const [typed, message] of refusals) {
        await field.fill(typed);
        await expect(field).toHaveValue(typed);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(card.getByRole('alert')).toHaveText(message);
        await expect(save).toBeDisabled();
        await expect(bar).toContainText(fill(L.company.planner.fix_fields_one, { count: '1' }));
      }
      await snap(page, `station-phone-planner-refused-${lang}`);

      // Typed, then one more with the + stepper, by touch.
      await field.fill(String(open.amount + 4));
      await expect(card.getByRole('alert')).toHaveCount(0);
      await card.getByRole('button', { name: fill(L.company.planner.increase, { name: open.name }) }).tap();
      await expect(field).toHaveValue(String(open.amount + 5));
      await expect(card.getByTestId('planner-card-state')).toHaveText(L.company.planner.state.not_saved);
      await expect(card).toHaveAttribute('data-changed', 'true');
      await expectOnScreen(page, bar);
      await snap(page, `station-phone-planner-changed-${lang}`);
      await save.tap();
      await expect(page.getByTestId('toast')).toContainText(fill(L.company.planner.saved_all_one, { count: '1' }));
      await expect(card.getByTestId('planner-card-state')).toHaveText(L.company.planner.state.saved);
      await expect(bar).toContainText(L.company.planner.all_saved);
      expect((await plannerSurfaces(page, session.bearerToken)).find((s) => s.id === open.id)!.amount).toBe(open.amount + 5);

      // Offline, the status panel at the foot of the screen does not cover the save bar.
      await page.context().setOffline(true);
      const status = page.getByTestId('offline-status');
      await expect(status).toBeVisible();
      await expect.poll(async () => (await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeLessThanOrEqual((await status.boundingBox())!.y + 1);
      await snap(page, `station-phone-planner-offline-${lang}`);
      await page.context().setOffline(false);
      await expect(status).toBeHidden();

      // A locked surface says why, and offers nothing to change.
      await page.getByRole('searchbox', { name: L.common.search }).fill(locked.name);
      const lockedCard = page.getByTestId(`planner-card-${locked.vendor_code}`);
      await expect(lockedCard.getByTestId('planner-card-state')).toHaveText(L.company.planner.locked_hint);
      await expect(lockedCard.getByRole('textbox')).toBeDisabled();
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-planner-locked-${lang}`);

      // The history: a card per change, the newest first.
      await page.goto('/history-planner');
      const latest = page.getByTestId('history-cards').locator('li').first();
      await expect(latest).toContainText(open.name);
      await expect(latest).toContainText(String(open.amount + 5));
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-history-${lang}`);
    });

    test(`opens the parcel from the start page, confirms it with a problem and photographs the surface (${lang})`, async ({ page, axe }) => {
      test.setTimeout(90_000);
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      await loginAs(page, await stationWithCoffeeParcel(page, lang));

      // The start page names the parcel to confirm; its link opens that parcel, not the list.
      // Kaffekampanje runs now and has reached the first half of the stations (the seed).
      await page.goto('/');
      const item = page.getByTestId('waiting-item').filter({ hasText: 'Kaffekampanje' }).and(page.locator('[data-kind="delivery_to_confirm"]')).first();
      await expect(item).toBeVisible();
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-start-${lang}`);
      await item.getByRole('link').tap();
      await expect(page).toHaveURL(/\/user-promotions\/\d+\?parcel=\d+$/);
      const parcelId = new URL(page.url()).searchParams.get('parcel')!;
      const sheet = page.getByTestId('user-promotion-sheet');
      await expect(sheet.getByRole('heading', { level: 1, name: 'Kaffekampanje' })).toBeVisible();
      const parcel = sheet.getByTestId(`parcel-${parcelId}`);
      await expect(parcel).toHaveAttribute('data-target', 'true');
      await expect(parcel).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-parcel-${lang}`);

      const note = lang === 'no' ? 'Én plakat mangler.' : 'One poster is missing.';
      await parcel.getByRole('radio', { name: L.delivery.receipt.answer_problem }).tap();
      await parcel.getByLabel(L.delivery.receipt.note_required).fill(note);
      await parcel.getByRole('button', { name: L.delivery.receipt.save }).tap();
      await expect(parcel.getByTestId(`receipt-${parcelId}`)).toContainText(note);

      // Confirmed: the start page now asks for a photo of each surface, each linking to its own place.
      await page.goto('/');
      const photoItem = page.locator('[data-kind="placement_to_photograph"]').filter({ hasText: 'Kaffekampanje' }).first();
      await expect(photoItem).toBeVisible();
      await photoItem.getByRole('link').tap();
      await expect(page).toHaveURL(/\/user-promotions\/\d+\?surface=\d+$/);
      const surfaceId = new URL(page.url()).searchParams.get('surface')!;
      const surface = page.getByTestId(`placement-surface-${surfaceId}`);
      await expect(surface).toHaveAttribute('data-target', 'true');
      await expect(surface).toBeInViewport();
      await surface.locator('input[type=file]').setInputFiles({ name: 'oppe.jpg', mimeType: 'image/jpeg', buffer: await photo(lang === 'no' ? '#2d6a4f' : '#9d4edd') });
      await expect(surface.getByRole('button', { name: L.common.enlarge_image })).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-photo-${lang}`);
      await axe.scan(page);
    });

    test(`reads its promotions as cards and opens one as a sheet at its own address (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      await loginAs(page, STATION[lang]);
      await page.goto('/user-promotions');
      const cards = page.getByTestId('promotion-cards');
      const card = cards.locator('li').filter({ hasText: 'Nyttårskampanje' });
      await expect(card).toBeVisible();
      await expect(page.getByTestId('promotions-table')).toHaveCount(0);
      // Name, period and status on the card itself; a deadline only of the station's own kinds.
      await expect(card).toContainText(/\d{2}[./]\d{2}[./]\d{4} – \d{2}[./]\d{2}[./]\d{4}/);
      for (const badge of await cards.getByTestId('deadline-badge').all()) {
        expect(['sent_to_printers', 'delivered']).toContain(await badge.getAttribute('data-milestone'));
      }
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-promotions-${lang}`);

      await card.getByRole('link').tap();
      await expect(page).toHaveURL(/\/user-promotions\/\d+$/);
      const sheet = page.getByTestId('user-promotion-sheet');
      const tracker = sheet.getByTestId('tracker-link').first();
      await expect(tracker).toBeVisible();
      const box = (await tracker.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expectNoSidewaysScroll(page);
      await snap(page, `station-phone-sheet-${lang}`);
      // Back goes to the list, as the sheet's own back link does.
      await sheet.getByRole('link', { name: L.company.promotions.back }).tap();
      await expect(page).toHaveURL(/\/user-promotions$/);
    });
  });
}

test('a promotion the station does not see is not found at its address', async ({ page }) => {
  await useLanguage(page, 'en');
  const session = await login(page, 'admin');
  // A draft nobody is shown: no station sees it.
  const made = await page.request.post('/api/promotions', {
    form: { name: `Ikke for butikker ${Date.now()}`, period_from: '2027-03-01', period_to: '2027-03-14' },
    headers: auth(session.bearerToken),
  });
  const id = (await made.json()).data.promotion.id as number;
  await page.context().clearCookies();
  await loginAs(page, STATION.en);
  await page.goto(`/user-promotions/${id}`);
  await expect(page).toHaveURL(/\/not-found-404$/);
});
