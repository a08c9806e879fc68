import { auth, type LoginData } from '@promo/shared';
import { call } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';

export async function logout() {
  try {
    await call(auth.logout, {}, { silent: true });
  } finally {
    clearSession();
  }
}

/** Sign in as a station (admin, cm-admin): the session becomes the station's. */
export async function signInAs(userId: number) {
  const res = await call<LoginData>(auth.toReLogin, { body: { user_id: userId } });
  saveSession(res.data.mergedUserData, res.data.bearerToken);
  return res;
}

export async function backToAdmin() {
  const res = await call<LoginData>(auth.backReLogin, {});
  saveSession(res.data.mergedUserData, res.data.bearerToken);
  return res;
}
