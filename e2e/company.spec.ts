import type { APIRequestContext, Page } from '@playwright/test';
import { expect, LOCALES, login, loginAs, snap, test, useLanguage, type Lang } from './fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface PlannerSurface {
  id: number;
  name: string;
  vendor_code: number;
  locked: boolean;
}
interface DetailRow {
  id: number;
  surface: { id: number; name: string };
  design: { id: number; name: string };
  sent: { amount: number; tracker_number: string; tracker_url: string | null } | null;
}

/** Every surface of the planner, through the station's own API. */
async function allSurfaces(request: APIRequestContext, token: string) {
  const out: (PlannerSurface & { amount: number })[] = [];
  for (let start = 0; ; start += 100) {
    const res = await request.get('/company_api/company-planner', { params: { count_show: 100, start_index: start }, headers: auth(token) });
    expect(res.status()).toBe(200);
    const { surfaces, total, userSurfacesData } = (await res.json()).data as { surfaces: PlannerSurface[]; total: number; userSurfacesData: Record<string, number> };
    out.push(...surfaces.map((s) => ({ ...s, amount: userSurfacesData[s.id]! })));
    if (out.length >= total) return out;
  }
}

async function userPromotions(request: APIRequestContext, token: string) {
  const res = await request.get('/company_api/user-promotion', { params: { count_show: 100 }, headers: auth(token) });
  return (await res.json()).data.promotions as { id: number; name: string; status: number }[];
}

async function detail(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/company_api/user-promotion/${id}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { promotion: { name: string }; surfaces: DetailRow[] };
}

/** Opens the planner on one surface (searched by its vendor code). */
async function plannerRow(page: Page, lang: Lang, vendorCode: number) {
  const L = LOCALES[lang];
  await page.goto('/company-planner');
  await expect(page.getByRole('heading', { name: L.company.planner.title })).toBeVisible();
  await page.getByRole('combobox', { name: L.common.search_field }).selectOption('vendor_code');
  await page.getByRole('searchbox', { name: L.common.search }).fill(String(vendorCode));
  const row = page.getByTestId(`planner-row-${vendorCode}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('planner-table').locator('tbody tr')).toHaveCount(1);
  return row;
}

test.describe.serial('station: planner, history and promotions', () => {
  test('a station plans an amount, sees it in the history and in the admin’s promotion report', async ({ page, browser }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    const session = await login(page, 'user');
    const token = session.bearerToken as string;
    const stationId = session.mergedUserData.id as number;

    // A promotion whose design this station receives, on a surface it may change: found through the API.
    const surfaces = await allSurfaces(page.request, token);
    let chosen: { promotionId: number; row: DetailRow; surface: (typeof surfaces)[number] } | undefined;
    // Not one sent to printers: its report keeps the amounts stored when it was sent.
    const adminLogin = await page.request.post('/api/auth/login', { form: { email: 'admin@demo.no', password: 'Demo2026' } });
    const adminToken = (await adminLogin.json()).data.bearerToken as string;
    for (const p of await userPromotions(page.request, token)) {
      const sent = await page.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: p.id }, headers: auth(adminToken) });
      if ((await sent.json()).data.print_report) continue;
      for (const row of (await detail(page.request, token, p.id)).surfaces) {
        const surface = surfaces.find((s) => s.id === row.surface.id)!;
        if (!row.sent && !surface.locked && !chosen) chosen = { promotionId: p.id, row, surface };
      }
    }
    expect(chosen, 'a promotion with an open surface').toBeTruthy();
    const { promotionId, row: pair, surface } = chosen!;
    const next = surface.amount + 7;

    const row = await plannerRow(page, 'no', surface.vendor_code);
    const input = row.getByRole('textbox', { name: new RegExp(L.company.planner.amount_of.replace('{{name}}', '')) });
    await expect(input).toHaveValue(String(surface.amount));
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    // A minus, a dot or an e is refused with its reason, never turned into another number (issue 21).
    await input.fill(`-${next}`);
    await expect(row.getByRole('alert')).toHaveText(L.validation.amount_min_0);
    await expect(row.getByRole('button', { name: L.common.save })).toBeDisabled();
    await input.fill(`${next}.5`);
    await expect(row.getByRole('alert')).toHaveText(L.validation.amount_whole_number);
    await input.fill('');
    await input.pressSequentially(String(next));
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect(input).toHaveValue(String(next));
    await expect(row).toHaveAttribute('data-changed', 'true');
    await expect(row.getByLabel(L.company.planner.changed)).toBeVisible();
    await snap(page, 'company-planner-changed-no');
    await row.getByRole('button', { name: L.common.save }).click();
    await expect(page.getByTestId('toast')).toContainText(L.server.amount_saved);
    await expect(row).not.toHaveAttribute('data-changed', 'true');
    await expect(input).toHaveValue(String(next));

    // The history: newest first, the change on top.
    await page.goto('/history-planner');
    const first = page.getByTestId('history-table').locator('tbody tr').first();
    await expect(first).toContainText(surface.name);
    await expect(first).toContainText(session.mergedUserData.name as string);
    await expect(first.locator('td').nth(3)).toHaveText(String(surface.amount));
    await expect(first.locator('td').nth(4)).toHaveText(String(next));

    // The admin's report of the promotion shows the new amount in the station's row.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await useLanguage(admin, 'no');
    const adminSession = await login(admin, 'admin');
    const report = await admin.request.get('/api/promotions/promotion-report-view', { params: { promotion_id: promotionId }, headers: auth(adminSession.bearerToken) });
    const columns = (await report.json()).data.columns as { id: number }[];
    const index = columns.findIndex((c) => c.id === pair.id);
    expect(index).toBeGreaterThanOrEqual(0);
    await admin.goto(`/promotion-report-view?prom_id=${promotionId}`);
    await expect(admin.getByTestId(`report-column-${pair.id}`)).toBeVisible();
    await expect(admin.getByTestId(`report-row-${stationId}`).locator('td').nth(index)).toHaveText(String(next));
    await adminContext.close();
  });

  test('a surface locked for users cannot be changed', async ({ page }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    const session = await login(page, 'user');
    const locked = (await allSurfaces(page.request, session.bearerToken)).find((s) => s.locked)!;
    expect(locked).toBeTruthy();
    const row = await plannerRow(page, 'no', locked.vendor_code);
    const input = row.getByRole('textbox');
    await expect(input).toBeDisabled();
    await expect(row.getByText(L.company.planner.locked)).toBeVisible();
    await expect(row.getByRole('button', { name: L.common.save })).toHaveCount(0);
    await expect(row.getByTitle(L.company.planner.locked_hint)).toBeVisible();
    // The server refuses it too, and nothing changes.
    const res = await page.request.post('/company_api/company-planner/save-amount-company-planner', {
      form: { surface_id: String(locked.id), amount: String(locked.amount + 1) },
      headers: auth(session.bearerToken),
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).message_key).toBe('surface_locked_for_users');
    const after = (await allSurfaces(page.request, session.bearerToken)).find((s) => s.id === locked.id)!;
    expect(after.amount).toBe(locked.amount);
  });

  test('the station opens the delivered Nyttårskampanje and sees the tracker links to the carrier', async ({ page }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    const session = await login(page, 'user');
    await page.goto('/user-promotions');
    await expect(page.getByRole('heading', { name: L.company.promotions.title })).toBeVisible();
    await page.getByRole('searchbox', { name: L.common.search }).fill('Nyttår');
    const listRow = page.getByRole('row', { name: /Nyttårskampanje/ });
    // The search is in the address once typing pauses; only then is the one row the search's answer
    // (before it, the list is loading or unfiltered).
    await expect(page).toHaveURL(/[?&]q=Nytt%C3%A5r/);
    await expect(page.getByTestId('promotions-table').locator('tbody tr')).toHaveCount(1);
    await expect(listRow).toBeVisible();
    const id = Number((await listRow.getAttribute('data-testid'))!.replace('promotion-row-', ''));
    await listRow.getByRole('link', { name: L.company.promotions.open }).click();
    await expect(page).toHaveURL(new RegExp(`/user-promotions/${id}$`));
    const dialog = page.getByTestId('user-promotion-sheet');
    await expect(dialog.getByRole('heading', { name: 'Nyttårskampanje' })).toBeVisible();

    const expected = await detail(page.request, session.bearerToken, id);
    expect(expected.surfaces.length).toBeGreaterThan(0);
    const links = dialog.getByTestId('tracker-link');
    await expect(links).toHaveCount(expected.surfaces.length);
    for (const [i, row] of expected.surfaces.entries()) {
      expect(row.sent).not.toBeNull();
      await expect(links.nth(i)).toHaveText(row.sent!.tracker_number);
      await expect(links.nth(i)).toHaveAttribute('href', `https://sporing.posten.no/sporing/${row.sent!.tracker_number}`);
      await expect(links.nth(i)).toHaveAttribute('target', '_blank');
      const tr = dialog.getByTestId(`user-promotion-row-${row.id}`);
      await expect(tr).toContainText(row.surface.name);
      await expect(tr).toContainText(String(row.sent!.amount));
      await expect(tr).toContainText(L.promotions.design_statuses.Completed);
    }
    // Completed is green.
    await expect(dialog.getByText(L.promotions.design_statuses.Completed).first()).toHaveClass(/green/);
  });

  test("'There is no such company!' shows under the system message title when the server says so", async ({ page }) => {
    const L = LOCALES.no;
    await useLanguage(page, 'no');
    await login(page, 'user');
    await page.route('**/company_api/user-promotion?**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'There is no such company!', message_key: 'no_such_company' }) }),
    );
    await page.goto('/user-promotions');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(L.toast.system_message);
    await expect(toast).toContainText(L.server.no_such_company);
    await snap(page, 'user-promotions-no-such-company-no');
  });

  for (const lang of ['no', 'en'] as Lang[]) {
    test(`screenshots of the three pages and the modal (${lang})`, async ({ page }) => {
      const L = LOCALES[lang];
      await useLanguage(page, lang);
      await login(page, 'user');

      await page.goto('/company-planner');
      await expect(page.getByRole('heading', { name: L.company.planner.title })).toBeVisible();
      await expect(page.getByTestId('planner-table').locator('tbody tr')).toHaveCount(10);
      await page.getByRole('switch').click();
      await expect(page.getByRole('columnheader', { name: L.company.planner.columns.amount })).toBeVisible();
      await snap(page, `company-planner-${lang}`);

      await page.goto('/history-planner');
      await expect(page.getByRole('heading', { name: L.company.history.title })).toBeVisible();
      await expect(page.getByTestId('history-table').locator('tbody tr').first()).not.toContainText(L.common.load_data);
      await snap(page, `company-history-${lang}`);

      await page.goto('/user-promotions');
      await expect(page.getByRole('heading', { name: L.company.promotions.title })).toBeVisible();
      // Påskekampanje: designs in several statuses, nothing sent yet.
      const easter = page.getByRole('row', { name: /Påskekampanje/ });
      await expect(easter).toBeVisible();
      await snap(page, `user-promotions-${lang}`);
      await easter.getByRole('link', { name: L.company.promotions.open }).click();
      const dialog = page.getByTestId('user-promotion-sheet');
      await expect(dialog.getByRole('heading', { name: 'Påskekampanje' })).toBeVisible();
      await expect(dialog.getByText(L.company.promotion.not_sent).first()).toBeVisible();
      await snap(page, `user-promotion-modal-not-sent-${lang}`);
      // The browser's back leaves the sheet for the list.
      await page.goBack();
      await page.getByRole('row', { name: /Nyttårskampanje/ }).getByRole('link', { name: L.company.promotions.open }).click();
      await expect(dialog.getByTestId('tracker-link').first()).toBeVisible();
      await snap(page, `user-promotion-modal-${lang}`);
    });
  }

  test('a new station without changes sees no history', async ({ page }) => {
    const L = LOCALES.en;
    await useLanguage(page, 'en');
    // station05 has never changed an amount in this run.
    await loginAs(page, 'station05@demo.no');
    await page.goto('/history-planner');
    await expect(page.getByTestId('history-table')).toContainText(L.company.history.empty);
    await snap(page, 'company-history-empty-en');
  });
});

// Issue 33 point 12: the largest amount (MAX_PLANNER_AMOUNT, 1 000 000) is read whole in its field,
// and an amount far above the last saved one is asked about before it is saved.
for (const lang of ['no', 'en'] as Lang[]) {
  for (const size of [
    { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    { name: 'desk', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  ]) {
    test(`a seven-digit amount shows whole, and saving it asks "are you sure" with the numbers (${size.name}, ${lang})`, async ({ browser }) => {
      const L = LOCALES[lang];
      const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });
      const page = await context.newPage();
      await useLanguage(page, lang);
      await loginAs(page, 'station28@demo.no');
      await page.goto('/company-planner');
      const field = page.getByRole('textbox', { name: /./ }).and(page.locator('[inputmode=numeric]:not([disabled])')).first();
      await expect(field).toBeVisible();
      const saved = await field.inputValue();
      await field.fill('1000000');
      // Every digit inside the field's box: nothing scrolled out of sight.
      const fits = await field.evaluate((el: HTMLInputElement) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(fits.scroll, JSON.stringify(fits)).toBeLessThanOrEqual(fits.client);

      if (size.name === 'phone') await page.getByTestId('planner-save-bar').getByRole('button').tap();
      else await page.getByRole('button', { name: new RegExp(L.common.save) }).first().click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('heading', { name: L.company.planner.unusual.title })).toBeVisible();
      await expect(dialog.getByTestId('unusual-amounts')).toContainText(/1\s000\s000|1,000,000/);
      await expect(dialog.getByTestId('unusual-amounts')).toContainText(new RegExp(`\\b${saved}\\)$`));
      await snap(page, `planner-unusual-amount-${size.name}-${lang}`);
      await dialog.getByRole('button', { name: L.common.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(field).toHaveValue('1000000');
      await context.close();
    });
  }
}
