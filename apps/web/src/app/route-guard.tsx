import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { mayOpen, type AppRoute } from '@promo/shared';
import { useCurrentUser } from '@/lib/session';

/** Not signed in: /login; a role not allowed for the route: / (spec 000 §6). */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/login" replace />;
  if (!mayOpen(user.role, route)) return <Navigate to="/" replace />;
  return children;
}
