import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteGuard } from './route-guard';

const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const UsersPage = lazy(() => import('@/features/users/pages/users-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/pages/not-found-page'));

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [{ path: '/login', element: <LoginPage /> }],
  },
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <DashboardPage /> },
      { path: '/dashboard', element: <Navigate to="/" replace /> },
      {
        path: '/users',
        element: (
          <RouteGuard route="/users">
            <UsersPage />
          </RouteGuard>
        ),
      },
    ],
  },
  { path: '/not-found-404', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
]);
