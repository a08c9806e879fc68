import { auth, type LoginBody, type LoginData } from '@promo/shared';
import { call } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';

export async function login(body: LoginBody) {
  const res = await call<LoginData>(auth.login, { body }, { silent: true });
  saveSession(res.data.mergedUserData, res.data.bearerToken);
  return res.data;
}

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
