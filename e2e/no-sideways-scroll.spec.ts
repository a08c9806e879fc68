import { mayOpen, ROUTE_ACCESS, type AppRoute } from '../packages/shared/src/routes';
import { expect, LOCALES, login, snap, test, useLanguage, type DemoRole } from './fixtures';

/*
 * Issue 21: for every role, no page scrolls sideways as a whole on a 390 px phone. Every route of
 * the menu that the role may open, as a phone shows it (isMobile, touch). Wide tables scroll in
 * their own box; the page itself stays within the screen. Measured against 390 px, not innerWidth:
 * a mobile browser widens its layout viewport to fit a page that is too wide.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Routes with an address of their own (the ones that need an id are checked by their own specs). */
const PAGES = (Object.keys(ROUTE_ACCESS) as AppRoute[]).filter(
  (r) => !['/promotion-settings', '/promotion-design', '/promotion-report-view', '/print-promotion-report', '/view-feedback'].includes(r),
);
const ROLES: DemoRole[] = ['admin', 'cm', 'cm-admin', 'designer', 'printer', 'distributor', 'user'];

for (const role of ROLES) {
  test(`every page of the ${role} fits a 390 px phone`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, 'no');
    await login(page, role);
    const tooWide: string[] = [];
    for (const route of PAGES.filter((r) => mayOpen(role, r))) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Lists fill in after their first answer: wait for the loading text to go.
      await expect(page.getByText(LOCALES.no.common.load_data, { exact: true })).toHaveCount(0);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (width > PHONE.width) {
        tooWide.push(`${route}: ${width} px`);
        await snap(page, `too-wide-${role}-${route.replace(/\W+/g, '-')}`);
      }
    }
    expect(tooWide).toEqual([]);
  });
}
