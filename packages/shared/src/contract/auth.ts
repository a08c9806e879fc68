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

export const auth = {
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
