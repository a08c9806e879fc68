import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';
import { apiSession, auth, sendFile, solidPng } from './proofing-helpers';

/*
 * Issue 24: /insights, the chain's figures for admin, cm-admin and a cm (decisions 037 and 038).
 * The demo data has no design that went through its steps nor a checked print file, so each test
 * sends a promotion of its own through the chain in a month of its own, far ahead, and reads the
 * page filtered to that month: every section then has a chart, with figures the test knows.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** A month per language that no other spec plans in: the figures there are this spec's alone. */
const MONTH: Record<Lang, { from: string; to: string }> = { no: { from: '2034-05-01', to: '2034-05-31' }, en: { from: '2034-07-01', to: '2034-07-31' } };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The surface of the chain: the demo stations plan amounts of it, so sending it costs something. */
const SURFACE = 'Plakat Gulv 2';

interface Chain {
  promotionId: number;
  name: string;
  /** Its print total as the API answers it: '15624.00'. */
  total: string;
}

/**
 * A promotion in `month` with one Fuel design on SURFACE, taken through every step by the API:
 * Brief, a designer binds it and sends a sketch, Approved, an HQ file at about 50 dpi (a preflight
 * error), Completed, and sent to the printers by the admin over the preflight error.
 */
async function sentChain(request: APIRequestContext, lang: Lang): Promise<Chain> {
  const admin = await apiSession(request, 'admin');
  const designer = await apiSession(request, 'designer');
  const headers = auth(admin.token);
  const name = `Innsikt ${lang} ${Date.now().toString(36)}`;
  const created = await request.post('/api/promotions', { form: { name, period_from: MONTH[lang].from, period_to: MONTH[lang].to }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const promotion_id = (await created.json()).data.promotion.id as number;
  const surfaces = (await (await request.get('/api/surfaces', { params: { count_show: 100 }, headers })).json()).data.surfaces as { id: number; name: string }[];
  const surface_id = surfaces.find((s) => s.name === SURFACE)!.id;
  const designs = (await (await request.get('/api/designs', { params: { count_show: 100 }, headers })).json()).data.designs as { id: number; name: string; category: { name: string } }[];
  // A seeded Fuel design, not a price-sign template another test made (it fits only its own size).
  const design_id = designs.find((d) => d.category.name === 'Fuel' && d.name.startsWith('Fuel '))!.id;
  expect((await request.post('/api/promotion-surfaces', { form: { promotion_id, surface_id }, headers })).status()).toBeLessThan(300);
  const added = await request.post('/api/promotion-surface-design', { form: { promotion_id, surface_id, design_id }, headers });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const psd = (await added.json()).data.id as number;
  const status = async (value: string) => expect((await request.put(`/api/promotion-surface-design/${psd}`, { form: { status: value }, headers })).status()).toBe(200);

  await status('Brief');
  const bound = await request.post('/api/promotion-surface-design/bind-design-to-yourself', { form: { design_id: psd, bool_action: 'true' }, headers: auth(designer.token) });
  expect(bound.status(), await bound.text()).toBe(200);
  const designPage = await request.get('/api/promotion-surface-design/get-promotion-surface-design', { params: { promotion_id, surface_id, surface_design_id: psd }, headers });
  const chat = (await designPage.json()).data.chat_id as number;
  await sendFile(request, designer.token, chat, 'skisse.png', await solidPng(700, 500, '#c83232'), 'Sketch');
  await status('Approved');
  // 1400 px over the surface's 70 cm: about 50 dpi, below the preflight's least 100.
  await sendFile(request, designer.token, chat, 'trykk.png', await solidPng(1400, 1000, '#1e5ac8'), 'HQ');
  await expect
    .poll(async () => (await (await request.get('/api/design-chat/versions', { params: { chat_id: chat }, headers })).json()).data.versions.at(-1)?.preflight?.status, { timeout: 30_000 })
    .toBe('errors');
  await status('Completed');
  const sent = await request.post('/api/promotion-surface-design/sending-notification-printers', {
    form: { promotion_id, percent_report: '10', description_cm: '', confirm_preflight: 'true' },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const cost = await request.get('/api/insights/cost', { params: MONTH[lang], headers });
  const total = (await cost.json()).data.total as string;
  expect(Number(total), 'the chain costs something').toBeGreaterThan(0);
  return { promotionId: promotion_id, name, total };
}

/** Kroner as the page writes them: 15 624,00 kr (no), NOK 15,624.00 (en). */
function kroner(amount: string, lang: Lang) {
  const n = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
  return fill(LOCALES[lang].insights.kroner, { amount: n });
}

/** A day as the date fields take it: 01.05.2034 (no), 01/05/2034 (en). */
const typedDay = (day: string, lang: Lang) => day.split('-').reverse().join(lang === 'en' ? '/' : '.');

const chart = (page: Page, id: string) => page.getByTestId(`chart-${id}`);
const CHARTS: Record<string, string[]> = {
  cost: ['cost-by-month', 'cost-by-promotion', 'cost-top-surfaces', 'cost-by-group', 'cost-top-stations'],
  deadlines: ['deadlines-by-milestone', 'deadlines-by-month'],
  delivery: ['delivery-by-group'],
  turnaround: ['turnaround-by-category', 'turnaround-by-designer'],
  print_quality: ['quality-by-designer', 'quality-by-check'],
};

/** The page does not scroll sideways: measured against the phone's 390 px, not the window. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];
  const I = L.insights;

  test(`the admin reads every section of /insights, filters it, opens its tables and downloads a CSV and a PNG (${lang})`, async ({ page, axe }) => {
    test.setTimeout(180_000);
    const sent = await sentChain(page.request, lang);
    await page.setViewportSize(DESKTOP);
    await useLanguage(page, lang);
    await login(page, 'admin');

    // From the sidebar: the last 12 months, as the server took them.
    await page.goto('/');
    await page.getByTestId('sidebar').getByRole('link', { name: L.nav.insights }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { level: 1, name: I.title })).toBeVisible();
    await expect(page).toHaveTitle(`${L.nav.insights} · ${L.app.name}`);
    await expect(page.getByTestId('insights-range')).toHaveText(/\d/);
    await expect(page.getByText(L.common.load_data, { exact: true })).toHaveCount(0);
    await snap(page, `insights-demo-1280-${lang}`);

    // The chain's month, typed in the interface's own date format: both ends go into the URL.
    // Each day is asked for once the page has it (as a person typing the next one would find it).
    const asked = page.waitForResponse((r) => r.url().includes('/api/insights/cost') && r.url().includes(`from=${MONTH[lang].from}`));
    await page.getByLabel(I.from, { exact: true }).fill(typedDay(MONTH[lang].from, lang));
    await expect(page).toHaveURL(new RegExp(`from=${MONTH[lang].from}`));
    await asked;
    await page.getByLabel(I.to, { exact: true }).fill(typedDay(MONTH[lang].to, lang));
    await expect(page).toHaveURL(new RegExp(`from=${MONTH[lang].from}&to=${MONTH[lang].to}`));
    const range = fill(I.range, { from: typedDay(MONTH[lang].from, lang), to: typedDay(MONTH[lang].to, lang) });
    await expect(page.getByTestId('insights-range')).toHaveText(range);

    // Every section: its heading, and each chart with a title in words and its SVG.
    for (const [section, ids] of Object.entries(CHARTS)) {
      await expect(page.getByRole('region', { name: I.sections[section as keyof typeof I.sections] })).toBeVisible();
      for (const id of ids) {
        await expect(chart(page, id).getByRole('heading', { level: 3 }), id).not.toBeEmpty();
        await expect(chart(page, id).getByTestId('plot').locator('svg').first(), id).toBeVisible();
      }
    }
    const total = kroner(sent.total, lang);
    await expect(chart(page, 'cost-by-promotion').getByRole('heading', { level: 3 })).toHaveText(fill(I.charts.cost_by_promotion.finding, { name: sent.name, amount: total, total }));
    await expect(chart(page, 'cost-by-month').getByRole('heading', { level: 3 })).toHaveText(fill(I.charts.cost_by_month.finding, { category: 'Fuel', amount: total, total }));
    await expect(chart(page, 'deadlines-by-milestone').getByRole('heading', { level: 3 })).toHaveText(
      fill(I.charts.deadlines_by_milestone.finding_one, { milestone: L.deadlines.milestones.brief, on_time: '1', count: '1' }),
    );
    await expect(chart(page, 'quality-by-designer').getByRole('heading', { level: 3 })).toHaveText(
      fill(I.charts.quality_by_designer.finding_one, { designer: 'Sofie Designer', errors: '1', count: '1' }),
    );
    await expect(chart(page, 'quality-by-check').getByRole('heading', { level: 3 })).toHaveText(
      fill(I.charts.quality_by_check.finding, { check: I.check_names.resolution, errors: '1', warnings: '0' }),
    );
    // Nothing was late: the list says so instead of an empty table.
    await expect(page.getByTestId('table-deadlines-late')).toContainText(I.empty);

    // A station group: the URL changes and the figures are asked again, now of that group alone.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/insights/cost') && r.url().includes('group=RBA'));
    await page.getByLabel(I.group, { exact: true }).selectOption('RBA');
    await expect(page).toHaveURL(/group=RBA/);
    expect((await refetched).status()).toBe(200);
    await expect(chart(page, 'cost-by-group').getByRole('heading', { level: 3 })).toContainText('RBA');
    await expect(chart(page, 'cost-by-group').locator('table tbody tr')).toHaveCount(1);
    await page.getByLabel(I.group, { exact: true }).selectOption('');
    await expect(page).not.toHaveURL(/group=/);
    await expect(chart(page, 'cost-by-group').locator('table tbody tr')).toHaveCount(3);

    // The table of a chart, by keyboard: from the chart before it, Tab passes over the chart's bars
    // (links for the pointer only) to the button, and Enter opens it.
    const byPromotion = chart(page, 'cost-by-promotion');
    const show = byPromotion.getByRole('button', { name: I.show_table });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(byPromotion.getByRole('table')).toBeHidden();
    await expect(byPromotion.getByTestId('plot').locator('a')).toHaveAttribute('tabindex', '-1');
    await chart(page, 'cost-by-month').getByRole('button', { name: I.download_png }).focus();
    await page.keyboard.press('Tab');
    await expect(show).toBeFocused();
    await page.keyboard.press('Enter');
    const hide = byPromotion.getByRole('button', { name: I.hide_table });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    const table = byPromotion.getByRole('table', { name: I.charts.cost_by_promotion.name });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText([I.columns.promotion, I.columns.starts, I.columns.cost]);
    await expect(table.getByRole('row', { name: sent.name })).toContainText(total);
    await axe.scan(page);

    // The CSV holds the chart's rows: the interface's separator and decimal sign, no grouping.
    const csv = await download(page, byPromotion.getByRole('button', { name: I.download_csv }));
    expect(csv.name).toBe(`cost-by-promotion-${MONTH[lang].from}-${MONTH[lang].to}.csv`);
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const [sep, decimal] = lang === 'en' ? [',', '.'] : [';', ','];
    expect(lines).toEqual([
      [I.columns.promotion, I.columns.starts, I.columns.cost].join(sep),
      [sent.name, MONTH[lang].from, sent.total.replace('.', decimal)].join(sep),
    ]);
    // The PNG of a chart with a legend.
    const png = await download(page, chart(page, 'cost-by-month').getByRole('button', { name: I.download_png }));
    expect(png.name).toBe(`cost-by-month-${MONTH[lang].from}-${MONTH[lang].to}.png`);
    expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.bytes.length).toBeGreaterThan(5_000);
    // Kept beside the screenshots, to look at.
    fs.writeFileSync(path.resolve('test-results/screenshots', `insights-export-${lang}.png`), png.bytes);
    await snap(page, `insights-1280-${lang}`);

    // Drill down: the promotion's row opens its report.
    await table.getByRole('link', { name: sent.name }).click();
    await expect(page).toHaveURL(new RegExp(`/promotion-report-view\\?prom_id=${sent.promotionId}$`));
    await expect(page.getByRole('heading', { name: L.report.title })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/insights\?/);

    // A phone: the charts take its width, every table open, and the page does not scroll sideways.
    await page.setViewportSize(PHONE);
    const closed = page.getByRole('button', { name: I.show_table });
    // Each opened table's button is renamed, so the first closed one is always the next.
    while ((await closed.count()) > 0) await closed.first().click();
    await expect(chart(page, 'cost-by-promotion').getByTestId('plot').locator('svg').first()).toHaveAttribute('width', /^(2|3)\d\d$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await axe.scan(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `insights-390-${lang}`);
  });

  test(`a cm sees /insights with its own categories only, and a station is told it has no access (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const cm = await login(page, 'cm');
    const categories = (await (await page.request.get('/api/categories', { headers: auth(cm.bearerToken) })).json()).data.categories as { name: string; manager_id: number | null }[];
    const own = categories.filter((c) => c.manager_id === cm.mergedUserData.id).map((c) => c.name);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(categories.length);
    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1, name: I.title })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.insights })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel(I.category, { exact: true }).locator('option')).toHaveText([I.all_categories, ...own]);
    await expect(page.getByRole('region', { name: I.sections.cost })).toBeVisible();
    await expect(page.getByText(L.common.load_data, { exact: true })).toHaveCount(0);

    await login(page, 'user');
    await page.goto('/insights');
    await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('link', { name: L.nav.insights })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: I.title })).toHaveCount(0);
  });
}
