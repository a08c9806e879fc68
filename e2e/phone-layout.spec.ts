import type { Locator, Page } from '@playwright/test';
import { expect, fill, LOCALES, login, loginAs, snap, test, useLanguage, type Lang } from './fixtures';
import { stationsWithCoffeeParcel } from './coffee-parcel';
import { snapScreen } from './snap-screen';

/*
 * A store's day on a 390 px phone with touch (issue 33): a parcel opened from "waiting for me"
 * lands below the sheet's sticky header, a toast leaves the page's heading and the save bar in
 * view, the insights tables show that they scroll sideways, and turning on notifications stops
 * waiting for a push service that never answers.
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };
/** Stations no other spec signs in as: each language takes one of its own. */
const PLANNER_STATION: Record<Lang, string> = { no: 'station21@demo.no', en: 'station22@demo.no' };

/** A station with an unconfirmed Kaffekampanje parcel: other than those station-phone.spec.ts takes. */
const stationWithCoffeeParcel = async (page: Page, lang: Lang) => (await stationsWithCoffeeParcel(page, 4))[lang === 'no' ? 2 : 3]!;

const boxOf = async (target: Locator) => (await target.boundingBox())!;
const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test.describe(`a phone's page parts (${lang})`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test(`a parcel opened from "waiting for me" lands below the sheet's sticky header (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await loginAs(page, await stationWithCoffeeParcel(page, lang));
      await page.goto('/');
      const item = page.getByTestId('waiting-item').filter({ hasText: 'Kaffekampanje' }).and(page.locator('[data-kind="delivery_to_confirm"]')).first();
      await item.getByRole('link').tap();
      await expect(page).toHaveURL(/\/user-promotions\/\d+\?parcel=\d+$/);
      const parcelId = new URL(page.url()).searchParams.get('parcel')!;
      const sheet = page.getByTestId('user-promotion-sheet');
      const parcel = sheet.getByTestId(`parcel-${parcelId}`);
      await expect(parcel).toHaveAttribute('data-target', 'true');
      await expect(parcel).toBeFocused();

      // The header is stuck at the top of the screen; the parcel's top edge shows below it.
      const header = sheet.locator('header').first();
      const head = await boxOf(header);
      expect(head.y).toBe(0);
      const box = await boxOf(parcel);
      expect(box.y, `parcel top ${box.y} below the header's foot ${head.y + head.height}`).toBeGreaterThanOrEqual(head.y + head.height);
      expect(box.y).toBeLessThan(PHONE.height / 2);
      await expect(parcel).toBeInViewport({ ratio: 0.5 });
      await snapScreen(page, `phone-layout-parcel-${lang}`);
    });

    test(`a toast leaves the page's heading and the save bar in view (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await loginAs(page, PLANNER_STATION[lang]);
      await page.goto('/company-planner');
      const heading = page.getByRole('heading', { level: 1, name: L.company.planner.title });
      await expect(heading).toBeVisible();
      const card = page.getByTestId('planner-cards').locator('li').filter({ has: page.locator('input:enabled') }).first();
      const name = (await card.getByRole('heading').first().textContent())!.trim();
      await card.getByRole('button', { name: fill(L.company.planner.increase, { name }) }).tap();
      const bar = page.getByTestId('planner-save-bar');
      await bar.getByRole('button').tap();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText(fill(L.company.planner.saved_all_one, { count: '1' }));

      const shown = await boxOf(toast);
      expect(overlaps(shown, await boxOf(heading)), 'the toast covers the heading').toBe(false);
      // At the foot of the screen, above the save bar and its button.
      expect(shown.y + shown.height).toBeLessThanOrEqual((await boxOf(bar)).y + 1);
      expect(shown.y).toBeGreaterThan(PHONE.height / 2);
      await snapScreen(page, `phone-layout-toast-${lang}`);
    });

    test(`an insights table wider than the phone says it scrolls sideways (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/insights');
      const chart = page.getByTestId('chart-cost-by-month');
      await chart.getByRole('button', { name: L.insights.show_table }).tap();
      // A table whose columns do not fit 390 px, found once (its edges change as it scrolls).
      await expect(page.getByTestId('side-scroll').first()).toBeVisible();
      const tableId = await page.locator('[data-testid^="table-"]').filter({ has: page.locator('[data-overflow-right="true"]') }).first().getAttribute('data-testid');
      const wide = page.getByTestId(tableId!).locator('[data-overflow-right]');
      await expect(wide).toHaveAttribute('data-overflow-right', 'true');
      await expect(wide).toHaveAttribute('data-overflow-left', 'false');
      await expect(wide.getByTestId('side-scroll-hint')).toHaveText(L.insights.scroll_hint);
      await wide.scrollIntoViewIfNeeded();
      // The page is ten screens long: the table itself is the picture to look at.
      await page.getByTestId(tableId!).screenshot({ path: `test-results/screenshots/phone-layout-insights-table-${lang}.png` });
      // Scrolled to its end, the left edge is shaded instead.
      await wide.getByTestId('side-scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(wide).toHaveAttribute('data-overflow-left', 'true');
      await expect(wide).toHaveAttribute('data-overflow-right', 'false');
    });

    test(`turning on notifications stops after 15 s when the push service never answers, and offers to try again (${lang})`, async ({ page, context }) => {
      await context.grantPermissions(['notifications']);
      // A push service that never answers the browser's subscription.
      await page.addInitScript(() => {
        PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
      });
      await page.clock.install();
      await useLanguage(page, lang);
      await login(page, 'user');
      await page.goto('/');
      const button = page.getByTestId('push-turn-on');
      await button.tap();
      await expect(button).toHaveText(L.push.turning_on);
      await expect(button).toBeDisabled();
      await page.clock.fastForward(15_000);
      await expect(button).toHaveText(L.push.try_again);
      await expect(button).toBeEnabled();
      await expect(page.getByTestId('push-devices').getByRole('status')).toHaveText(L.push.timed_out);
      await snap(page, `phone-layout-push-timeout-${lang}`);
    });
  });

  test.describe(`the same parts on a desk (${lang})`, () => {
    test.use({ viewport: DESK });

    test(`an insights table that fits shows no hint (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await login(page, 'admin');
      await page.goto('/insights');
      const chart = page.getByTestId('chart-cost-by-month');
      await chart.getByRole('button', { name: L.insights.show_table }).click();
      await expect(chart.getByTestId('side-scroll')).toBeVisible();
      await expect(chart.getByTestId('side-scroll-hint')).toHaveCount(0);
      await snap(page, `phone-layout-insights-desk-${lang}`);
    });
  });
}
