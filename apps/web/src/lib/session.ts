import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import { BEARER_PREFIX, COOKIE_BEARER_TOKEN, COOKIE_CURRENT_USER, SESSION_DAYS, type SessionUser } from '@promo/shared';

/**
 * The session lives in two cookies (spec 000 §9): CURRENT_USER as JSON and BEARER_TOKEN with
 * the "Bearer " prefix, both for 7 days; an empty value removes the cookie. Over HTTPS they are
 * Secure, so plain http to the same host never carries the token; SameSite=Lax (decision 009).
 */
function setCookie(name: string, value: string) {
  const attributes = { path: '/', sameSite: 'Lax', secure: window.location.protocol === 'https:' } as const;
  if (!value) Cookies.remove(name, attributes);
  else Cookies.set(name, value, { ...attributes, expires: SESSION_DAYS });
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function readUser(): SessionUser | null {
  const raw = Cookies.get(COOKIE_CURRENT_USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

let cachedRaw: string | undefined;
let cachedUser: SessionUser | null = null;
export function getCurrentUser(): SessionUser | null {
  const raw = Cookies.get(COOKIE_CURRENT_USER);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = readUser();
  }
  return cachedUser;
}

/** The Authorization header value, "Bearer …", or undefined. */
export const getBearerToken = () => Cookies.get(COOKIE_BEARER_TOKEN) || undefined;

export function saveSession(user: SessionUser, token: string) {
  setCookie(COOKIE_CURRENT_USER, JSON.stringify(user));
  setCookie(COOKIE_BEARER_TOKEN, `${BEARER_PREFIX}${token}`);
  notify();
}

export function clearSession() {
  setCookie(COOKIE_CURRENT_USER, '');
  setCookie(COOKIE_BEARER_TOKEN, '');
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called whenever someone signs in or out, or switches user (sign-in-as, back-to-admin). */
export const onSessionChange = subscribe;

export const useCurrentUser = () => useSyncExternalStore(subscribe, getCurrentUser, () => null);

/** True while an admin is signed in as another user (spec 000 §6, back-to-admin). */
export const isImpersonating = (user: SessionUser | null) => !!user?.re_login && user.re_login.to_user_id === user.id;
