import type { Locator, Page } from '@playwright/test';
import type { AxeChecker } from './axe';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const PHONE = { width: 390, height: 844 };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The page itself never scrolls sideways: whatever is wider scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Every table sits in a box no wider than the screen that scrolls it sideways. */
async function expectTablesScrollInside(page: Page) {
  const tables = page.locator('main table');
  await expect(tables.first()).toBeVisible();
  const boxes = await tables.evaluateAll((all) =>
    all.map((table) => {
      const box = table.parentElement!;
      return { overflowX: getComputedStyle(box).overflowX, right: box.getBoundingClientRect().right, wider: table.scrollWidth > box.clientWidth };
    }),
  );
  const width = page.viewportSize()!.width;
  for (const box of boxes) {
    expect(box.overflowX).toBe('auto');
    expect(box.right).toBeLessThanOrEqual(width);
  }
  return boxes.some((b) => b.wider);
}

/** A modal lies wholly on the screen. */
async function expectFitsScreen(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** The page with its heading and (when given) its content shown: no sideways scroll, a screenshot kept. */
async function checkPage(page: Page, heading: string, shot: string, ready?: Locator) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (ready) await expect(ready).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, shot);
}

/**
 * Below 1024 px the sidebar is hidden and the menu button opens it as a drawer: Escape closes it and
 * gives focus back to the button; a link in it navigates and closes it.
 */
async function useDrawer(page: Page, axe: AxeChecker, lang: Lang, links: string[], follow: { name: string; url: RegExp }, shot: string) {
  const L = LOCALES[lang];
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const button = page.getByRole('button', { name: L.header.open_menu });
  await button.click();
  const drawer = page.getByRole('dialog', { name: L.app.name });
  const nav = drawer.getByRole('navigation', { name: L.nav.label });
  await expect(nav.getByRole('link')).toHaveText(links);
  await expectFitsScreen(page, drawer);
  await expect(drawer).toContainText(L.app.name);
  await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await snap(page, shot);
  await axe.scan(page);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await drawer.getByRole('link', { name: follow.name }).click();
  await expect(page).toHaveURL(follow.url);
  await expect(drawer).toBeHidden();
}

for (const lang of ['no', 'en'] as Lang[]) {
  test.describe(`on a phone (${lang})`, () => {
    test.use({ viewport: PHONE });

    // The station's pages on a phone: e2e/station-phone.spec.ts (cards, sheets and a day by touch).
    test(`the station's start page and menu (${lang})`, async ({ page, axe }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      await login(page, 'user');
      await page.goto('/');
      await checkPage(page, L.dashboard.title, `phone-station-dashboard-${lang}`);
      await useDrawer(
        page,
        axe,
        lang,
        [L.nav.dashboard, L.nav.company_planner, L.nav.history_planner, L.nav.user_promotions, L.nav.feedback_messages],
        { name: L.nav.user_promotions, url: /\/user-promotions/ },
        `phone-station-drawer-${lang}`,
      );
      await checkPage(page, L.company.promotions.title, `phone-station-promotions-${lang}`, page.getByTestId('promotion-cards'));
    });

    test(`the category manager's main pages (${lang})`, async ({ page, axe }) => {
      test.setTimeout(90_000);
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      const session = await login(page, 'cm');
      await page.goto('/');
      await checkPage(page, L.dashboard.title, `phone-cm-dashboard-${lang}`);
      await useDrawer(
        page,
        axe,
        lang,
        [L.nav.dashboard, L.nav.promotions, L.nav.insights, L.nav.users, L.nav.feedback_messages],
        { name: L.nav.promotions, url: /\/promotions/ },
        `phone-cm-drawer-${lang}`,
      );

      // A promotion is a card read at once, its actions at its foot.
      const easterCard = page.getByTestId('promotion-cards').locator('li').filter({ hasText: 'Påskekampanje' });
      await checkPage(page, L.promotions.title, `phone-cm-promotions-${lang}`, easterCard);
      const action = easterCard.getByRole('link', { name: L.promotions.add_design }).or(easterCard.getByRole('link', { name: L.promotions.to_surfaces }));
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });

      const list = await page.request.get('/api/promotions', { params: { count_show: 100 }, headers: auth(session.bearerToken) });
      const easter = ((await list.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === 'Påskekampanje')!.id;
      await page.goto(`/promotion-settings?prom_id=${easter}&action=edit`);
      await checkPage(page, 'Påskekampanje', `phone-cm-promotion-edit-${lang}`, page.getByRole('textbox', { name: L.promotions.fields.name }));
      await page.goto(`/promotion-settings?prom_id=${easter}&action=surfaces`);
      await checkPage(page, 'Påskekampanje', `phone-cm-promotion-surfaces-${lang}`, page.getByTestId('surface-cards').locator('> *').first());

      const pairs = await page.request.get('/api/promotion-surface-design', { params: { promotion_id: easter }, headers: auth(session.bearerToken) });
      const surface = ((await pairs.json()).data.surfaces as { surface: { id: number }; designs: { id: number; name: string }[] }[]).find(
        (s) => s.designs.length > 0,
      )!;
      const design = surface.designs[0]!;
      await page.goto(`/promotion-design?prom_id=${easter}&sur_id=${surface.surface.id}&prom_sur_des_id=${design.id}`);
      await checkPage(page, design.name, `phone-cm-design-${lang}`, page.getByTestId('brief-info'));
      await page.getByRole('button', { name: L.design.edit }).click();
      const brief = page.getByTestId('brief-dialog');
      await expectFitsScreen(page, brief);
      await snap(page, `phone-cm-brief-dialog-${lang}`);
      await page.keyboard.press('Escape');
      await expect(brief).toBeHidden();

      await page.goto('/products');
      await checkPage(page, L.products.title, `phone-cm-products-${lang}`, page.getByRole('row').nth(1).getByRole('cell').nth(1));
      expect(await expectTablesScrollInside(page)).toBe(true);
    });
  });
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 800, height: 1100 } });
  test('the menu button and drawer replace the sidebar; the page does not scroll sideways', async ({ page, axe }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    await login(page, 'user');
    await page.goto('/company-planner');
    await checkPage(page, L.company.planner.title, 'phone-tablet-planner-no', page.getByTestId(/^planner-row-/).first());
    await expectTablesScrollInside(page);
    await useDrawer(
      page,
      axe,
      'no',
      [L.nav.dashboard, L.nav.company_planner, L.nav.history_planner, L.nav.user_promotions, L.nav.feedback_messages],
      { name: L.nav.history_planner, url: /\/history-planner/ },
      'phone-tablet-drawer-no',
    );
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('the sidebar stays and there is no menu button', async ({ page }) => {
    const L = LOCALES.en;
    await useLanguage(page, 'en');
    await login(page, 'user');
    await page.goto('/company-planner');
    await expect(page.getByRole('heading', { level: 1, name: L.company.planner.title })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.user_promotions })).toBeVisible();
    await expect(page.getByRole('button', { name: L.header.open_menu })).toBeHidden();
    const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
    expect(sidebar.width).toBeGreaterThan(200);
    await expectNoSidewaysScroll(page);
    await snap(page, 'phone-desktop-planner-en');
  });
});
