import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { auth } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { serverKeyOnce } from './server-key';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", decision 027): a
 * browser that has signed in to an account holds `account.nonce.signature` for it, HMAC-signed
 * with a key of server_secrets, so it is not locked out by failures from browsers that have not.
 * One cookie holds the entries of the last few accounts signed in from the browser.
 */
export const DEVICE_COOKIE = 'SIGN_IN_DEVICE';
const KEY_NAME = 'device_cookie_key';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 86_400;
const ENTRY = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const b64 = (text: string) => Buffer.from(text).toString('base64url');

function cookieEntries(cookieHeader: string | undefined): string[] {
  const value = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]*)`))?.[1] ?? '';
  return value
    .split('~')
    .slice(0, MAX_ACCOUNTS)
    .filter((e) => ENTRY.test(e));
}

export interface DeviceCookies {
  /** The nonce of the browser's valid device cookie for `account`; null without one, or for a forged one. */
  nonceFor(cookieHeader: string | undefined, account: string): Promise<string | null>;
  /** The Set-Cookie value after `account` signed in: a fresh entry for it, first, beside the others' entries. */
  issue(cookieHeader: string | undefined, account: string, secure: boolean): Promise<string>;
}

export function deviceCookies(db: DbOrTx): DeviceCookies {
  const keyOnce = serverKeyOnce(db, KEY_NAME);
  const sign = async (account: string, nonce: string) =>
    createHmac('sha256', await keyOnce()).update(`${account}.${nonce}`).digest('base64url');

  return {
    async nonceFor(cookieHeader, account) {
      const entry = cookieEntries(cookieHeader).find((e) => e.startsWith(`${b64(account)}.`));
      if (!entry) return null;
      const [, nonce, signature] = entry.split('.') as [string, string, string];
      // As text: decoding would let another last character (its unused bits) pass for the same bytes.
      const expected = Buffer.from(await sign(account, nonce));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
    async issue(cookieHeader, account, secure) {
      const nonce = randomBytes(16).toString('base64url');
      const entry = `${b64(account)}.${nonce}.${await sign(account, nonce)}`;
      const others = cookieEntries(cookieHeader).filter((e) => !e.startsWith(`${b64(account)}.`));
      const value = [entry, ...others].slice(0, MAX_ACCOUNTS).join('~');
      return `${DEVICE_COOKIE}=${value}; Path=${auth.login.path}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}
