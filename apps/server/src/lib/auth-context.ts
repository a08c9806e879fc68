import type { Role } from '@promo/shared';

export interface AuthUser {
  id: number;
  name: string;
  surname: string;
  email: string;
  role: Role;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: number;
  impersonatorId: number | null;
}
