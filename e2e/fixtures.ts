import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

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
  const url = new URL(page.context().pages()[0]?.url().startsWith('http') ? page.url() : 'http://localhost');
  const base = test.info().project.use.baseURL ?? `http://${url.host}`;
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

/** Keeps a full-page screenshot as a test artifact: test-results/screenshots/<name>.png */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export const test = base;
export { expect };
