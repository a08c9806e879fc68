import type { Page } from '@playwright/test';
import { expect, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

/** Issue 12: what a role may not open says 'No access'; what does not exist stays 'Page not found'. */
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Design = { id: number; promotion_id: number; surface_id: number };

async function designsOf(page: Page, token: string, name: string): Promise<Design[]> {
  const list = await page.request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  const promotion = ((await list.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name)!;
  const res = await page.request.get('/api/promotion-surface-design', { params: { promotion_id: promotion.id }, headers: auth(token) });
  const surfaces = (await res.json()).data.surfaces as { surface: { id: number }; designs: { id: number }[] }[];
  return surfaces.flatMap((s) => s.designs.map((d) => ({ id: d.id, promotion_id: promotion.id, surface_id: s.surface.id })));
}
const designUrl = (d: Design) => `/promotion-design?prom_id=${d.promotion_id}&sur_id=${d.surface_id}&prom_sur_des_id=${d.id}`;

for (const lang of ['no', 'en'] as Lang[]) {
  test(`a page of another role says No access, with the way back (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    await login(page, 'printer');
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
    await expect(page.getByText(L.no_access.text)).toBeVisible();
    // The address stays, so the user sees what was refused; the users list itself is not shown.
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId('users-table')).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await snap(page, `perms-no-access-${lang}`);
    await page.getByRole('link', { name: L.no_access.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: L.no_access.title })).toHaveCount(0);
  });

  test(`a design of another category says No access; a missing one is not found (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const admin = await login(page, 'admin');
    const all = await designsOf(page, admin.bearerToken, 'Påskekampanje');
    const cm = await login(page, 'cm');
    const own = new Set((await designsOf(page, cm.bearerToken, 'Påskekampanje')).map((d) => d.id));
    const foreign = all.find((d) => !own.has(d.id))!;
    await page.goto(designUrl(foreign));
    await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
    // Issue 22: the design is outside the cm's categories; its role is not to blame.
    await expect(page.getByText(L.server.outside_categories)).toBeVisible();
    await expect(page.getByText(L.no_access.text)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: L.not_found.title })).toHaveCount(0);
    await snap(page, `perms-no-access-design-${lang}`);

    await page.goto(designUrl({ ...foreign, id: 999999999 }));
    await expect(page).toHaveURL(/\/not-found-404$/);
    await expect(page.getByRole('heading', { name: L.not_found.title })).toBeVisible();
  });
}
