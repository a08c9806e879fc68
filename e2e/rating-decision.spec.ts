import type { Browser, Page } from '@playwright/test';
import { expect, fill, LOCALES, loginAs, snap, test, useLanguage, type Lang } from './fixtures';
import { workerBaseURL } from './worker-url';
import { apiToken, auth, designUrl, messageWithFile, proofDesign, sendFile, solidPng } from './proofing-helpers';

/**
 * Issue 33 point 10 (decision 040): rating a sketch and the review panel are one way to decide. On
 * phones (390 px): the cm's "Rejected" opens the panel's change-request dialog, and the designer's
 * page shows the panel, the chat's mark and the status move without a reload, the admin's
 * promotion page its design list's mark; an admin's rating outside the flow says it did not decide
 * and offers "Decide for <reviewer>".
 */

const NO = LOCALES.no;
const EN = LOCALES.en;
const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, lang: Lang, email: string) {
  const page = await (await browser.newContext({ baseURL: workerBaseURL(test.info()), viewport: PHONE })).newPage();
  await useLanguage(page, lang);
  await loginAs(page, email);
  return page;
}

/** A screenshot at a desk's width, then back to the phone. */
async function desk(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, name);
  await page.setViewportSize(PHONE);
}

const card = (page: Page, file: string) => page.getByTestId('design-reviews').getByTestId('version-review').filter({ hasText: file });
const heading = (page: Page) => page.getByTestId('design-page').getByRole('heading', { level: 1 });

/** A Brief design of its own promotion (default flow: the cm of its category reviews) with the designer's sketch. */
async function sketchInReview(request: import('@playwright/test').APIRequestContext, tag: string) {
  const admin = await apiToken(request, 'admin');
  const designer = await apiToken(request, 'designer');
  const design = await proofDesign(request, admin, `Vurdering ${tag} ${Date.now()}`);
  expect((await request.put(`/api/promotion-surface-design/${design.id}`, { form: { status: 'Brief' }, headers: auth(admin) })).status()).toBe(200);
  const file = `skisse-${tag}.png`;
  await sendFile(request, designer, design.chat_id, file, await solidPng(600, 420, '#2563eb'), 'Sketch', 'Første skisse, prisen øverst');
  return { design, file };
}

test('the cm rejects a sketch in the dialog; the designer’s panel, chat mark and status and the admin’s list mark follow live (390 px)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { design, file } = await sketchInReview(request, 'avvist');
  const designer = await phone(browser, 'en', 'designer@demo.no');
  await designer.goto(designUrl(design));
  await expect(card(designer, file).getByTestId('file-review-state')).toHaveText(EN.reviews.states.open);
  const admin = await phone(browser, 'no', 'admin@demo.no');
  await admin.goto(`/promotion-settings?prom_id=${design.promotion_id}&action=surfaces`);
  await expect(admin.getByTestId('review-mark')).toHaveText(fill(NO.reviews.mark.label, { type: NO.reviews.types.Sketch, stage: 'Kategorisjef' }));

  const cm = await phone(browser, 'no', 'cm@demo.no');
  await cm.goto(designUrl(design));
  const rating = messageWithFile(cm, file).getByRole('group', { name: NO.chat.rate_sketch });
  await expect(card(cm, file)).toBeVisible();
  await rating.getByRole('button', { name: NO.chat.rating_cancelled }).click();
  // The panel's dialog: no change request without a comment.
  const dialog = cm.getByRole('dialog', { name: NO.reviews.changes.title });
  await dialog.getByRole('button', { name: NO.reviews.changes.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(NO.validation.comment_required);
  await dialog.getByLabel(NO.reviews.changes.comment).fill('Prisen må stå større.');
  await snap(cm, 'rating-decision-dialog-phone-no');
  await dialog.getByRole('button', { name: NO.reviews.changes.submit }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rating.getByRole('button', { name: NO.chat.rating_cancelled })).toHaveAttribute('aria-pressed', 'true');
  await expect(card(cm, file).getByTestId('file-review-state')).toHaveText(NO.reviews.states.changes_requested);

  // The designer's page, not reloaded: the panel with the comment, the chat's mark, the status.
  const asked = card(designer, file);
  await expect(asked.getByTestId('file-review-state')).toHaveText(EN.reviews.states.changes_requested);
  await expect(asked.getByTestId('review-decision')).toContainText('Prisen må stå større.');
  await expect(messageWithFile(designer, file).getByTestId('rating-label')).toHaveText(EN.chat.rating_cancelled);
  await expect(heading(designer)).toContainText(EN.promotions.design_statuses.Correction);
  await asked.scrollIntoViewIfNeeded();
  await snap(designer, 'rating-decision-designer-live-phone-en');
  // The admin's promotion page, not reloaded: nothing waits for review any more.
  await expect(admin.getByTestId('review-mark')).toHaveCount(0);

  // The designer's next version replaces the sketch: the chat keeps what was written with it.
  await sendFile(request, await apiToken(request, 'designer'), design.chat_id, 'skisse-avvist-2.png', await solidPng(600, 420, '#16a34a'), 'Sketch');
  const replaced = designer.getByTestId('design-chat').getByTestId('chat-message').filter({ has: designer.getByTestId('message-replaced') });
  await expect(replaced.getByTestId('message-replaced')).toContainText(`${EN.chat.message_replaced} · ${EN.chat.type_sketch}: ${file}`);
  await expect(replaced.getByTestId('message-text')).toHaveText('Første skisse, prisen øverst');
  await replaced.scrollIntoViewIfNeeded();
  await snap(designer, 'rating-decision-replaced-phone-en');
  await expect(cm.getByTestId('design-chat').getByTestId('message-replaced')).toContainText(NO.chat.message_replaced);
  await desk(cm, 'rating-decision-replaced-desktop-no');
  for (const p of [designer, admin, cm]) await p.context().close();
});

test('an admin’s rating only changes the mark: the page says so and offers to decide for the cm, whose page follows live (390 px)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { design, file } = await sketchInReview(request, 'admin');
  const cm = await phone(browser, 'no', 'cm@demo.no');
  await cm.goto(designUrl(design));
  await expect(card(cm, file).getByTestId('file-review-state')).toHaveText(NO.reviews.states.open);

  const admin = await phone(browser, 'en', 'admin@demo.no');
  await admin.goto(designUrl(design));
  const message = messageWithFile(admin, file);
  await message.getByRole('group', { name: EN.chat.rate_sketch }).getByRole('button', { name: EN.chat.rating_approved }).click();
  const notice = message.getByTestId('rating-notice');
  await expect(notice).toContainText(fill(EN.chat.rating_not_decided, { stage: 'Kategorisjef' }));
  // Only the mark changed: the stage still waits for the cm.
  await expect(card(admin, file).getByTestId('file-review-state')).toHaveText(EN.reviews.states.open);
  await notice.scrollIntoViewIfNeeded();
  await snap(admin, 'rating-decision-admin-notice-phone-en');
  await desk(admin, 'rating-decision-admin-notice-desktop-en');

  await notice.getByRole('button', { name: fill(EN.reviews.decide_for.for_name, { name: 'Lars Kategorisjef' }) }).click();
  const dialog = admin.getByRole('dialog', { name: EN.reviews.decide_for.title });
  await expect(dialog.getByLabel(EN.reviews.decide_for.reviewer)).toHaveValue(/\d+/);
  await expect(dialog.getByLabel(EN.reviews.decide_for.decision)).toHaveValue('approve');
  await dialog.getByLabel(EN.reviews.reason).fill('Godkjent på telefon');
  await dialog.getByRole('button', { name: EN.reviews.decide_for.submit }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card(admin, file).getByTestId('file-review-state')).toHaveText(EN.reviews.states.approved);

  // The cm's page, not reloaded: approved for the cm by the admin, and the design is Approved.
  await expect(card(cm, file).getByTestId('file-review-state')).toHaveText(NO.reviews.states.approved);
  await expect(card(cm, file).getByTestId('review-decision')).toContainText(fill(NO.reviews.decision.approve_for, { reviewer: 'Lars Kategorisjef', by: 'Ingrid Admin' }));
  await expect(messageWithFile(cm, file).getByRole('button', { name: NO.chat.rating_approved })).toHaveAttribute('aria-pressed', 'true');
  await expect(heading(cm)).toContainText(NO.promotions.design_statuses.Approved);
  await snap(cm, 'rating-decision-cm-live-phone-no');
  for (const p of [admin, cm]) await p.context().close();
});
