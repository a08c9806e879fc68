import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId } from '../form-values';
import { emailField, loginPasswordField } from '../validation';
import type { Role } from '../constants';

export const loginBody = z.object({ email: emailField, password: loginPasswordField });
export type LoginBody = z.infer<typeof loginBody>;

export interface SessionUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  role: Role;
  categories: { id: number }[];
  re_login: { to_user_id: number; from_user_id: number } | null;
}

export interface LoginData {
  mergedUserData: SessionUser;
  bearerToken: string;
}

/** Whether single sign-on is on and the provider's name for its button (decision 035). */
export interface SsoInfo {
  enabled: boolean;
  name: string | null;
  /** Where the button goes: the start of the provider's sign-in. */
  start_path: string | null;
}

/** Sign-out's answer: after an SSO session, the provider's end-session address to go to as well. */
export interface LogoutData {
  end_session_url: string | null;
}

/** The SSO flow's own routes (no contracts: they answer redirects and exist only with OIDC_ISSUER). */
export const SSO_START_PATH = '/api/auth/oidc/start';
export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';

/** Why an SSO sign-in was refused: the web's /sso page names each (decision 035). */
export const SSO_OUTCOMES = ['waiting', 'account_inactive', 'unmapped_group', 'email_unverified', 'failed'] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

export const auth = {
  sso: endpoint({
    method: 'GET',
    path: '/api/auth/sso',
    access: 'public',
    summary: 'Whether single sign-on is on, and the name of its provider for the sign-in button',
    example: {},
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    body: loginBody,
    summary: 'Sign in with email and password: answers the bearer token and the user',
    example: { body: { email: 'admin@demo.no', password: 'Demo2026' } },
  }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', access: 'authenticated', summary: 'Sign out: ends this session', example: {} }),
  toReLogin: endpoint({
    method: 'POST',
    path: '/api/auth/to-re-login',
    access: 'auth.impersonate',
    body: z.object({ user_id: zId }),
    summary: "Sign in as an active station (role user): answers that station's session",
    example: { body: { user_id: 57 } },
  }),
  backReLogin: endpoint({
    method: 'POST',
    path: '/api/auth/back-re-login',
    access: 'authenticated',
    summary: "End a sign-in-as: answers the admin's own session again",
    example: {},
  }),
};
