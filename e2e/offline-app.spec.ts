import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD, expect, fill, LOCALES, login, snap, test, useLanguage, type DemoRole, type Lang } from './fixtures';
import { controlledAfterReload, expectKept, PHONE, setOffline } from './offline-helpers';

// Issue 21, "An app the store installs" (decision 023): the manifest, the service worker, and a
// station's day done offline that reaches the server exactly once per action.
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const photo = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();

test.describe('the installable app', () => {
  test('the manifest names the app in both languages, has its icons and the role\'s start page', async ({ page }) => {
    const anonymous = await page.request.get('/manifest.webmanifest');
    expect(anonymous.status()).toBe(200);
    expect(anonymous.headers()['content-type']).toContain('application/manifest+json');
    const m = await anonymous.json();
    expect(m).toMatchObject({ id: '/', lang: 'no', display: 'standalone', start_url: '/', scope: '/', theme_color: '#1e3a8a', background_color: '#ffffff' });
    expect(m.name).toMatch(/Promo Print/);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.translations.en.name).toMatch(/print ordering/);
    for (const icon of m.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      const meta = await sharp(await res.body()).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
    const purposes = (m.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`).sort();
    expect(purposes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // The page links it with credentials, so a signed-in station's browser gets its own start page.
    await login(page, 'user');
    await page.goto('/user-promotions');
    const link = page.locator('link[rel=manifest]');
    await expect(link).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(link).toHaveAttribute('crossorigin', 'use-credentials');
    const asStation = await page.evaluate(async () => (await fetch('/manifest.webmanifest', { credentials: 'include' })).json());
    expect(asStation.start_url).toBe('/user-promotions');
  });

  test("a signed-in first load names the route's own scripts, and the page uses each of them", async ({ page }) => {
    await login(page, 'user');
    await page.goto('/company-planner');
    await expect(page.locator('h1')).toBeVisible();
    const preloads = await page.locator('link[rel=modulepreload]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloads.filter((p) => /\/(company-planner-page|route-guard|main-layout)-/.test(p))).toHaveLength(3);
    // Each arrives (a preload still in flight on a busy machine is not in the resource timings yet).
    const notLoaded = async () => {
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      return preloads.filter((p) => !loaded.includes(p));
    };
    await expect.poll(notLoaded).toEqual([]);
  });

  test('the service worker registers, controls the page after a reload, and is served uncached', async ({ page }) => {
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    await login(page, 'user');
    await page.goto('/user-promotions');
    await controlledAfterReload(page);
    // A start that brings a new build says so quietly; a start of the same build does not.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('older-build-seen')) return;
      sessionStorage.setItem('older-build-seen', 'yes');
      localStorage.setItem('APP_BUILD', 'an older build');
    });
    await page.reload();
    await expect(page.getByText(LOCALES.no.pwa.updated).first()).toBeVisible();
    await page.reload();
    // The notice comes from the registration, loaded when the browser is idle (at most 2 s).
    await page.waitForTimeout(2500);
    await expect(page.getByText(LOCALES.no.pwa.updated)).toHaveCount(0);
    // Hashed assets keep their year-long immutable caching.
    const script = await page.locator('script[type=module]').first().getAttribute('src');
    expect((await page.request.get(script!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

/** Nyttårskampanje (delivered to every station) as the distributor lists it. */
async function newYearId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/promotion-distributor/get-promotions', { params: { 'obj_search[input_value]': 'Nyttårskampanje' }, headers: auth(token) });
  const row = ((await res.json()).data.promotions as { id: number; name: string }[]).find((p) => p.name === 'Nyttårskampanje');
  expect(row).toBeTruthy();
  return row!.id;
}

/** A bearer token of a demo role, without touching the page's session cookies. */
async function tokenOf(page: Page, role: DemoRole) {
  const res = await page.request.post('/api/auth/login', { form: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.bearerToken as string;
}

async function auditCount(page: Page, adminToken: string, entity: string, actorId: number) {
  const res = await page.request.get('/api/audit-log', { params: { 'obj_search[entity]': entity, 'obj_search[actor_id]': actorId, count_show: 1 }, headers: auth(adminToken) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.total as number;
}

async function stationView(page: Page, token: string, promotionId: number) {
  const res = await page.request.get(`/company_api/user-promotion/${promotionId}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { distributor_parcels: { id: number; receipt: { status: string; note: string } | null }[]; placement: { surface_id: number; photos: unknown[] }[] };
}

test.describe.serial('a station\'s day offline', () => {
  for (const lang of ['no', 'en'] as Lang[]) {
    test(`a receipt with a problem and a photo made offline reach the server once each (${lang})`, async ({ browser }) => {
      test.setTimeout(90_000);
      const L = LOCALES[lang];
      const note = lang === 'no' ? `Plakaten kom våt (${Date.now()})` : `The poster arrived wet (${Date.now()})`;
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await useLanguage(page, lang);
      const station = await login(page, 'user');
      const adminToken = await tokenOf(page, 'admin');
      const promotionId = await newYearId(page, await tokenOf(page, 'distributor'));

      const before = await stationView(page, station.bearerToken, promotionId);
      const parcelId = before.distributor_parcels[0]!.id;
      const surfaceId = before.placement[0]!.surface_id;
      const photosBefore = before.placement[0]!.photos.length;
      const auditParcels = await auditCount(page, adminToken, 'distributor_parcels', station.mergedUserData.id);
      const auditPhotos = await auditCount(page, adminToken, 'placement_photos', station.mergedUserData.id);

      // Online once: the worker installs and the promotion's data is kept on the device.
      await page.goto(`/user-promotions/${promotionId}`);
      await controlledAfterReload(page);
      await expect(page.getByTestId('parcel-receipts')).toBeVisible();
      await expectKept(page, [`["company","promotion",${promotionId}`]);

      // Offline: the page opens from the worker's shell with the data last seen, and says so.
      await setOffline(context, page, true);
      await page.reload();
      const receipts = page.getByTestId('parcel-receipts');
      await expect(receipts).toBeVisible();
      const banner = page.getByTestId('offline-banner');
      await expect(banner).toContainText(L.offline.banner.split('{{')[0]!.trim());
      await expect(banner).toHaveText(/\d\d:\d\d/);

      const parcel = receipts.getByTestId(`parcel-${parcelId}`);
      const change = parcel.getByRole('button', { name: L.delivery.receipt.change });
      if (await change.isVisible()) await change.click();
      await parcel.getByRole('radio', { name: L.delivery.receipt.answer_problem }).click();
      await parcel.getByLabel(L.delivery.receipt.note_required).fill(note);
      await parcel.getByRole('button', { name: L.delivery.receipt.save }).click();
      await expect(parcel.getByTestId(`receipt-waiting-${parcelId}`)).toContainText(L.offline.pending);

      const surface = page.getByTestId(`placement-surface-${surfaceId}`);
      await surface.locator('input[type=file]').setInputFiles({ name: 'oppe.jpg', mimeType: 'image/jpeg', buffer: await photo(lang === 'no' ? '#2e7d32' : '#6a1b9a') });
      await expect(page.getByTestId(`placement-waiting-${surfaceId}`)).toHaveText(new RegExp(fill(L.offline.photos_waiting_one, { count: '1' })));
      const queue = page.getByTestId('offline-queue');
      await expect(queue.locator('summary')).toHaveText(fill(L.offline.waiting_other, { count: '2' }));
      await expect(queue.getByTestId('offline-queue-item')).toHaveCount(2);
      await snap(page, `offline-waiting-phone-${lang}`);

      // Back online: the receipt goes, then the photo's answer is lost on the way (the server did
      // act), so the queue keeps it and sends it again with the same key at the next start; the
      // server answers from its idempotency record instead of storing a second photo.
      let photoPosts = 0;
      await context.route('**/company_api/placement-photos', async (route) => {
        if (photoPosts++ > 0) return route.fallback();
        await route.fetch();
        await route.abort('connectionreset');
      });
      await setOffline(context, page, false);
      await expect(page.getByTestId(`receipt-${parcelId}`)).toContainText(note);
      await expect.poll(() => photoPosts).toBe(1);
      await expect(queue.getByTestId('offline-queue-item')).toHaveCount(1);
      await page.reload();
      // The queue sends it again once the app has started; the page may draw before the queue is read.
      await expect.poll(() => photoPosts).toBe(2);
      await expect(surface.getByRole('button', { name: L.common.enlarge_image })).toHaveCount(photosBefore + 1);
      await expect(page.getByTestId(`placement-waiting-${surfaceId}`)).toHaveCount(0);
      await expect(page.getByTestId('offline-status')).toHaveCount(0);
      await snap(page, `offline-sent-phone-${lang}`);

      // Exactly once each: one receipt change, one audit row, one photo.
      const after = await stationView(page, station.bearerToken, promotionId);
      expect(after.distributor_parcels.find((p) => p.id === parcelId)!.receipt).toMatchObject({ status: 'problem', note });
      expect(after.placement.find((s) => s.surface_id === surfaceId)!.photos).toHaveLength(photosBefore + 1);
      expect(await auditCount(page, adminToken, 'distributor_parcels', station.mergedUserData.id)).toBe(auditParcels + 1);
      expect(await auditCount(page, adminToken, 'placement_photos', station.mergedUserData.id)).toBe(auditPhotos + 1);
      await context.close();
    });
  }

  test('a queued photo the server refuses is shown as not sent with its reason, and not sent again', async ({ browser }) => {
    const L = LOCALES.en;
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await useLanguage(page, 'en');
    const station = await login(page, 'user');
    const promotionId = await newYearId(page, await tokenOf(page, 'distributor'));
    const surfaceId = (await stationView(page, station.bearerToken, promotionId)).placement[0]!.surface_id;
    const photosBefore = (await stationView(page, station.bearerToken, promotionId)).placement[0]!.photos.length;
    await page.goto(`/user-promotions/${promotionId}`);
    await controlledAfterReload(page);
    await expect(page.getByTestId('placement-photos')).toBeVisible();

    await setOffline(context, page, true);
    const surface = page.getByTestId(`placement-surface-${surfaceId}`);
    await surface.locator('input[type=file]').setInputFiles({ name: 'full.jpg', mimeType: 'image/jpeg', buffer: await photo('#ef6c00') });
    await expect(page.getByTestId(`placement-waiting-${surfaceId}`)).toBeVisible();
    // The server's refusal as it words it (the surface is full by the time the photo arrives).
    let posts = 0;
    await context.route('**/company_api/placement-photos', (route) => {
      posts += 1;
      return route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'This surface has as many photos as it may have', message_key: 'too_many_photos', errors: { file_id: ['too_many_photos'] } }),
      });
    });
    await setOffline(context, page, false);
    const failed = page.getByTestId('offline-queue-failed');
    await expect(failed).toContainText(L.server.too_many_photos);
    await expect(failed).toContainText(L.offline.kind.photo);
    await expect(page.getByTestId(`placement-waiting-${surfaceId}`)).toHaveCount(0);
    await snap(page, 'offline-refused-phone-en');
    // A refusal is not retried: another start sends nothing; the station lets it go.
    await page.reload();
    await expect(failed).toBeVisible();
    expect(posts).toBe(1);
    await failed.getByRole('button', { name: L.offline.dismiss }).click();
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
    expect((await stationView(page, station.bearerToken, promotionId)).placement[0]!.photos).toHaveLength(photosBefore);
    await context.close();
  });
});
