import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type DemoRole, type Lang } from './fixtures';

const NO = LOCALES.no;
const EN = LOCALES.en;

type NavKey = keyof typeof NO.nav;
const CATALOG: NavKey[] = ['categories', 'surfaces', 'products', 'designs'];
/** The catalogue import closes the Catalog group for the roles that may import. */
const IMPORTS = new Set<DemoRole>(['admin', 'cm-admin']);
/** The price sign templates (issue 34) close it for the roles that manage them; a designer's Catalog holds only them. */
const TEMPLATES = new Set<DemoRole>(['admin', 'cm-admin', 'designer']);
const BROWSES = new Set<DemoRole>(['admin', 'cm', 'cm-admin']);
const HREF: Partial<Record<NavKey, string>> = {
  dashboard: '/',
  promotions: '/promotions',
  insights: '/insights',
  users: '/users',
  print_promotions: '/print-promotions',
  distributor_promotions: '/distributor-promotions',
  categories: '/categories',
  surfaces: '/surfaces',
  products: '/products',
  designs: '/designs',
  catalogue_import: '/catalogue-import',
  sign_templates: '/sign-templates',
  company_planner: '/company-planner',
  history_planner: '/history-planner',
  user_promotions: '/user-promotions',
  system_settings: '/system-settings',
  audit_log: '/audit-log',
  feedback_messages: '/feedback-messages',
};

/**
 * The sidebar links of each role in their order on screen; `catalog` marks where the collapsed
 * Catalog group sits (its four links appear there once it is opened).
 */
const SIDEBAR: Record<DemoRole, (NavKey | 'catalog')[]> = {
  admin: ['dashboard', 'promotions', 'insights', 'users', 'catalog', 'system_settings', 'audit_log', 'feedback_messages'],
  cm: ['dashboard', 'promotions', 'insights', 'users', 'catalog', 'feedback_messages'],
  'cm-admin': ['dashboard', 'promotions', 'insights', 'users', 'catalog', 'feedback_messages'],
  designer: ['dashboard', 'promotions', 'users', 'catalog', 'feedback_messages'],
  printer: ['dashboard', 'print_promotions', 'feedback_messages'],
  distributor: ['dashboard', 'distributor_promotions', 'feedback_messages'],
  user: ['dashboard', 'company_planner', 'history_planner', 'user_promotions', 'feedback_messages'],
};

const linkKeys = (role: DemoRole, catalogOpen: boolean): NavKey[] =>
  SIDEBAR[role].flatMap((k) =>
    k === 'catalog'
      ? catalogOpen
        ? [...(BROWSES.has(role) ? CATALOG : []), ...(IMPORTS.has(role) ? (['catalogue_import'] as NavKey[]) : []), ...(TEMPLATES.has(role) ? (['sign_templates'] as NavKey[]) : [])]
        : []
      : [k],
  );

/** Waits for exactly these link names (in order) in the sidebar, then checks where each link goes. */
async function expectSidebarLinks(page: Page, keys: NavKey[], lang: Lang = 'no') {
  const links = page.getByTestId('sidebar').getByRole('link');
  await expect(links).toHaveText(keys.map((k) => LOCALES[lang].nav[k]));
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(keys.map((k) => HREF[k]));
}

test.describe('language', () => {
  test('the flag button switches the language, and the choice survives a reload', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    const toggle = page.getByTestId('language-toggle');
    await expect(sidebar.getByRole('link', { name: NO.nav.users })).toBeVisible();
    await expect(toggle).toHaveAccessibleName(NO.header.switch_language);
    await expect(page.locator('html')).toHaveAttribute('lang', 'no');

    await toggle.click();
    await expect(sidebar.getByRole('link', { name: EN.nav.users })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: NO.nav.users })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: EN.dashboard.title })).toBeVisible();
    await expect(toggle).toHaveAccessibleName(EN.header.switch_language);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('LANGUAGE'))).toBe('en');

    await page.reload();
    await expect(sidebar.getByRole('link', { name: EN.nav.users })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: EN.nav.dashboard })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await toggle.click();
    await expect(sidebar.getByRole('link', { name: NO.nav.users })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('LANGUAGE'))).toBe('no');
    await page.reload();
    await expect(sidebar.getByRole('link', { name: NO.nav.users })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: EN.nav.users })).toHaveCount(0);
    await expect(page.getByTestId('language-toggle')).toHaveAccessibleName(NO.header.switch_language);
  });

  test('a stored LANGUAGE other than no/en is ignored and Norwegian is shown', async ({ page }) => {
    await page.goto('/login');
    for (const stored of ['de', 'EN', '"en"']) {
      await page.evaluate((v) => localStorage.setItem('LANGUAGE', v), stored);
      await page.reload();
      await expect(page.getByRole('heading', { name: NO.auth.title }), `LANGUAGE=${stored}`).toBeVisible();
      await expect(page.getByLabel(NO.auth.email)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'no');
    }
    // A valid value, by contrast, is used.
    await page.evaluate(() => localStorage.setItem('LANGUAGE', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { name: EN.auth.title })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('LANGUAGE', 'xx'));
    await login(page, 'admin');
    await page.goto('/');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: NO.nav.users })).toBeVisible();
    await expect(page.getByTestId('language-toggle')).toHaveAttribute('data-language', 'no');
  });
});

test.describe('sidebar per role', () => {
  for (const role of Object.keys(SIDEBAR) as DemoRole[]) {
    test(`${role} sees exactly its menu items`, async ({ page }) => {
      await login(page, role);
      await page.goto('/');
      const sidebar = page.getByTestId('sidebar');
      await expect(sidebar).toHaveAccessibleName(NO.nav.label);
      await expectSidebarLinks(page, linkKeys(role, false));
      const catalog = sidebar.getByRole('button', { name: NO.nav.catalog });
      if (SIDEBAR[role].includes('catalog')) {
        // Collapsed by default; a click reveals the four catalog links in place.
        await expect(catalog).toHaveAttribute('aria-expanded', 'false');
        await catalog.click();
        await expect(catalog).toHaveAttribute('aria-expanded', 'true');
        await expectSidebarLinks(page, linkKeys(role, true));
        await catalog.click();
        await expectSidebarLinks(page, linkKeys(role, false));
      } else {
        await expect(catalog).toHaveCount(0);
      }
      if (role === 'user' || role === 'printer') {
        // The station's and the printer's start page, in both languages.
        const shot = role === 'user' ? 'station' : role;
        const welcome = (lang: Lang) => fill(LOCALES[lang].dashboard.welcome, { name: role === 'user' ? 'Stasjon' : 'Trykkeriet' });
        await expect(page.getByRole('heading', { name: NO.dashboard.title })).toBeVisible();
        await expect(page.getByText(welcome('no'))).toBeVisible();
        await snap(page, `dashboard-${shot}-no`);
        await page.getByTestId('language-toggle').click();
        await expectSidebarLinks(page, linkKeys(role, false), 'en');
        await expect(page.getByRole('heading', { name: EN.dashboard.title })).toBeVisible();
        await expect(page.getByText(welcome('en'))).toBeVisible();
        await snap(page, `dashboard-${shot}-en`);
      }
    });
  }
});

test.describe('routes', () => {
  test('a visitor who is not signed in is sent from /users to /login', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: NO.auth.title })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a printer opening /users is told it has no access (issue 12)', async ({ page }) => {
    await login(page, 'printer');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: NO.no_access.title })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: NO.nav.print_promotions })).toBeVisible();
    await expect(page.getByRole('heading', { name: NO.users.title })).toHaveCount(0);
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  });

  test('/dashboard redirects to /, and a signed-in user opening /login goes to /', async ({ page }) => {
    await login(page, 'designer');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sidebar').getByRole('link', { name: NO.nav.dashboard })).toHaveAttribute('aria-current', 'page');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByLabel(NO.auth.email)).toHaveCount(0);
  });

  for (const lang of ['no', 'en'] as const) {
    test(`unknown routes show the not-found page (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      const L = LOCALES[lang];
      for (const url of ['/not-found-404', '/no-such-page']) {
        await page.goto(url);
        await expect(page).toHaveURL(new RegExp(`${url}$`));
        await expect(page.getByRole('heading', { name: L.not_found.title })).toBeVisible();
      }
      await snap(page, `notfound-${lang}`);
      // The link goes home; a visitor who is not signed in ends on the login page.
      await page.getByRole('link', { name: L.not_found.home }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: L.auth.title })).toBeVisible();
    });
  }

  test('a signed-in user also gets the not-found page for an unknown route', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/users/no-such-page');
    await expect(page.getByRole('heading', { name: NO.not_found.title })).toBeVisible();
    await page.getByRole('link', { name: NO.not_found.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });
});

test('the dashboard shows its heading at once and the loading text under it for about a second', async ({ page }) => {
  // Record when each state first reaches the DOM, independent of how fast the test polls.
  await page.addInitScript(({ loadingText, welcomeText }) => {
    const w = window as unknown as { __seen: { loading?: number; heading?: number; welcome?: number } };
    w.__seen = {};
    new MutationObserver(() => {
      const main = document.querySelector('main');
      if (!main) return;
      const now = performance.now();
      if (w.__seen.loading === undefined && main.textContent?.includes(loadingText)) w.__seen.loading = now;
      if (w.__seen.heading === undefined && main.querySelector('h1')) w.__seen.heading = now;
      if (w.__seen.welcome === undefined && main.textContent?.includes(welcomeText)) w.__seen.welcome = now;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, { loadingText: NO.common.load_data, welcomeText: fill(NO.dashboard.welcome, { name: 'Ingrid' }) });
  await login(page, 'admin');
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByText(NO.common.load_data)).toBeVisible();
  await expect(main.getByRole('heading', { name: NO.dashboard.title })).toBeVisible();
  await expect(main.getByText(fill(NO.dashboard.welcome, { name: 'Ingrid' }))).toBeVisible({ timeout: 4_000 });
  await expect(main.getByText(NO.common.load_data)).toHaveCount(0);
  await expect(main.getByRole('heading', { name: NO.dashboard.title })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __seen: { loading?: number; heading?: number; welcome?: number } }).__seen);
  expect(seen.loading, 'loading text was shown').toBeDefined();
  expect(seen.heading, 'heading was shown').toBeDefined();
  // The heading comes with the loading text, not after it.
  expect(seen.heading!).toBeLessThanOrEqual(seen.loading!);
  const shownFor = seen.welcome! - seen.loading!;
  expect(shownFor).toBeGreaterThanOrEqual(950);
  expect(shownFor).toBeLessThan(3_000);
});

test('signing out through the avatar menu ends the session', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: NO.users.title })).toBeVisible();
  await page.getByRole('button', { name: NO.header.account_menu }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Ingrid Admin');
  await expect(menu).toContainText(NO.roles.admin);
  await menu.getByRole('menuitem', { name: NO.header.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: NO.auth.title })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('BEARER_TOKEN');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

for (const lang of ['no', 'en'] as Lang[]) {
  test(`every tab is named after its page (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    const titled = (name: string) => `${name} · ${L.app.name}`;
    await useLanguage(page, lang);
    await page.goto('/login');
    await expect(page).toHaveTitle(titled(L.auth.title));
    await login(page, 'admin');
    const pages: [string, string][] = [
      ['/', L.nav.dashboard],
      ['/surfaces', L.nav.surfaces],
      ['/promotions', L.nav.promotions],
      ['/promotion-settings?action=create', L.app.titles.promotion_settings],
      ['/system-settings', L.nav.system_settings],
      ['/audit-log', L.nav.audit_log],
      ['/feedback-messages', L.nav.feedback_messages],
      ['/create-feedback?action=create', L.app.titles.create_feedback],
      ['/no-such-page', L.not_found.title],
    ];
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(titled(name));
    }
  });
}
