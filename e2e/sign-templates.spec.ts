import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { encodeForm } from '../apps/web/src/lib/form-encoding';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';
import { apiToken, auth, designUrl, solidPng, type ProofDesign } from './proofing-helpers';

/*
 * Issue 34: price signs. A designer builds a template in the editor (drag, keyboard nudge, undo,
 * a field of its own, a saved version); a cm makes 20 signs of it on a promotion's surface, finds
 * the one that does not fit, fixes it, saves and generates; the HQ file comes in the chat with the
 * template's label and passes the preflight. At 390 px the editor and the panel show their preview.
 */

const LANGS: Lang[] = ['no', 'en'];
const SIZE = 'H21 x W29.7';
const SIGNS = 20;

/** A form body with nested keys, as the web app sends it. */
const formPost = (request: APIRequestContext, url: string, token: string, body: Record<string, unknown>) =>
  request.post(url, { data: encodeForm(body), headers: { ...auth(token), 'Content-Type': 'application/x-www-form-urlencoded' } });

/** The colour of the preview's top left corner once it has been drawn and is not being drawn again: 'yellow' where the test's background shows. */
async function previewCorner(page: Page): Promise<string> {
  const preview = page.getByTestId('sign-preview');
  if ((await preview.getAttribute('aria-busy')) === 'true' || (await preview.locator('img').count()) === 0) return 'drawing';
  const [r, g, b] = await preview.locator('img').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(4, 4, 1, 1).data];
  });
  return r! > 220 && g! > 190 && b! < 180 ? 'yellow' : `rgb(${r}, ${g}, ${b})`;
}

/** A new Fuel design (a category cm@demo.no manages), made a template of a landscape A4 page with four fields. */
async function templateDesign(request: APIRequestContext, admin: string, name: string) {
  const designs = (await (await request.get('/api/designs', { params: { count_show: 100 }, headers: auth(admin) })).json()).data.designs as { category_id: number; category: { name: string } }[];
  const fuel = designs.find((d) => d.category.name === 'Fuel')!;
  const made = await request.post('/api/designs', { form: { name, category_id: fuel.category_id }, headers: auth(admin) });
  expect(made.status(), await made.text()).toBe(201);
  const design_id = (await made.json()).data.id as number;
  const field = (id: string, kind: string, y: number, height: number, size: number) => ({ id, kind, x: 10, y, width: 277, height, font: 'sans-bold', size, min_size: 10, color: [0, 0, 0, 100], align: 'center', locked: true, text: '' });
  const layout = {
    width_mm: 297,
    height_mm: 210,
    bleed_mm: 3,
    safe_mm: 5,
    fields: [field('name', 'name', 10, 30, 36), field('price', 'price', 50, 80, 120), field('previous_price', 'previous_price', 135, 15, 18), field('validity', 'validity', 190, 12, 14)],
  };
  const res = await formPost(request, '/api/sign-templates', admin, { design_id, layout });
  expect(res.status(), await res.text()).toBe(201);
  return design_id;
}

/** A promotion of its own with the template's design on a surface of its size, Approved so print files may come. */
async function signDesign(request: APIRequestContext, admin: string, design_id: number, name: string): Promise<ProofDesign> {
  const headers = auth(admin);
  const promo = await request.post('/api/promotions', { form: { name, period_from: '2031-05-01', period_to: '2031-05-31' }, headers });
  expect(promo.status(), await promo.text()).toBe(201);
  const promotion_id = (await promo.json()).data.promotion.id as number;
  const surfaces = (await (await request.get('/api/surfaces', { params: { count_show: 100 }, headers })).json()).data.surfaces as { id: number; size_surface: string; printer_id: number | null }[];
  const surface = surfaces.find((s) => s.size_surface === SIZE && s.printer_id !== null) ?? surfaces.find((s) => s.size_surface === SIZE)!;
  expect(surface, SIZE).toBeTruthy();
  expect((await request.post('/api/promotion-surfaces', { form: { promotion_id, surface_id: surface.id }, headers })).status()).toBeLessThan(300);
  const added = await request.post('/api/promotion-surface-design', { form: { promotion_id, surface_id: surface.id, design_id }, headers });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const id = (await added.json()).data.id as number;
  expect((await request.put(`/api/promotion-surface-design/${id}`, { form: { status: 'Approved' }, headers })).status()).toBe(200);
  const page = await request.get('/api/promotion-surface-design/get-promotion-surface-design', { params: { promotion_id, surface_id: surface.id, surface_design_id: id }, headers });
  return { promotion_id, surface_id: surface.id, id, chat_id: (await page.json()).data.chat_id as number, surface_size: SIZE };
}

/** The drawn box of a field: x, y, width, height in mm. */
const boxOf = async (page: Page, id: string) => (await page.getByTestId(`sign-field-${id}`).getAttribute('data-box'))!.split(',').map(Number);
const fieldRect = (page: Page, id: string): Locator => page.getByTestId(`sign-field-${id}`).getByRole('button');

for (const lang of LANGS) {
  test(`a designer builds a template, a cm makes 20 signs of it, fixes one that does not fit and generates the HQ (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const L = LOCALES[lang];
    const S = L.signs;
    const admin = await apiToken(request, 'admin');
    const stamp = `${lang}-${Date.now()}`;
    const designId = await templateDesign(request, admin, `Skiltmal ${stamp}`);
    const products = (await (await request.get('/api/products', { params: { count_show: SIGNS + 1 }, headers: auth(admin) })).json()).data.products as { id: number; name: string }[];
    expect(products.length).toBeGreaterThan(SIGNS);

    // The designer: drag, nudge, undo, a free text field a cm fills in, a new version.
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, 'designer');
    await page.goto(`/sign-templates/${designId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Skiltmal ${stamp}` })).toBeVisible();
    await expect(page.getByTestId('template-version')).toContainText('v1');
    await expect(page.getByTestId('sign-bleed')).toBeVisible();
    await expect(page.getByTestId('sign-safe')).toBeVisible();

    const [x0, y0] = await boxOf(page, 'price');
    const rect = (await fieldRect(page, 'price').boundingBox())!;
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 + 5, rect.y + rect.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    const [x1, y1] = await boxOf(page, 'price');
    expect(y1).toBeGreaterThan(y0!);
    expect(x1).toBeGreaterThanOrEqual(x0!);

    await fieldRect(page, 'price').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Shift+ArrowLeft');
    expect((await boxOf(page, 'price')).slice(0, 2)).toEqual([Math.round((x1! - 0.1) * 10) / 10, Math.round((y1! - 1) * 10) / 10]);
    await page.keyboard.press('Control+z');
    expect((await boxOf(page, 'price')).slice(0, 2)).toEqual([x1, Math.round((y1! - 1) * 10) / 10]);
    await page.getByRole('button', { name: S.undo }).click();
    await page.getByRole('button', { name: S.undo }).click();
    expect((await boxOf(page, 'price')).slice(0, 2)).toEqual([x0, y0]);
    await page.getByRole('button', { name: S.redo }).click();
    expect((await boxOf(page, 'price')).slice(0, 2)).toEqual([x1, y1]);

    await page.getByLabel(S.new_field_kind).selectOption('text');
    await page.getByRole('button', { name: S.add_field }).click();
    const panel = page.getByTestId('field-panel');
    // A field is called by its kind until the designer names it, on the canvas and in the cm's form.
    await expect(panel.getByRole('heading', { name: S.kinds.text })).toBeVisible();
    const slogan = lang === 'no' ? 'Slagord' : 'Slogan';
    await panel.getByLabel(S.field_name).fill(slogan);
    await expect(panel.getByRole('heading', { name: slogan })).toBeVisible();
    await expect(fieldRect(page, 'text')).toHaveAccessibleName(new RegExp(`^${S.field_label.split(' ')[0]} ${slogan},`));
    await expect(panel.getByLabel(S.editable)).toBeChecked();
    await panel.getByLabel(S.height_mm).fill('20');
    await panel.getByLabel(S.size_pt, { exact: true }).fill('28');
    await panel.getByLabel(S.min_size_pt).fill('24');
    await panel.getByLabel(S.text, { exact: true }).fill('Ukens tilbud');

    // The preview's product from the sign templates' own search (a designer may not list the catalogue).
    const previewForm = page.getByTestId('preview-sign-form');
    await previewForm.getByRole('searchbox', { name: L.design.search_products }).fill(products[0]!.name);
    await previewForm.getByTestId(`picker-product-${products[0]!.id}`).getByRole('button').click();
    await expect(page.getByTestId('preview-product')).toHaveText(products[0]!.name);
    await expect(page.getByTestId('sign-preview').locator('img')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sign-preview')).toContainText(S.preview_fits);

    // A background: one far below 300 dpi is refused on save with the preflight's reason; one at 300 dpi on the page with bleed (303 × 216 mm) is kept.
    const background = page.getByTestId('sign-background');
    await background.getByTestId('sign-background-input').setInputFiles({ name: 'lav.png', mimeType: 'image/png', buffer: await solidPng(303, 216, '#ffe680') });
    await expect(background.getByTestId('sign-background-name')).toHaveText('lav.png');
    // Read by the preflight as soon as it is picked, before any save; a save is refused all the same.
    await expect(background.getByRole('alert')).toContainText(L.validation.background_preflight, { timeout: 30_000 });
    await page.getByRole('button', { name: S.save }).click();
    await expect(background.getByRole('alert')).toContainText(L.validation.background_preflight, { timeout: 30_000 });
    await expect(page.getByTestId('template-version')).toContainText('v1');
    await background.getByTestId('sign-background-input').setInputFiles({ name: 'bakgrunn.png', mimeType: 'image/png', buffer: await solidPng(3579, 2552, '#ffe680') });
    await expect(background.getByTestId('sign-background-name')).toHaveText('bakgrunn.png');
    await expect(background.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('sign-preview')).toContainText(S.preview_fits, { timeout: 20_000 });
    await expect.poll(() => previewCorner(page), { timeout: 20_000 }).toBe('yellow');
    await page.getByRole('button', { name: S.save }).click();
    await expect(page.getByTestId('template-version')).toContainText('v2');
    await expect(page.getByTestId('template-versions')).toContainText('v2');
    await snap(page, `sign-editor-1280-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('template-preview-only')).toBeVisible();
    await expect(page.getByTestId('sign-canvas')).toHaveCount(0);
    await expect.poll(() => previewCorner(page), { timeout: 20_000 }).toBe('yellow');
    await snap(page, `sign-editor-390-${lang}`);

    // The cm: the brief's products and one more from the search, 20 signs.
    const design = await signDesign(request, admin, designId, `Skilt ${stamp}`);
    const cmToken = await apiToken(request, 'cm');
    for (const p of products.slice(0, SIGNS - 1)) {
      const res = await request.post('/api/promotion-surface-design/add-product-brief-design', { form: { promotion_surface_design_id: design.id, product_id: p.id }, headers: auth(cmToken) });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    const cmContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cm = await cmContext.newPage();
    await useLanguage(cm, lang);
    await login(cm, 'cm');
    await cm.goto(designUrl(design));
    const signs = cm.getByTestId('signs-panel');
    await expect(signs).toBeVisible();
    await expect(signs).toContainText(fill(S.from_template, { name: `Skiltmal ${stamp}`, version: '2' }));
    await signs.getByRole('button', { name: fill(S.add_brief_products_other, { count: String(SIGNS - 1) }) }).click();
    const last = products[SIGNS]!;
    await signs.getByRole('searchbox', { name: L.design.search_products }).fill(last.name);
    await signs.getByTestId(`picker-product-${last.id}`).getByRole('button').click();
    await expect(signs.getByTestId(/^sign-row-\d+$/)).toHaveCount(SIGNS);

    for (let i = 0; i < SIGNS; i++) {
      await cm.locator(`#sign-${i}-price`).fill(`${19 + i},90`);
      await cm.locator(`#sign-${i}-valid_to`).fill(lang === 'no' ? '31.05.2031' : '31/05/2031');
    }
    // The app's own date field, not the browser's (whose order follows the browser's locale).
    await expect(cm.locator('#sign-0-valid_to')).toHaveValue(lang === 'no' ? '31.05.2031' : '31/05/2031');
    await cm.locator('#sign-0-previous_price').fill('49,90');
    // One slogan far too long for its box at 24 pt.
    const long = 'Ukens aller beste tilbud på hele sortimentet '.repeat(6).trim();
    await signs.getByTestId('sign-row-4').getByLabel(slogan, { exact: true }).fill(long);
    await signs.getByRole('button', { name: S.check_all }).click();
    const problems = signs.getByTestId('sign-row-4-problems');
    await expect(problems).toBeVisible({ timeout: 60_000 });
    await expect(problems.locator('[data-code="does_not_fit"][data-field="text"]')).toHaveCount(1);
    await expect(signs.getByTestId(/^sign-row-\d+-problems$/)).toHaveCount(1);

    // The sign's own preview says the same, then fits once the text is short.
    await signs.getByRole('button', { name: fill(S.preview_sign, { n: '5' }) }).click();
    await expect(signs.getByTestId('sign-problems').locator('[data-code="does_not_fit"]')).toBeVisible({ timeout: 20_000 });
    await signs.getByTestId('sign-row-4').getByLabel(slogan, { exact: true }).fill('Kun i dag');
    await expect(signs.getByTestId('sign-preview')).toContainText(S.preview_fits, { timeout: 20_000 });

    await signs.getByRole('button', { name: S.save_signs }).click();
    await expect(signs.getByRole('button', { name: S.generate })).toBeEnabled();
    await snap(cm, `sign-panel-1280-${lang}`);
    await signs.getByRole('button', { name: S.generate }).click();
    const label = fill(S.generated_label_other, { version: '2', count: String(SIGNS) });
    await expect(signs.getByTestId('signs-generated')).toContainText(label, { timeout: 60_000 });
    // The HQ file in the chat, marked as made from the template.
    await expect(cm.getByTestId('design-chat').getByText(label)).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/design-chat/versions', { params: { chat_id: design.chat_id }, headers: auth(cmToken) });
          const versions = (await res.json()).data.versions as { type_file: string; current: boolean; preflight: { status: string } | null }[];
          return versions.find((v) => v.type_file === 'HQ' && v.current)?.preflight?.status ?? 'none';
        },
        { timeout: 60_000 },
      )
      .toMatch(/^(ok|warnings)$/);

    // A phone: the cm still sees the sign's preview.
    await cm.setViewportSize({ width: 390, height: 844 });
    await cm.reload();
    await expect(cm.getByTestId('signs-panel').getByTestId('sign-preview').locator('img')).toBeVisible({ timeout: 20_000 });
    await snap(cm, `sign-panel-390-${lang}`);
    await cmContext.close();
  });
}
