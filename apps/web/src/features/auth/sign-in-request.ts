import type { LoginBody, LoginData } from '@promo/shared';
import i18n from '@/lib/i18n';
import { saveSession } from '@/lib/session';
import type { ApiErrorBody, FailedRequest } from '@/lib/error-text';
import { REFUSAL_PREFERENCE, refusedStatus } from '@/lib/refusal-in-body';

/**
 * The sign-in call without the app's HTTP client: the sign-in page is the first page everyone
 * opens, and axios, qs and the contracts' zod would more than double what it loads (issue 13).
 * The path is `auth.login.path` (sign-in-request.test.ts holds them equal): importing the contract
 * would bring its zod schema along.
 */
export const SIGN_IN_PATH = '/api/auth/login';
/** As long as the app's client waits (lib/api-client.ts). */
const TIMEOUT_MS = 60_000;

/** A failed sign-in in the shape the error catalogue reads: axios's codes, status and body. */
export class SignInFailure extends Error implements FailedRequest {
  readonly config = { method: 'post' };
  constructor(
    readonly code: 'ECONNABORTED' | 'ERR_NETWORK' | 'ERR_BAD_RESPONSE',
    readonly response?: { status: number; data?: ApiErrorBody },
  ) {
    super(`sign-in failed: ${response?.status ?? code}`);
  }
}

export async function requestSignIn(body: LoginBody): Promise<LoginData> {
  let res: Response;
  try {
    res = await fetch(SIGN_IN_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': i18n.language, Prefer: REFUSAL_PREFERENCE },
      // URLSearchParams sends application/x-www-form-urlencoded, as the app's form bodies are.
      body: new URLSearchParams({ email: body.email, password: body.password }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new SignInFailure(err instanceof DOMException && err.name === 'TimeoutError' ? 'ECONNABORTED' : 'ERR_NETWORK');
  }
  const json = (await res.json().catch(() => undefined)) as { data?: LoginData } | ApiErrorBody | undefined;
  const refused = refusedStatus((name) => res.headers.get(name));
  if (refused !== null || !res.ok || !json || !('data' in json) || !json.data) {
    throw new SignInFailure('ERR_BAD_RESPONSE', { status: refused ?? res.status, data: json as ApiErrorBody | undefined });
  }
  return json.data;
}

/** Signs in and keeps the session (cookies), as every other sign-in of the app does. */
export async function signIn(body: LoginBody): Promise<LoginData> {
  const data = await requestSignIn(body);
  saveSession(data.mergedUserData, data.bearerToken);
  return data;
}
