import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';

/** Issue 12: image fields in the interface's language, with a preview and progress; a failed image is what the user sees. */
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const png = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a7' } }).png().toBuffer();

/** Surfaces made here, deleted after each test so the surfaces list of other specs stays the seeded one. */
const made: { id: number; token: string }[] = [];
test.afterEach(async ({ request }) => {
  for (const { id, token } of made.splice(0)) await request.delete(`/api/surfaces/${id}`, { headers: auth(token) });
});

/** A fresh surface, opened in its edit dialog. */
async function editFreshSurface(page: Page, lang: Lang) {
  const L = LOCALES[lang];
  const session = await login(page, 'admin');
  const code = String(Date.now()).slice(-9);
  const res = await page.request.post('/api/surfaces', { form: { vendor_code: code, name: `E2E bilde ${code}`, price: '1.00' }, headers: auth(session.bearerToken) });
  expect(res.status(), await res.text()).toBe(201);
  made.push({ id: (await res.json()).data.id, token: session.bearerToken });
  await page.goto('/surfaces');
  await page.getByLabel(L.common.search_field).selectOption('vendor_code');
  await page.getByLabel(L.common.search, { exact: true }).fill(code);
  await page.getByTestId(`surface-row-${code}`).getByRole('button', { name: L.common.edit }).click();
  return page.getByTestId('surface-form');
}

for (const lang of ['no', 'en'] as Lang[]) {
  test(`an image field previews the chosen image and shows the upload's progress (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    const form = await editFreshSurface(page, lang);
    const field = form.getByTestId('surface-image-field');
    await expect(field.getByRole('button', { name: L.common.choose_image })).toBeVisible();
    await expect(field).toContainText(L.common.image_types);
    await form.getByLabel(L.common.upload_image).setInputFiles({ name: 'flate.png', mimeType: 'image/png', buffer: await png() });
    await expect(field.getByRole('img', { name: fill(L.common.image_preview, { name: 'flate.png' }) })).toBeVisible();
    await expect(field.getByRole('button', { name: L.common.change_image })).toBeVisible();

    // The upload waits until the progress has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/files/upload**', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: L.common.save }).click();
    await expect(field.getByRole('progressbar', { name: L.common.upload_progress })).toBeVisible();
    await snap(page, `perms-image-field-${lang}`);
    release();
    await expect(page.getByTestId('toast')).toContainText(L.server.surface_updated);
    await expect(form).toBeHidden();
  });

  test(`a refused image is reported, not hidden behind the save's success (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    await useLanguage(page, lang);
    for (const file of [
      { name: 'animasjon.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;') },
      { name: 'tom.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
    ]) {
      const form = await editFreshSurface(page, lang);
      await form.getByLabel(L.common.upload_image).setInputFiles(file);
      await form.getByRole('button', { name: L.common.save }).click();
      await expect(form).toBeHidden();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText(L.errors.file_failed);
      await expect(toast).not.toContainText(L.server.surface_updated);
      await snap(page, `perms-image-failed-${file.name}-${lang}`);
    }
  });
}
