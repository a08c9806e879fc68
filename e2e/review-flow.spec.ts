import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, fill, LOCALES, login, loginAs, snap, test, useLanguage, type Lang } from './fixtures';
import { workerBaseURL } from './worker-url';
import { apiSession, apiToken, auth, designUrl, proofDesign, sendFile, solidPng, type ProofDesign } from './proofing-helpers';

/**
 * Issue 25 (decision 040): a design's sketch goes through three review stages — the category's cm,
 * two marketing leads who must both approve, an admin — with a change request pointing to a pin,
 * a new version that starts again at the stage that asked, and the final approval.
 */

const LANGS: Lang[] = ['no', 'en'];
const heading = (page: Page) => page.getByTestId('design-page').getByRole('heading', { level: 1 });
const panel = (page: Page) => page.getByTestId('design-reviews');
const card = (page: Page, file: string) => panel(page).getByTestId('version-review').filter({ hasText: file });
const steps = (page: Page, file: string) => card(page, file).getByTestId('review-step');

async function pageAs(browser: Browser, lang: Lang, email: string, password?: string) {
  const page = await (await browser.newContext({ baseURL: workerBaseURL(test.info()) })).newPage();
  await useLanguage(page, lang);
  await loginAs(page, email, password);
  return page;
}

async function decide(request: APIRequestContext, token: string, design: ProofDesign, messageId: number, body: object) {
  const res = await request.post('/api/design-chat/reviews/decide', { data: { chat_id: design.chat_id, message_id: messageId, ...body }, headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page at a phone's width for a screenshot of the panel, then back. */
async function snapPhone(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await panel(page).scrollIntoViewIfNeeded();
  await snap(page, name);
  await page.setViewportSize(size);
}

for (const lang of LANGS) {
  test(`a sketch through three review stages: two leads, a change request with a pin, a new version and the final approval (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const L = LOCALES[lang];
    const R = L.reviews;
    const admin = await apiSession(request, 'admin');
    const designer = await apiToken(request, 'designer');
    const design = await proofDesign(request, admin.token, `Godkjenningsflyt ${lang} ${Date.now()}`);
    expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Brief' }, headers: auth(admin.token) })).status()).toBe(200);

    // The marketing stage names two people who must both approve: the demo's cm-admin and admin
    // (no new admins: other specs count them).
    await useLanguage(page, lang);
    await login(page, 'admin');
    const kari = await apiSession(request, 'cm-admin');
    const leads = [kari.id, admin.id];
    const flow = await request.put('/api/review-flow', {
      data: {
        promotion_id: design.promotion_id,
        stages: [
          { name: 'Kategorisjef', rule: 'any', roles: ['category_manager'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: -7 },
          { name: 'Markedsledere', rule: 'all', roles: [], user_ids: leads, due_milestone: 'designs_complete', due_offset_days: -3 },
          { name: 'Admin', rule: 'any', roles: ['admin'], user_ids: [], due_milestone: 'designs_complete', due_offset_days: 0 },
        ],
      },
      headers: auth(admin.token),
    });
    expect(flow.status(), await flow.text()).toBe(200);

    // The admin sees the flow on the promotion's page and renames the last stage there.
    await page.goto(`/promotion-settings?prom_id=${design.promotion_id}&action=edit`);
    const editor = page.getByTestId('review-flow');
    await expect(editor.getByTestId('review-stage')).toHaveCount(3);
    const last = editor.getByTestId('review-stage').nth(2);
    await last.getByLabel(R.flow.name, { exact: true }).fill('Admin (siste)');
    await editor.getByRole('button', { name: L.common.save }).click();
    await expect(page.getByTestId('toast')).toContainText(L.server.review_flow_saved);
    await editor.scrollIntoViewIfNeeded();
    await snap(page, `review-flow-editor-${lang}`);

    // The designer's sketch enters the first stage: the cm is asked.
    const first = await sendFile(request, designer, design.chat_id, `skisse-1-${lang}.png`, await solidPng(600, 420, '#2563eb'), 'Sketch');
    const cm = await pageAs(browser, lang, 'cm@demo.no');
    await cm.goto(designUrl(design));
    await expect(steps(cm, `skisse-1-${lang}.png`).first()).toHaveAttribute('data-state', 'open');
    await card(cm, `skisse-1-${lang}.png`).getByRole('button', { name: R.approve, exact: true }).click();
    await expect(steps(cm, `skisse-1-${lang}.png`).nth(0)).toHaveAttribute('data-state', 'done');
    await expect(steps(cm, `skisse-1-${lang}.png`).nth(1)).toHaveAttribute('data-state', 'open');
    await expect(steps(cm, `skisse-1-${lang}.png`).nth(1).getByTestId('review-pending')).toHaveText(/Ingrid Admin, Kari Nordmann/);
    await cm.context().close();

    // Kari approves (through the API); Ingrid, the other lead, places a pin and asks for changes, pointing to it.
    await decide(request, kari.token, design, first.message_id, { decision: 'approve' });
    const pin = await request.post('/api/design-chat/pins', { form: { chat_id: design.chat_id, message_id: first.message_id, x: 0.3, y: 0.4, text: 'Logoen er for liten' }, headers: auth(admin.token) });
    expect(pin.status(), await pin.text()).toBe(201);
    const lead2 = page;
    await lead2.goto(designUrl(design));
    const sketchCard = card(lead2, `skisse-1-${lang}.png`);
    await expect(steps(lead2, `skisse-1-${lang}.png`).nth(1).getByTestId('review-pending')).toHaveText(/Ingrid Admin$/);
    await sketchCard.getByRole('button', { name: R.request_changes }).click();
    const dialog = lead2.getByRole('dialog');
    // Refused without a comment.
    await dialog.getByRole('button', { name: R.changes.submit }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(R.changes.comment).fill('Logoen må bli større, se punkt 1.');
    await dialog.getByRole('checkbox', { name: new RegExp(fill(R.pin_number, { number: '1' })) }).check();
    await snap(lead2, `review-flow-changes-dialog-${lang}`);
    await dialog.getByRole('button', { name: R.changes.submit }).click();
    await expect(dialog).toHaveCount(0);
    await expect(heading(lead2)).toContainText(L.promotions.design_statuses.Correction);
    const asked = steps(lead2, `skisse-1-${lang}.png`).nth(1);
    await expect(asked).toHaveAttribute('data-state', 'changes_requested');
    await expect(asked.getByTestId('review-decision').filter({ hasText: 'Logoen må bli større' })).toContainText(fill(R.decision.pins_one, { numbers: '1' }));
    await snap(lead2, `review-flow-changes-requested-${lang}`);
    await snapPhone(lead2, `review-flow-changes-requested-phone-${lang}`);

    // The designer's next sketch starts again at the marketing stage: both leads are asked again, live.
    await sendFile(request, designer, design.chat_id, `skisse-2-${lang}.png`, await solidPng(600, 420, '#16a34a'), 'Sketch');
    await expect(steps(lead2, `skisse-2-${lang}.png`).nth(1)).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
    await expect(steps(lead2, `skisse-2-${lang}.png`).nth(1).getByTestId('review-pending')).toHaveText(/Ingrid Admin, Kari Nordmann/);
    await expect(card(lead2, `skisse-1-${lang}.png`)).toHaveCount(0);
    const second = (await (await request.get('/api/design-chat/reviews', { params: { chat_id: design.chat_id }, headers: auth(admin.token) })).json()).data.reviews[0] as { message_id: number };
    await decide(request, kari.token, design, second.message_id, { decision: 'approve' });
    await card(lead2, `skisse-2-${lang}.png`).getByRole('button', { name: R.approve, exact: true }).click();
    await expect(steps(lead2, `skisse-2-${lang}.png`).nth(2)).toHaveAttribute('data-state', 'open');

    // The promotion's design list says where the design waits.
    await page.goto(`/promotion-settings?prom_id=${design.promotion_id}&action=surfaces`);
    await expect(page.getByTestId('review-mark')).toHaveText(fill(R.mark.label, { type: R.types.Sketch, stage: 'Admin (siste)' }));

    // The admin gives the last approval: the design is Approved.
    await page.goto(designUrl(design));
    await expect(steps(page, `skisse-2-${lang}.png`).nth(2)).toHaveAttribute('data-state', 'open');
    await snap(page, `review-flow-last-stage-${lang}`);
    await snapPhone(page, `review-flow-last-stage-phone-${lang}`);
    await card(page, `skisse-2-${lang}.png`).getByRole('button', { name: R.approve, exact: true }).click();
    await expect(card(page, `skisse-2-${lang}.png`).getByTestId('file-review-state')).toHaveText(R.states.approved);
    await expect(heading(page)).toContainText(L.promotions.design_statuses.Approved);
    await expect(steps(page, `skisse-2-${lang}.png`)).toHaveCount(3);
    for (const step of await steps(page, `skisse-2-${lang}.png`).all()) await expect(step).toHaveAttribute('data-state', 'done');
    await snap(page, `review-flow-approved-${lang}`);
  });
}


for (const lang of LANGS) {
  test(`the admin reads the default review flow on system settings, at a desk and on a phone (${lang})`, async ({ page }) => {
    const R = LOCALES[lang].reviews;
    await useLanguage(page, lang);
    await login(page, 'admin');
    await page.goto('/system-settings');
    const editor = page.getByTestId('review-flow');
    await expect(editor.getByRole('heading', { name: R.flow.default_title })).toBeVisible();
    await expect(editor.getByTestId('review-stage').first().getByLabel(R.flow.name, { exact: true })).not.toHaveValue('');
    await editor.scrollIntoViewIfNeeded();
    await snap(page, `review-flow-default-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await editor.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, `review-flow-default-phone-${lang}`);
  });
}
