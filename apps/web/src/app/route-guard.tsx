import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { mayOpen, type AppRoute } from '@promo/shared';
import { useCurrentUser } from '@/lib/session';
import NoAccessPage from '@/features/no-access/pages/no-access-page';

/** Not signed in: /login; a role not allowed for the route: 'No access' in its place (issue 12). */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/login" replace />;
  if (!mayOpen(user.role, route)) return <NoAccessPage />;
  return children;
}
