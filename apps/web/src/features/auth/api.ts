import { auth, type LoginData, type LogoutData } from '@promo/shared';
import { call } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';

/** Ends the session; answers the provider's end-session address after a single sign-on (decision 035), else null. */
export async function logout(): Promise<string | null> {
  try {
    const res = await call<LogoutData>(auth.logout, {}, { silent: true });
    return res.data?.end_session_url ?? null;
  } catch {
    return null;
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
