import type { Page } from '@playwright/test';
import { expect, fill, LOCALES, login, snap, test, useLanguage, type Lang } from './fixtures';
import { findByEan, row, uniqueEan } from './products-helpers';

const HEADER = [
  'EAN', 'Varenummer', 'Navn', 'Kategori', 'Underkategori', 'Produsent', 'Leverandør', 'Planleggingsgruppe (BU)',
  'Lokalt eid', 'Salgstype', 'Leverandørens EAN', 'Leverandørens varenavn', 'Leverandørens varenummer', 'Pris per stk.',
];
const line = (ean: string, name: string, category = 'Generic') =>
  [ean, '123456', name, category, 'Godteri', 'Freia', 'Freia Norge AS', 'BU-1', 'Nei', 'Standard', '7040000000017', 'Sjokolade (Freia)', '800001', '42,50'].join(';');
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER.join(';'), ...lines].join('\r\n')}\r\n`) });

/** A mapping select by its field's label (the label goes on with the required and key notes). */
const fieldSelect = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

async function uploadFile(page: Page, lang: Lang, file: ReturnType<typeof csvFile>) {
  const L = LOCALES[lang].catalogue_import;
  await page.getByLabel(L.file, { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: L.next_map }).click();
  await expect(page.getByRole('heading', { name: fill(L.map_title, { name: file.name }) })).toBeVisible();
}

for (const lang of ['no', 'en'] as const) {
  test(`maps the columns, shows a dry run's row errors, applies the corrected file and lists the product (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    const I = L.catalogue_import;
    await useLanguage(page, lang);
    await login(page, 'cm-admin');
    await page.goto('/products');
    await page.getByTestId('import-link').click();
    await expect(page.getByRole('heading', { name: I.title })).toBeVisible();

    const good = uniqueEan();
    const name = `Importert ${lang} ${good.slice(-6)}`;
    await uploadFile(page, lang, csvFile('varer-med-feil.csv', [line(good, name), line('70400A', 'Feil EAN'), line(uniqueEan(), 'Ukjent kategori', 'Finnes ikke')]));

    // Mapping: the columns were guessed from the Norwegian headers; required fields are marked.
    await expect(fieldSelect(page, L.products.fields.ean)).toHaveValue('0');
    await expect(fieldSelect(page, L.products.fields.price_per_item)).toHaveValue('13');
    await expect(fieldSelect(page, L.products.fields.tax)).toHaveValue('');
    await expect(page.getByTestId('import-sample')).toContainText(name);
    // Leaving a required field out blocks the dry run.
    const nameSelect = fieldSelect(page, L.products.fields.name);
    await nameSelect.selectOption('');
    await expect(page.getByTestId('import-missing')).toContainText(L.products.fields.name);
    await expect(page.getByRole('button', { name: I.dry_run })).toBeDisabled();
    await nameSelect.selectOption('2');
    await snap(page, `catalogue-import-mapping-${lang}`);

    await page.getByRole('button', { name: I.dry_run }).click();
    const errors = page.getByTestId('import-errors');
    await expect(errors).toBeVisible();
    await expect(page.getByTestId('import-error-count')).toContainText(fill(I.error_rows_other, { count: '2' }));
    await expect(errors.getByRole('row')).toHaveCount(3);
    await expect(errors.getByRole('row').nth(1)).toContainText(L.validation.digits_only);
    await expect(errors.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
    await expect(errors.getByRole('row').nth(2)).toContainText(L.validation.unknown_category);
    await expect(errors.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('4');
    await expect(page.getByRole('button', { name: I.apply, exact: true })).toBeDisabled();
    await snap(page, `catalogue-import-errors-${lang}`);

    // The corrected file: checked, then imported.
    await page.getByTestId('import-other-file').click();
    await uploadFile(page, lang, csvFile('varer.csv', [line(good, name)]));
    await page.getByRole('button', { name: I.dry_run }).click();
    await expect(page.getByTestId('import-counts')).toHaveText(fill(I.dry_run_counts_one, { rows: '1', created: '1', updated: '0' }));
    await page.getByRole('button', { name: I.apply, exact: true }).click();
    await expect(page.getByTestId('import-counts')).toHaveText(fill(I.applied_counts_one, { rows: '1', created: '1', updated: '0' }));
    await expect(page.getByRole('progressbar', { name: I.progress_label })).toHaveAttribute('aria-valuenow', '100');
    await snap(page, `catalogue-import-done-${lang}`);

    await page.getByRole('link', { name: I.to_products }).click();
    await findByEan(page, good, lang);
    await expect(row(page, good)).toContainText(name);
  });
}

/** An ERP's export (issue 22): its own headers, the price as "Pris", six of the form's required columns missing. */
const ERP_HEADER = ['Varenr.', 'EAN-nr', 'Varenavn', 'Varegruppe', 'Undergruppe', 'Merke', 'Leverandørnavn', 'Pris', 'MVA-sats'];
const erpFile = (name: string, rows: [ean: string, product: string, price: string][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[ERP_HEADER, ...rows.map(([ean, product, price]) => ['800123', ean, product, 'Generic', 'Godteri', 'Freia', 'Mondelez Norge AS', price, '15'])].map((r) => r.join(';')).join('\r\n')}\r\n`),
});
const ERP_DEFAULTS = {
  item_plan_bu_grp: 'BU-1',
  locally_owned: 'Nei',
  selling_type: 'Standard',
  provider_item_ean: 'Ukjent',
  provider_item_name: 'Ukjent',
  provider_item_vendor_code: 'Ukjent',
} as const;

for (const lang of ['no', 'en'] as const) {
  test(`maps an ERP export: "Pris" is the price, the required fields it lacks get a value, a negative price is named (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    const I = L.catalogue_import;
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, lang);
    await login(page, 'admin');
    await page.goto('/catalogue-import');
    const ean = uniqueEan();
    const name = `ERP ${lang} ${ean.slice(-6)}`;
    await uploadFile(page, lang, erpFile('erp-minus.csv', [[ean, name, '-29,90']]));

    await expect(fieldSelect(page, L.products.fields.price_per_item)).toHaveValue('7');
    await expect(fieldSelect(page, L.products.fields.category)).toHaveValue('3');
    // The six fields the export lacks: named as missing until each has a value.
    const missing = page.getByTestId('import-missing');
    for (const field of Object.keys(ERP_DEFAULTS) as (keyof typeof ERP_DEFAULTS)[]) await expect(missing).toContainText(L.products.fields[field]);
    await expect(page.getByRole('button', { name: I.dry_run })).toBeDisabled();
    for (const [field, value] of Object.entries(ERP_DEFAULTS)) {
      await page.getByLabel(`${I.default_value}: ${L.products.fields[field as keyof typeof ERP_DEFAULTS]}`, { exact: true }).fill(value);
    }
    await expect(missing).toHaveCount(0);
    await snap(page, `catalogue-import-defaults-390-${lang}`);

    await page.getByRole('button', { name: I.dry_run }).click();
    const errors = page.getByTestId('import-errors');
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toContainText(L.products.fields.price_per_item);
    await expect(errors.getByRole('row').nth(1)).toContainText(L.validation.price_min_0);
    await expect(errors).not.toContainText(L.validation.price_format);

    // The corrected file: the values typed for the missing fields stay.
    await page.getByTestId('import-other-file').click();
    await uploadFile(page, lang, erpFile('erp.csv', [[ean, name, '29,90']]));
    await expect(page.getByTestId('import-missing')).toHaveCount(0);
    await page.getByRole('button', { name: I.dry_run }).click();
    await expect(page.getByTestId('import-counts')).toHaveText(fill(I.dry_run_counts_one, { rows: '1', created: '1', updated: '0' }));
    await page.getByRole('button', { name: I.apply, exact: true }).click();
    await expect(page.getByTestId('import-counts')).toHaveText(fill(I.applied_counts_one, { rows: '1', created: '1', updated: '0' }));
    await page.getByRole('link', { name: I.to_products }).click();
    await findByEan(page, ean, lang);
    await expect(row(page, ean)).toContainText(name);
  });

  test(`an import the server stopped offers to run the file again, and a second import of one upload asks first (${lang})`, async ({ page }) => {
    const L = LOCALES[lang];
    const I = L.catalogue_import;
    await useLanguage(page, lang);
    await login(page, 'cm-admin');
    await page.goto('/catalogue-import');
    const ean = uniqueEan();
    await uploadFile(page, lang, csvFile('varer.csv', [line(ean, `Igjen ${lang} ${ean.slice(-6)}`)]));
    await page.getByRole('button', { name: I.dry_run }).click();
    await expect(page.getByTestId('import-counts')).toBeVisible();

    // The import is stored, but the page hears what the server answers after a restart that
    // interrupted it (the job failed, import_interrupted): a server cannot be killed mid-test here.
    await page.route('**/api/catalogue-import/jobs/*', async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      if (body.data?.mode === 'apply' && body.data.status === 'done') {
        body.data = { ...body.data, status: 'failed', created: 0, updated: 0, error_count: 1, errors: [{ row: 0, field: 'file', error: 'import_interrupted' }] };
      }
      await route.fulfill({ response: answer, json: body });
    });
    await page.getByRole('button', { name: I.apply, exact: true }).click();
    await expect(page.getByTestId('import-error')).toHaveText(L.validation.import_interrupted);
    await expect(page.getByTestId('import-errors')).toHaveCount(0);
    await page.unroute('**/api/catalogue-import/jobs/*');
    await snap(page, `catalogue-import-interrupted-${lang}`);

    // Run again: the server knows the upload was imported, so the page asks; no is no.
    await page.getByRole('button', { name: I.run_again }).click();
    const dialog = page.getByRole('alertdialog', { name: I.again_title });
    await expect(dialog).toContainText(fill(I.again_text, { name: 'varer.csv' }));
    await page.getByRole('button', { name: L.common.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('import-error')).toHaveText(L.validation.import_interrupted);

    await page.getByRole('button', { name: I.run_again }).click();
    await expect(dialog).toBeVisible();
    await snap(page, `catalogue-import-again-${lang}`);
    await dialog.getByRole('button', { name: I.again_confirm }).click();
    await expect(page.getByTestId('import-counts')).toHaveText(fill(I.applied_counts_one, { rows: '1', created: '0', updated: '1' }));
  });
}

test('the import page is for admin and cm-admin: a cm gets No access and has no menu item or import button', async ({ page }) => {
  const L = LOCALES.no;
  await useLanguage(page, 'no');
  await login(page, 'cm');
  await page.goto('/catalogue-import');
  await expect(page.getByRole('heading', { name: L.no_access.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: L.catalogue_import.title })).toHaveCount(0);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: L.products.title })).toBeVisible();
  // The catalogue group is open on one of its pages.
  await expect(page.getByRole('link', { name: L.nav.products })).toBeVisible();
  await expect(page.getByRole('link', { name: L.nav.catalogue_import })).toHaveCount(0);
  await expect(page.getByTestId('import-link')).toHaveCount(0);
});
