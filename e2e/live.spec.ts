import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_EMAILS, DEMO_PASSWORD, expect, fill, LOCALES, login, snap, test, useLanguage, type DemoRole, type Lang } from './fixtures';
import { workerBaseURL } from './worker-url';

// Issue 12: a status set by the cm reaches the designer's open design page, and a new notification
// the other user's bell, over the socket, without a reload (the bell no longer polls).

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiToken(request: APIRequestContext, role: DemoRole): Promise<string> {
  const res = await request.post('/api/auth/login', { form: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.bearerToken;
}

/** A 1×1 PNG made with sharp, as the other specs make theirs. */
const png = () => sharp({ create: { width: 1, height: 1, channels: 3, background: '#c8283c' } }).png().toBuffer();

interface Fresh {
  promotionId: number;
  name: string;
  surfaceId: number;
  psdId: number;
}

/** A promotion of its own (the seeded ones stay as other tests expect them), with one design of the cm's category in Brief. */
async function freshDesign(request: APIRequestContext, tag: string): Promise<Fresh> {
  const [admin, cm] = await Promise.all([apiToken(request, 'admin'), apiToken(request, 'cm')]);
  const name = `Live ${tag} ${Date.now()}`;
  const created = await request.post('/api/promotions', { form: { name, period_from: '2031-03-01', period_to: '2031-03-31' }, headers: auth(admin) });
  expect(created.status(), await created.text()).toBe(201);
  const promotionId: number = (await created.json()).data.promotion.id;
  const surfaces = await request.post('/api/surfaces/get-all-surfaces', { headers: auth(admin) });
  const surfaceId: number = (await surfaces.json()).data.surfaces[0].id;
  expect((await request.post('/api/promotion-surfaces', { form: { promotion_id: promotionId, surface_id: surfaceId }, headers: auth(admin) })).status()).toBe(200);
  // A design of a category the cm manages.
  const designs = await request.post('/api/designs/get-all-designs', { headers: auth(cm) });
  const designId: number = (await designs.json()).data.designs[0].id;
  const added = await request.post('/api/promotion-surface-design', { form: { promotion_id: promotionId, surface_id: surfaceId, design_id: designId }, headers: auth(admin) });
  expect(added.status(), await added.text()).toBe(200);
  const psdId: number = (await added.json()).data.id;
  expect((await request.put(`/api/promotion-surface-design/${psdId}`, { form: { status: 'Brief' }, headers: auth(admin) })).status()).toBe(200);
  return { promotionId, name, surfaceId, psdId };
}

/** A signed-in page in a browser context of its own, as another person's browser. */
async function personPage(browser: Browser, role: DemoRole, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL: workerBaseURL(test.info()) });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await login(page, role);
  return page;
}

/** Marks the document: a reload would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);

// Two or three browsers each, every page checked with axe: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

for (const lang of ['no', 'en'] as Lang[]) {
  const L = LOCALES[lang];

  test(`a status set by the cm unlocks HQ and LQ on the designer's open design page (${lang})`, async ({ browser, request }) => {
    const fresh = await freshDesign(request, lang);
    const url = `/promotion-design?prom_id=${fresh.promotionId}&sur_id=${fresh.surfaceId}&prom_sur_des_id=${fresh.psdId}`;
    const [designer, cm] = await Promise.all([personPage(browser, 'designer', lang), personPage(browser, 'cm', lang)]);

    await designer.goto(url);
    const chat = designer.getByTestId('design-chat');
    await chat.getByTestId('chat-file-input').setInputFiles({ name: 'trykk.png', mimeType: 'image/png', buffer: await png() });
    const type = chat.getByLabel(L.chat.file_type, { exact: true });
    await expect(type.locator('option[value="HQ"]')).toBeDisabled();
    await expect(type.locator('option[value="LQ"]')).toBeDisabled();
    await expect(chat).toContainText(L.chat.print_types_blocked);
    await markDocument(designer);

    // The cm sets the status in its own browser.
    await cm.goto(url);
    await cm.getByRole('button', { name: L.design.edit }).click();
    const dialog = cm.getByTestId('brief-dialog');
    await dialog.getByLabel(L.design.fields.status).selectOption('Correction');
    await dialog.getByRole('button', { name: L.common.save }).click();
    await expect(dialog).toBeHidden();

    // The designer's page follows without a reload: the status, and HQ and LQ can be chosen.
    const header = designer.getByRole('heading', { level: 1 });
    await expect(header).toContainText(L.promotions.design_statuses.Correction);
    await expect(type.locator('option[value="HQ"]')).toBeEnabled();
    await expect(type.locator('option[value="LQ"]')).toBeEnabled();
    await expect(chat).not.toContainText(L.chat.print_types_blocked);
    await expect(designer.getByTestId('brief-status')).toContainText(L.promotions.design_statuses.Correction);
    await stillSameDocument(designer);
    await type.selectOption('HQ');
    await snap(designer, `live-design-status-${lang}`);
    await Promise.all([designer.context().close(), cm.context().close()]);
  });

  test(`a new notification appears in the other user's bell without a reload (${lang})`, async ({ browser, request }) => {
    const fresh = await freshDesign(request, `bell-${lang}`);
    // The demo system settings name admin@demo.no as the admin to notify.
    const admin = await personPage(browser, 'admin', lang);
    const fetches: string[] = [];
    admin.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/notifications' && fetches.push(r.url()));
    await admin.goto('/');
    const bell = admin.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect.poll(() => fetches.length).toBeGreaterThan(0);
    const before = Number((await admin.getByTestId('notification-count').textContent({ timeout: 1000 }).catch(() => '0')) || 0);
    const fetched = fetches.length;
    await markDocument(admin);

    const cm = await apiToken(request, 'cm');
    const notified = await request.post('/api/promotions/notify-admin-about-promotion', { form: { promotion_id: fresh.promotionId }, headers: auth(cm) });
    expect(notified.status(), await notified.text()).toBe(200);

    await expect(admin.getByTestId('notification-count')).toHaveText(before + 1 > 99 ? '99+' : String(before + 1));
    // Pushed over the socket, not fetched again.
    expect(fetches.length).toBe(fetched);
    await bell.click();
    await expect(admin.getByRole('menuitem', { name: fill(L.notifications.kinds.notify_admin, { name: fresh.name }) })).toBeVisible();
    await stillSameDocument(admin);
    await snap(admin, `live-bell-${lang}`);
    await admin.context().close();
  });
}
