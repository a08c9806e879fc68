/**
 * Whether single sign-on is on (decision 035), asked with a plain fetch: the sign-in page loads
 * neither the app's HTTP client nor the contracts (issue 13). The path is `auth.sso.path`
 * (sso-info.test.ts holds them equal). Any failure reads as "off": the password form stays.
 */
export const SSO_INFO_PATH = '/api/auth/sso';

export interface SsoButton {
  name: string;
  startPath: string;
}

export async function requestSsoInfo(signal?: AbortSignal): Promise<SsoButton | null> {
  try {
    const res = await fetch(SSO_INFO_PATH, { headers: { Accept: 'application/json' }, signal });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { enabled?: boolean; name?: string | null; start_path?: string | null } };
    const data = body.data;
    return data?.enabled && data.name && data.start_path ? { name: data.name, startPath: data.start_path } : null;
  } catch {
    return null;
  }
}
