import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { getBearerToken, useCurrentUser } from '@/lib/session';

/** The centred public layout; a visitor who is already signed in goes to /. */
export function PublicLayout() {
  const user = useCurrentUser();
  if (user && getBearerToken()) return <Navigate to="/" replace />;
  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <Suspense>
        <Outlet />
      </Suspense>
    </div>
  );
}
