import type { Browser, Page } from '@playwright/test';
import { closeToasts, expect, LOCALES, login, snap, test, useLanguage, type DemoRole, type Lang } from './fixtures';

const NO = LOCALES.no;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const STATION = 'Stasjon Majorstuen';
const CM = 'Lars Kategorisjef';

interface Person {
  page: Page;
  token: string;
  close: () => Promise<void>;
}

/** A browser context of its own per user, as two people on two machines. */
async function person(browser: Browser, role: DemoRole, lang: Lang = 'no'): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, lang);
  const session = await login(page, role);
  return { page, token: session.bearerToken, close: () => context.close() };
}

const editor = (page: Page) => page.getByTestId('rich-text-input');
const conversation = (page: Page) => page.getByTestId('feedback-conversation');
const messages = (page: Page) => conversation(page).getByTestId('feedback-message');
const toolbar = (page: Page, L = NO) => ({
  bold: page.getByRole('button', { name: L.feedback.editor.bold }),
  bulletList: page.getByRole('button', { name: L.feedback.editor.bullet_list }),
});

/** Types a message with a bold word and a two-item list into the editor. */
async function typeFormatted(page: Page, bold: string, rest: string, items: [string, string]) {
  await editor(page).click();
  await toolbar(page).bold.click();
  await page.keyboard.type(bold);
  await toolbar(page).bold.click();
  await page.keyboard.type(` ${rest}`);
  await page.keyboard.press('Enter');
  await toolbar(page).bulletList.click();
  await page.keyboard.type(items[0]);
  await page.keyboard.press('Enter');
  await page.keyboard.type(items[1]);
}

/** Where the injections of the test are: nothing of it may be live in the page. */
async function expectNoInjection(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const body = conversation(page);
  await expect(body.locator('img, script, iframe, svg, [onerror], [onclick], [style]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript" i], a[href^="data" i]')).toHaveCount(0);
}

let threadId = 0;

test.describe.serial('feedback', () => {
  test('a station writes to a category manager; they exchange formatted messages and replies appear live', async ({ browser }) => {
    test.setTimeout(90_000);
    const station = await person(browser, 'user');
    const cm = await person(browser, 'cm');
    try {
      // The manager watches its list: the new thread comes in live.
      await cm.page.goto('/feedback-messages');
      await expect(cm.page.getByRole('heading', { name: NO.feedback.list.title })).toBeVisible();

      const s = station.page;
      await s.goto('/feedback-messages');
      await s.getByRole('link', { name: NO.feedback.list.create }).click();
      await expect(s).toHaveURL(/\/create-feedback\?action=create$/);
      await expect(s.getByRole('heading', { name: NO.feedback.create.title })).toBeVisible();

      // Submitting the empty form shows every field's error and sends nothing.
      await s.getByRole('button', { name: NO.feedback.create.send }).click();
      await expect(s.getByRole('alert').filter({ hasText: NO.validation.required_field })).toHaveCount(3);
      await expect(s).toHaveURL(/\/create-feedback/);

      await s.getByLabel(NO.feedback.fields.title).fill('P');
      await s.getByLabel(NO.feedback.fields.title).blur();
      await expect(s.getByText(NO.validation.min_2_chars)).toBeVisible();
      await s.getByLabel(NO.feedback.fields.title).fill('Plakater til påske');

      // The recipient: a case-insensitive filter, 'not found' when nothing matches.
      const recipient = s.getByRole('combobox', { name: NO.feedback.fields.recipient });
      await recipient.fill('zzzz');
      await expect(s.getByTestId('recipient-not-found')).toHaveText(NO.feedback.create.not_found);
      await recipient.fill('KATEGORISJEF');
      const options = s.getByRole('option');
      await expect(options.filter({ hasText: CM })).toHaveCount(1);
      const names = await options.allInnerTexts();
      expect(names).toEqual(expect.arrayContaining([CM, 'Marte Kategorisjef']));
      for (const name of names) expect(name.toLowerCase()).toContain('kategorisjef');
      await s.getByRole('option', { name: CM }).click();
      await expect(recipient).toHaveValue(CM);

      await typeFormatted(s, 'Viktig', 'beskjed om plakatene', ['Første punkt', 'Andre punkt']);
      await snap(s, 'feedback-create-filled-no');
      await s.getByRole('button', { name: NO.feedback.create.send }).click();
      await expect(s.getByTestId('toast')).toContainText(NO.server.feedback_created);
      // Back one page: the list.
      await expect(s).toHaveURL(/\/feedback-messages$/);
      const row = s.getByTestId('feedback-list').getByRole('link', { name: /Plakater til påske/ });
      await expect(row).toContainText('Viktig beskjed om plakatene Første punkt Andre punkt');
      threadId = Number((await row.getAttribute('href'))!.split('=')[1]);
      expect(threadId).toBeGreaterThan(0);

      // The manager's list got it without a reload, marked unread.
      const cmRow = cm.page.getByTestId(`feedback-${threadId}`);
      await expect(cmRow).toBeVisible();
      await expect(cmRow).toHaveAttribute('data-unread', 'true');
      await expect(cmRow.getByTestId('unread-marker')).toHaveText(NO.feedback.list.unread);
      await snap(cm.page, 'feedback-list-unread-no');
      await cmRow.click();
      await expect(cm.page).toHaveURL(new RegExp(`/view-feedback\\?feedback_id=${threadId}$`));
      const first = messages(cm.page).first();
      await expect(first.getByTestId('message-sender')).toHaveText(STATION);
      await expect(first.getByTestId('message-body').locator('strong')).toHaveText('Viktig');
      await expect(first.getByTestId('message-body').locator('ul > li')).toHaveText(['Første punkt', 'Andre punkt']);

      await row.click();
      await expect(messages(s)).toHaveCount(1);
      await expect(messages(s).first().getByTestId('message-sender')).toHaveText(NO.feedback.you);

      // The manager answers with formatting; the station sees it at once.
      await typeFormatted(cm.page, 'Takk', 'vi ordner det', ['Plakat A', 'Plakat B']);
      await cm.page.getByRole('button', { name: NO.feedback.view.add_message }).click();
      await expect(cm.page.getByTestId('toast')).toContainText(NO.server.feedback_message_added);
      await expect(editor(cm.page)).toHaveText('');
      const live = messages(s).nth(1);
      await expect(live.getByTestId('message-sender')).toHaveText(CM);
      await expect(live.getByTestId('message-body').locator('strong')).toHaveText('Takk');
      await expect(live.getByTestId('message-body').locator('ul > li')).toHaveText(['Plakat A', 'Plakat B']);

      // And the other way round.
      await editor(s).click();
      await s.keyboard.type('Supert, takk!');
      await s.getByRole('button', { name: NO.feedback.view.add_message }).click();
      await expect(messages(cm.page)).toHaveCount(3);
      await expect(messages(cm.page).nth(2).getByTestId('message-body')).toHaveText('Supert, takk!');
      await expect(messages(cm.page).nth(2).getByTestId('message-sender')).toHaveText(STATION);

      // An empty reply (only spaces and empty lines) is not sent.
      await editor(s).click();
      await s.keyboard.type('   ');
      await s.keyboard.press('Enter');
      await s.getByRole('button', { name: NO.feedback.view.add_message }).click();
      await expect(s.getByTestId('feedback-reply').getByRole('alert')).toHaveText(NO.validation.required_field);
      await expect(messages(s)).toHaveCount(3);

      await closeToasts(cm.page);
      await closeToasts(s);
      await snap(cm.page, 'feedback-view-cm-no');
      await snap(s, 'feedback-view-station-no');
    } finally {
      await station.close();
      await cm.close();
    }
  });

  test('script injection is shown as text or dropped and never runs in the other browser', async ({ browser }) => {
    test.setTimeout(90_000);
    expect(threadId).toBeGreaterThan(0);
    const station = await person(browser, 'user');
    const cm = await person(browser, 'cm');
    try {
      await cm.page.goto(`/view-feedback?feedback_id=${threadId}`);
      await expect(messages(cm.page)).toHaveCount(3);
      const s = station.page;
      await s.goto(`/view-feedback?feedback_id=${threadId}`);
      await expect(messages(s)).toHaveCount(3);

      // 1. Typed: the editor keeps it as text.
      const typedImg = '<img src=x onerror="window.__xss=1">';
      const typedScript = '<script>window.__xss=1</script>';
      await editor(s).click();
      await s.keyboard.type(`${typedImg} ${typedScript}`);
      await s.getByRole('button', { name: NO.feedback.view.add_message }).click();
      await expect(messages(cm.page)).toHaveCount(4);
      await expect(messages(cm.page).nth(3).getByTestId('message-body')).toHaveText(`${typedImg} ${typedScript}`);

      // 2. Pasted as HTML: the editor's schema drops the image, the script and the javascript: link.
      await editor(s).click();
      await editor(s).evaluate((el) => {
        const data = new DataTransfer();
        data.setData(
          'text/html',
          '<p>Limt inn <a href="javascript:window.__xss=1">lenke</a></p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script><p onclick="window.__xss=1">slutt</p>',
        );
        data.setData('text/plain', 'Limt inn lenke slutt');
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(editor(s)).toContainText('Limt inn');
      await s.getByRole('button', { name: NO.feedback.view.add_message }).click();
      await expect(messages(cm.page)).toHaveCount(5);
      await expect(messages(cm.page).nth(4).getByTestId('message-body')).toContainText('Limt inn lenke');

      // 3. Straight through the API, past the editor: the server's allowlist cleans it.
      const res = await s.request.post('/api/feedback-messages/add-message', {
        headers: auth(station.token),
        form: {
          feedback_id: String(threadId),
          message:
            '<p>Fra API <a href="javascript:window.__xss=1">klikk her</a> <a href="https://example.no/">trygg lenke</a></p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script><svg onload="window.__xss=1"></svg><p style="background:url(javascript:alert(1))">stil</p>',
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      await expect(messages(cm.page)).toHaveCount(6);
      const fromApi = messages(cm.page).nth(5).getByTestId('message-body');
      await expect(fromApi).toContainText('Fra API klikk her trygg lenke');
      // A https link stays and opens in a new tab without the opener.
      await expect(fromApi.locator('a[href="https://example.no/"][target="_blank"][rel="noopener noreferrer nofollow"]')).toHaveText('trygg lenke');
      // The javascript: link lost its href; clicking it does nothing.
      await fromApi.getByText('klikk her').click();
      await expect(cm.page).toHaveURL(new RegExp(`/view-feedback\\?feedback_id=${threadId}$`));

      // The other user's browser, live and after a reload: nothing ran, nothing dangerous is in the page.
      await expectNoInjection(cm.page);
      await cm.page.reload();
      await expect(messages(cm.page)).toHaveCount(6);
      await expectNoInjection(cm.page);
      await expectNoInjection(s);
      await closeToasts(s);
      await snap(cm.page, 'feedback-injection-cm-no');
    } finally {
      await station.close();
      await cm.close();
    }
  });

  for (const lang of ['no', 'en'] as Lang[]) {
    test(`the list, create and view pages (${lang})`, async ({ browser }) => {
      // Two people sign in and three pages are walked: over the default 30 s on the PGlite path of a busy host.
      test.setTimeout(90_000);
      const L = LOCALES[lang];
      expect(threadId).toBeGreaterThan(0);
      const cm = await person(browser, 'cm', lang);
      const printer = await person(browser, 'printer', lang);
      try {
        const p = cm.page;
        await p.goto('/feedback-messages');
        await expect(p.getByRole('heading', { name: L.feedback.list.title })).toBeVisible();
        const row = p.getByTestId(`feedback-${threadId}`);
        await expect(row).toContainText('Plakater til påske');
        // Minutes under an hour.
        await expect(row.locator('time')).toHaveText(new RegExp(`^${L.feedback.age.minutes.replace('{{n}}', '\\d+')}$`));
        await snap(p, `feedback-list-${lang}`);

        await p.getByRole('link', { name: L.feedback.list.create }).click();
        await expect(p.getByRole('heading', { name: L.feedback.create.title })).toBeVisible();
        await expect(editor(p)).toBeVisible();
        await p.getByRole('button', { name: L.feedback.create.send }).click();
        await expect(p.getByRole('alert').first()).toHaveText(L.validation.required_field);
        await p.getByRole('combobox', { name: L.feedback.fields.recipient }).fill('stasjon');
        await expect(p.getByRole('option').first()).toBeVisible();
        await snap(p, `feedback-create-${lang}`);
        await p.getByRole('button', { name: L.common.back }).click();
        await expect(p).toHaveURL(/\/feedback-messages$/);

        await p.getByTestId(`feedback-${threadId}`).click();
        await expect(messages(p).first()).toBeVisible();
        await expect(p.getByRole('button', { name: L.feedback.view.add_message })).toBeVisible();
        const box = await p.getByTestId('rich-text-editor').locator('.overflow-y-auto').boundingBox();
        expect(box!.height).toBe(200);
        await snap(p, `feedback-view-${lang}`);

        // Someone with no threads: 'Feedbacks are missing'; a feedback_id that is not digits loads nothing.
        const q = printer.page;
        await q.goto('/feedback-messages');
        await expect(q.getByTestId('feedback-empty')).toHaveText(L.feedback.missing);
        await snap(q, `feedback-list-empty-${lang}`);
        await q.goto('/view-feedback?feedback_id=12abc');
        await expect(q.getByTestId('feedback-empty')).toHaveText(L.feedback.missing);
        // Someone else's thread is refused by the server: the page says No access, not 'missing'.
        await q.goto(`/view-feedback?feedback_id=${threadId}`);
        await expect(q.getByRole('heading', { name: L.no_access.title })).toBeVisible();
        await expect(q.getByTestId('rich-text-editor')).toHaveCount(0);
      } finally {
        await cm.close();
        await printer.close();
      }
    });
  }
});
