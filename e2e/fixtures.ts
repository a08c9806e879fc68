import { test as base, expect, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { axeFixtures, type AxeFixtures } from './axe';
import { workerBaseURL } from './worker-url';

export const DEMO_PASSWORD = 'Demo2026';
export const DEMO_EMAILS = {
  admin: 'admin@demo.no',
  cm: 'cm@demo.no',
  'cm-admin': 'cm-admin@demo.no',
  designer: 'designer@demo.no',
  printer: 'printer@demo.no',
  distributor: 'distributor@demo.no',
  user: 'user@demo.no',
} as const;
export type DemoRole = keyof typeof DEMO_EMAILS;
export type Lang = 'no' | 'en';

const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** Signs in through the API and puts the session cookies in place, as the login page would. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { form: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = await res.json();
  const base = workerBaseURL(test.info());
  await page.context().addCookies([
    { name: 'CURRENT_USER', value: encodeURIComponent(JSON.stringify(data.mergedUserData)), url: base },
    { name: 'BEARER_TOKEN', value: encodeURIComponent(`Bearer ${data.bearerToken}`), url: base },
  ]);
  return data;
}

export const login = (page: Page, role: DemoRole) => loginAs(page, DEMO_EMAILS[role]);

/** Sets the interface language before any page script runs. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('LANGUAGE', l), lang);
}

/** The search boxes' pause before a list asks again (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * Types `text` into a debounced search box as a person types a word, in one burst: the page's clock
 * (installed with `page.clock.install()` before the page opened) stands still while the keys go in,
 * then runs the debounce's pause and flows again. On a busy machine a key can otherwise come more
 * than the pause after the one before, and the list asks for half a word.
 */
export async function typeSearchWord(page: Page, input: Locator, text: string) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await input.pressSequentially(text, { delay: 40 });
  await page.clock.runFor(SEARCH_DEBOUNCE_MS);
  await page.clock.resume();
}

/**
 * Closes every toast in view, for a screenshot without one in front. A toast that leaves by itself
 * meanwhile is no longer there to click: each round clicks the first one still shown, briefly, until
 * none is left.
 */
export async function closeToasts(page: Page, L: Locale = LOCALES.no) {
  const toasts = page.getByTestId('toast');
  await expect(async () => {
    if ((await toasts.count()) > 0) await toasts.first().getByRole('button', { name: L.common.close }).click({ timeout: 1_000 });
    await expect(toasts).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

/** Keeps a full-page screenshot as a test artifact: test-results/screenshots/<name>.png */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Every test checks accessibility on its own: the automatic `axe` fixture (e2e/axe.ts) scans each
 * route a page of the test reaches, once settled, and the final state of each open page, and fails
 * the test on serious or critical axe-core findings (WCAG 2 A/AA and best practices), listing rule,
 * target and summary. `axe.scan(page)` scans a state the test wants checked, e.g. an open dialog.
 */
export const test = base.extend<AxeFixtures>(axeFixtures).extend({
  // This worker's own server (playwright.config.ts starts one per worker).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(workerBaseURL(testInfo)),
});
export { expect };

/** The locale files of the web app: every visible text of the tests comes from them. */
export type Locale = typeof import('../apps/web/src/locales/no.json');
/** A locale file with each `$t(key)` replaced by that key's text, as i18next shows it. */
function readLocale(lang: Lang): Locale {
  const raw = JSON.parse(fs.readFileSync(path.resolve('apps/web/src/locales', `${lang}.json`), 'utf8')) as Locale;
  const at = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], raw) as string;
  const nest = (v: unknown): unknown =>
    typeof v === 'string' ? v.replace(/\$t\(([\w.-]+)\)/g, (_, key: string) => at(key)) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nest(x)])) : v;
  return nest(raw) as Locale;
}
export const LOCALES: Record<Lang, Locale> = { no: readLocale('no'), en: readLocale('en') };

/** A locale text with its {{placeholders}} filled in. */
export function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
}

let uniqueCounter = 0;
/** An email no other test (or earlier run) uses. */
export const uniqueEmail = (tag = 'user') => `e2e.${tag}.${Date.now()}${++uniqueCounter}@example.no`;

export interface CreatedUser {
  id: number;
  email: string;
  name: string;
  surname: string;
  role: string;
}

/** Creates a user through the API with a bearer token (from loginAs), faster than the modal. */
export async function createUserViaApi(
  page: Page,
  bearerToken: string,
  fields: { email: string; name: string; password?: string; role?: DemoRole; [key: string]: string | undefined },
): Promise<CreatedUser> {
  const form = Object.fromEntries(
    Object.entries({ password: 'Start1234', role: 'user', status: 'true', ...fields }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const res = await page.request.post('/api/users', { form, headers: { Authorization: `Bearer ${bearerToken}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as CreatedUser;
}
