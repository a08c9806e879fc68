import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Today in Oslo moved by `days`, as 'YYYY-MM-DD' (the business's calendar, decision 012). */
function osloDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A day as the interface writes and takes it: dd.mm.yyyy in Norwegian, dd/mm/yyyy in English. */
const typed = (day: string, lang: Lang) => day.split('-').reverse().join(lang === 'no' ? '.' : '/');

async function promotionIdByName(page: Page, token: string, name: string): Promise<number> {
  const res = await page.request.get('/api/promotions', { params: { count_show: 100, 'obj_search[input_value]': name }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === name);
  expect(row, name).toBeTruthy();
  return row!.id;
}

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test(`a promotion created inside its milestones says so once, and none of the passed ones is an overdue badge (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    await login(page, 'admin');
    const name = `Sen kampanje ${lang} ${Date.now()}`;
    await page.goto('/promotion-settings?action=create');
    const form = page.getByTestId('promotion-form');
    await form.getByLabel(L.promotions.fields.name).fill(name);
    await form.getByLabel(L.promotions.fields.period_from, { exact: true }).fill(typed(osloDay(10), lang));
    await form.getByLabel(L.promotions.fields.period_to, { exact: true }).fill(typed(osloDay(30), lang));
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(page).toHaveURL(/\/promotion-settings\?prom_id=\d+&action=surfaces$/);
    const id = Number(new URL(page.url()).searchParams.get('prom_id'));

    // Four milestones fall before today: said once, when it is created (issue 22) …
    const notice = page.getByTestId('passed-milestones');
    await expect(notice).toContainText(fill(L.deadlines.passed_at_creation.title_other, { count: '4' }));
    const passed = [['brief', -32], ['designs_complete', -18], ['sent_to_printers', -11], ['printed', -4]] as const;
    for (const [m, d] of passed) await expect(notice).toContainText(`${L.deadlines.milestones[m]} · ${typed(osloDay(d), lang)}`);
    // … and none of them is a red badge: the next one that can still be met is.
    const editor = page.getByTestId('milestones-editor');
    await expect(editor.getByTestId('milestone-delivered').getByTestId('deadline-badge')).toHaveAttribute('data-state', 'due_soon', { timeout: 20_000 });
    await expect(editor.locator('[data-testid=deadline-badge][data-state=overdue]')).toHaveCount(0);
    for (const [m] of passed) await expect(editor.getByTestId(`milestone-${m}`)).toContainText(L.deadlines.editor.passed_at_creation);
    await snap(page, `deadlines-created-late-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(notice).toBeVisible();
    // The editor lays out for the phone: name, day and state of each milestone stacked, nothing in
    // it or on the page to scroll sideways (the table's date fields did at 390 px).
    await expect(editor.locator('table')).toHaveCount(0);
    await expect(editor.getByTestId('milestone-brief')).toContainText(L.deadlines.editor.passed_at_creation);
    const deliveredDay = editor.getByRole('textbox', { name: L.deadlines.milestones.delivered });
    await deliveredDay.scrollIntoViewIfNeeded();
    const box = (await deliveredDay.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await editor.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await editor.scrollIntoViewIfNeeded();
    await snap(page, `deadlines-created-late-phone-${lang}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    // Said once: closed, it is gone, and opening the promotion again does not bring it back.
    await notice.getByRole('button', { name: L.common.close }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(editor.getByTestId('milestone-brief')).toContainText(L.deadlines.editor.passed_at_creation, { timeout: 20_000 });
    await expect(page.getByTestId('passed-milestones')).toHaveCount(0);

    // The list: the next deadline that can still be met, not the passed brief.
    await page.goto('/promotions');
    await page.getByLabel(L.common.search, { exact: true }).fill(name);
    const badge = page.getByTestId(`promotion-row-${id}`).getByTestId('deadline-badge');
    await expect(badge).toHaveAttribute('data-milestone', 'delivered', { timeout: 20_000 });
    await expect(badge).toHaveAttribute('data-state', 'due_soon');
  });

  test(`an admin moves a promotion's deadlines; the badges show in the list and on the design page (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    const session = await login(page, 'admin');
    const name = `Fristkampanje ${lang} ${Date.now()}`;
    const created = await page.request.post('/api/promotions', { form: { name, period_from: osloDay(60), period_to: osloDay(80) }, headers: auth(session.bearerToken) });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.promotion.id as number;

    await page.goto(`/promotion-settings?prom_id=${id}&action=edit`);
    const editor = page.getByTestId('milestones-editor');
    await expect(editor.getByRole('heading', { name: L.deadlines.editor.title })).toBeVisible({ timeout: 20_000 });
    // The brief falls 42 days before the first day: on time.
    const briefRow = editor.getByTestId('milestone-brief');
    await expect(briefRow.getByTestId('deadline-badge')).toHaveAttribute('data-state', 'on_time');
    await expect(briefRow.getByTestId('deadline-badge')).toContainText(L.deadlines.states.on_time);

    // A brief after the designs' deadline is refused by the server, naming the field.
    const brief = editor.getByRole('textbox', { name: L.deadlines.milestones.brief });
    await brief.fill(typed(osloDay(40), lang));
    await brief.press('Tab');
    await editor.getByRole('button', { name: L.common.save }).click();
    await expect(briefRow.getByRole('alert')).toHaveText(L.validation.milestone_order);
    await editor.getByRole('button', { name: L.common.cancel }).click();
    await expect(brief).toHaveValue(typed(osloDay(18), lang));

    // Delivery moved later: saved, marked moved, and back to the default with one click.
    const delivered = editor.getByRole('textbox', { name: L.deadlines.milestones.delivered });
    await delivered.fill(typed(osloDay(59), lang));
    await delivered.press('Tab');
    await editor.getByRole('button', { name: L.common.save }).click();
    await expect(page.getByText(L.server.milestones_saved).first()).toBeVisible();
    await expect(editor.getByTestId('milestone-delivered')).toContainText(L.deadlines.editor.moved);
    await expect(editor.getByRole('button', { name: L.common.save })).toHaveCount(0);
    await snap(page, `deadlines-editor-${lang}`);
    const stored = await page.request.get(`/api/promotions/${id}/milestones`, { headers: auth(session.bearerToken) });
    expect((await stored.json()).data.milestones.find((m: { milestone: string }) => m.milestone === 'delivered')).toMatchObject({ due_on: osloDay(59), moved: true });

    // The promotions list shows the next open deadline.
    await page.goto('/promotions');
    await page.getByLabel(L.common.search, { exact: true }).fill(name);
    const row = page.getByTestId(`promotion-row-${id}`);
    await expect(row.getByTestId('deadline-badge')).toHaveAttribute('data-milestone', 'brief', { timeout: 20_000 });
    await expect(row.getByTestId('deadline-badge')).toContainText(`${L.deadlines.states.on_time} · ${L.deadlines.milestones.brief}`);
    await snap(page, `deadlines-list-${lang}`);

    // The design page of a running promotion (planned before its milestones) shows its overdue deadline in the header.
    const easter = await promotionIdByName(page, session.bearerToken, 'Påskekampanje');
    const pairs = await page.request.get('/api/promotion-surface-design', { params: { promotion_id: easter }, headers: auth(session.bearerToken) });
    const surface = ((await pairs.json()).data.surfaces as { surface: { id: number }; designs: { id: number; name: string }[] }[]).find((s) => s.designs.length > 0)!;
    await page.goto(`/promotion-design?prom_id=${easter}&sur_id=${surface.surface.id}&prom_sur_des_id=${surface.designs[0]!.id}`);
    const badge = page.getByTestId('design-page').getByTestId('deadline-badge');
    await expect(badge).toHaveAttribute('data-state', 'overdue', { timeout: 20_000 });
    await snap(page, `deadlines-design-page-${lang}`);
  });

  test(`the delivery report marks late only the stations with a parcel not confirmed, never those nothing was sent to (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang);
    const session = await login(page, 'admin');
    // Kaffekampanje: its delivered milestone is past; half the stations got their parcels, unanswered.
    const coffee = await promotionIdByName(page, session.bearerToken, 'Kaffekampanje');
    await page.goto(`/promotion-report-view?prom_id=${coffee}`);
    const followUp = page.getByTestId('delivery-follow-up');
    await expect(followUp).toBeVisible({ timeout: 20_000 });
    const rows = followUp.locator('tbody tr');
    const notSent = rows.filter({ hasText: L.delivery.follow_up.sent_not_sent });
    expect(await notSent.count()).toBeGreaterThan(0);
    await expect(notSent.getByTestId('late-badge')).toHaveCount(0);
    const late = rows.filter({ has: page.getByTestId('late-badge') });
    expect(await late.count()).toBeGreaterThan(0);
    await expect(late.filter({ hasText: L.delivery.follow_up.sent_not_sent })).toHaveCount(0);
    await followUp.scrollIntoViewIfNeeded();
    await snap(page, `deadlines-follow-up-late-${lang}`);
  });

  test(`an admin sets the deadline days and the digest hour in system settings (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const session = await login(page, 'admin');
    const before = (await (await page.request.get('/api/system-setting', { headers: auth(session.bearerToken) })).json()).data.settings;
    try {
      await page.goto('/system-settings');
      const days = page.getByRole('group', { name: L.settings.milestones.title });
      await expect(days).toBeVisible();
      const brief = days.getByRole('textbox', { name: L.deadlines.milestones.brief });
      await expect(brief).toHaveValue(String(before.milestone_days.brief));
      // Digits only, as the percent.
      await brief.fill('4x5');
      await expect(brief).toHaveValue('45');
      await page.getByLabel(L.settings.fields.digest_hour).selectOption('6');
      await page.getByRole('button', { name: L.common.save }).click();
      await expect(page.getByText(L.server.settings_saved).first()).toBeVisible();
      await snap(page, `deadlines-system-settings-${lang}`);
      const after = (await (await page.request.get('/api/system-setting', { headers: auth(session.bearerToken) })).json()).data.settings;
      expect(after).toMatchObject({ digest_hour: 6, milestone_days: { ...before.milestone_days, brief: 45 } });
    } finally {
      const form: Record<string, string> = { digest_hour: String(before.digest_hour) };
      for (const [k, v] of Object.entries(before.milestone_days as Record<string, number>)) form[`milestone_days[${k}]`] = String(v);
      const restored = await page.request.put(`/api/system-setting/${before.id}`, { headers: auth(session.bearerToken), form });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  test(`the start page lists what waits for admin, cm and station, each with its deadline and link; the digest opt-out (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await login(page, 'admin');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: L.dashboard.title })).toBeVisible();
    const panel = page.getByTestId('waiting-panel');
    await expect(panel.getByRole('heading', { name: L.waiting.title })).toBeVisible();
    const toSend = panel.getByTestId('waiting-item').filter({ hasText: 'Bilpleiekampanje' });
    await expect(toSend).toContainText(L.waiting.kinds.promotion_to_send);
    await expect(toSend.getByTestId('deadline-badge')).toContainText(L.deadlines.milestones.sent_to_printers);
    await snap(page, `deadlines-dashboard-admin-${lang}`);
    await toSend.getByRole('link').click();
    await expect(page).toHaveURL(/\/promotion-report-view\?prom_id=\d+/);

    await login(page, 'cm');
    await page.goto('/');
    const cmItems = page.getByTestId('waiting-panel').getByTestId('waiting-item');
    const briefItem = cmItems.filter({ hasText: L.waiting.kinds.brief_to_send }).filter({ hasText: 'Påskekampanje' }).first();
    await expect(briefItem.getByTestId('deadline-badge')).toContainText(L.deadlines.milestones.brief);
    await snap(page, `deadlines-dashboard-cm-${lang}`);
    await briefItem.getByRole('link').click();
    await expect(page.getByTestId('design-page')).toBeVisible();

    await login(page, 'user');
    await page.goto('/');
    const stationPanel = page.getByTestId('waiting-panel');
    await expect(stationPanel.getByRole('heading', { name: L.waiting.title })).toBeVisible();
    const optOut = stationPanel.getByRole('checkbox', { name: L.waiting.digest_opt_out });
    await expect(optOut).not.toBeChecked();
    await optOut.click();
    await expect(page.getByText(L.server.digest_opt_out_saved).first()).toBeVisible();
    await expect(optOut).toBeChecked();
    await snap(page, `deadlines-dashboard-station-${lang}`);
    await page.reload();
    await expect(page.getByTestId('waiting-panel').getByRole('checkbox', { name: L.waiting.digest_opt_out })).toBeChecked();
    // Back on, for the next run.
    await page.getByTestId('waiting-panel').getByRole('checkbox', { name: L.waiting.digest_opt_out }).click();
    await expect(page.getByTestId('waiting-panel').getByRole('checkbox', { name: L.waiting.digest_opt_out })).not.toBeChecked();
  });
}
