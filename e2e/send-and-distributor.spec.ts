import type { APIRequestContext } from '@playwright/test';
import { createUserViaApi, expect, fill, LOCALES, login, loginAs, snap, test, uniqueEmail, useLanguage, type Lang } from './fixtures';
import { apiSession, apiToken, auth, proofDesign, sendFile } from './proofing-helpers';

/** Decision 026: who is offered the send to printers, which distributor account acts, and the send's preflight note. */

async function promotionId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.get('/api/promotions', { params: { 'obj_search[input_value]': name }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test(`a distributor account that system settings do not name is told so in place of the list and the report (${lang})`, async ({ page }) => {
    const admin = await apiToken(page.request, 'admin');
    const coffee = await promotionId(page.request, admin, 'Kaffekampanje');
    const email = uniqueEmail('distributor');
    const other = await createUserViaApi(page, admin, { email, name: 'Andre', surname: 'Distributør', role: 'distributor' });
    // The e2e database is shared: a second distributor left behind would change other specs' lists.
    try {
      await useLanguage(page, lang);
      await loginAs(page, email, 'Start1234');
      await page.goto('/distributor-promotions');
      const told = page.getByTestId('not-named-distributor');
      await expect(told.getByRole('heading', { name: L.distribution.not_named_title })).toBeVisible();
      await expect(told).toContainText(L.distribution.not_named_text);
      await snap(page, `distributor-not-named-${lang}`);
      await page.goto(`/promotion-report-view?prom_id=${coffee}`);
      await expect(told.getByRole('heading', { name: L.distribution.not_named_title })).toBeVisible();
      await expect(page.getByTestId('report-table')).toHaveCount(0);

      // The distributor the settings name works as before.
      await login(page, 'distributor');
      await page.goto('/distributor-promotions');
      await expect(page.getByRole('row', { name: /Kaffekampanje/ })).toBeVisible();
      await expect(told).toHaveCount(0);
    } finally {
      expect((await page.request.delete(`/api/users/${other.id}`, { headers: auth(admin) })).status()).toBe(200);
    }
  });

  test(`a cm is offered "Send to printers" only for a promotion it may send (${lang})`, async ({ page }) => {
    const admin = await apiToken(page.request, 'admin');
    const cm = await apiSession(page.request, 'cm');
    // Managed by cm, with a Fuel design (a category cm manages and cm2 does not).
    const design = await proofDesign(page.request, admin, `Sendes av ${lang} ${Date.now()}`);
    expect((await page.request.put(`/api/promotions/${design.promotion_id}`, { form: { manager_id: String(cm.id) }, headers: auth(admin) })).status()).toBe(200);
    expect((await page.request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Completed' }, headers: auth(admin) })).status()).toBe(200);

    await useLanguage(page, lang);
    await loginAs(page, 'cm2@demo.no', 'Demo2026');
    await page.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
    await expect(page.getByRole('heading', { name: L.report.title })).toBeVisible();
    await expect(page.getByRole('button', { name: L.report.excel })).toBeVisible();
    await expect(page.getByRole('button', { name: L.report.send_to_printers })).toHaveCount(0);
    await snap(page, `report-no-send-for-other-cm-${lang}`);

    // Its responsible manager is offered the send.
    await login(page, 'cm');
    await page.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
    await expect(page.getByRole('button', { name: L.report.send_to_printers })).toBeVisible({ timeout: 20_000 });
  });
}

test('after sending, the toast names the print files the preflight could not read', async ({ page, request }) => {
  test.setTimeout(90_000);
  const L = LOCALES.en;
  const admin = await apiToken(request, 'admin');
  const designer = await apiToken(request, 'designer');
  const printer = await apiSession(request, 'printer');
  const design = await proofDesign(request, admin, `Uleselig ${Date.now()}`, 'H50 x W70', printer.id);
  await sendFile(request, designer, design.chat_id, 'skadet.pdf', Buffer.from('%PDF-1.7 avbrutt opplasting'), 'HQ');
  await expect
    .poll(async () => {
      const res = await request.get('/api/design-chat/versions', { params: { chat_id: design.chat_id }, headers: auth(admin) });
      return (await res.json()).data.versions.at(-1)?.preflight?.status;
    })
    .toBe('failed');
  expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Completed' }, headers: auth(admin) })).status()).toBe(200);

  await useLanguage(page, 'en');
  await login(page, 'admin');
  // The report the page asks for once the percent field has its value, read before the send and
  // answered only after it (as a slow line would): the page must ask again, not keep that answer.
  const sent = page.waitForResponse((r) => r.url().includes('/sending-notification-printers'));
  await page.route(/promotion-report-view\?.*percent=/, async (route) => {
    const before = await route.fetch();
    await sent;
    await route.fulfill({ response: before });
  }, { times: 1 });
  const withPercent = page.waitForRequest(/promotion-report-view\?.*percent=/);
  await page.goto(`/promotion-report-view?prom_id=${design.promotion_id}`);
  await withPercent;
  await page.getByRole('button', { name: L.report.send_to_printers }).click();
  await page.getByRole('dialog').getByRole('button', { name: L.report.send }).click();
  await expect(page.getByTestId('toast')).toContainText(fill(L.report.preflight_unknown_sent_one, { count: '1' }));
  await expect(page.getByTestId('sent-to-printers')).toBeVisible();
  await snap(page, 'report-sent-preflight-unknown-en');
});
