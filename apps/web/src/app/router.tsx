import type { ComponentType } from 'react';
import type { AppRoute } from '@promo/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import LoginPage from '@/features/auth/pages/login-page';
import { pageTexts } from '@/lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { TitledPages } from './page-title';

/*
 * Every page and the signed-in shell are chunks of their own, loaded by the router when their route
 * matches: a layout's and its page's chunks are fetched at once, not one after the other. The entry
 * holds what every route needs and the sign-in page, the first page of everyone who is not signed
 * in (a few KB beside what its components share with every page): it paints without a second round
 * trip and loads no part of the signed-in app.
 */
type PageModule = Promise<{ default: ComponentType }>;

/** A page's texts of the second Norwegian part come with it; without them (offline) it shows all the same. */
const texts = () => pageTexts().catch(() => {});

const page = (load: () => PageModule) => async () => ({ Component: (await Promise.all([load(), texts()]))[0].default });

/**
 * A page of the signed-in shell behind the route guard (signed in, and allowed for the role); `at`
 * is its own address when it lies below the route it is guarded as (/user-promotions/:id).
 */
const guarded = (path: AppRoute, load: () => PageModule, at: string = path): RouteObject => ({
  path: at,
  lazy: async () => {
    const [{ default: Page }, { RouteGuard }] = await Promise.all([load(), import('./route-guard'), texts()]);
    return {
      Component: () => (
        <RouteGuard route={path}>
          <Page />
        </RouteGuard>
      ),
    };
  },
});

export const routes: RouteObject[] = [
  {
    element: <TitledPages />,
    // Nothing to show while the first route's chunks load (without it React Router warns).
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          // A single sign-on that opened no session (decision 035).
          { path: '/sso', lazy: page(() => import('@/features/auth/pages/sso-outcome-page')) },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/main-layout')).MainLayout }),
        children: [
          { path: '/', lazy: page(() => import('@/features/dashboard/pages/dashboard-page')) },
          { path: '/dashboard', element: <Navigate to="/" replace /> },
          guarded('/users', () => import('@/features/users/pages/users-page')),
          guarded('/categories', () => import('@/features/categories/pages/categories-page')),
          guarded('/surfaces', () => import('@/features/surfaces/pages/surfaces-page')),
          guarded('/products', () => import('@/features/products/pages/products-page')),
          guarded('/designs', () => import('@/features/designs/pages/designs-page')),
          guarded('/sign-templates', () => import('@/features/signs/pages/sign-templates-page')),
          guarded('/sign-templates', () => import('@/features/signs/pages/sign-template-editor-page'), '/sign-templates/:id'),
          guarded('/catalogue-import', () => import('@/features/catalogue-import/pages/catalogue-import-page')),
          guarded('/promotions', () => import('@/features/promotions/pages/promotions-page')),
          guarded('/promotion-settings', () => import('@/features/promotions/pages/promotion-settings-page')),
          guarded('/promotion-design', () => import('@/features/promotion-design/pages/promotion-design-page')),
          guarded('/promotion-report-view', () => import('@/features/reports/pages/report-view-page')),
          guarded('/print-promotions', () => import('@/features/print/pages/print-promotions-page')),
          guarded('/print-promotion-report', () => import('@/features/print/pages/print-report-page')),
          guarded('/distributor-promotions', () => import('@/features/distribution/pages/distributor-promotions-page')),
          guarded('/user-promotions', () => import('@/features/company/pages/user-promotions-page')),
          guarded('/user-promotions', () => import('@/features/company/pages/user-promotion-page'), '/user-promotions/:id'),
          guarded('/company-planner', () => import('@/features/company/pages/company-planner-page')),
          guarded('/history-planner', () => import('@/features/company/pages/history-planner-page')),
          guarded('/system-settings', () => import('@/features/settings/pages/system-settings-page')),
          guarded('/audit-log', () => import('@/features/audit/pages/audit-log-page')),
          guarded('/insights', () => import('@/features/insights/pages/insights-page')),
          guarded('/feedback-messages', () => import('@/features/feedback/pages/feedback-list-page')),
          guarded('/create-feedback', () => import('@/features/feedback/pages/create-feedback-page')),
          guarded('/view-feedback', () => import('@/features/feedback/pages/view-feedback-page')),
        ],
      },
      { path: '/not-found-404', lazy: page(() => import('@/features/not-found/pages/not-found-page')) },
      { path: '*', lazy: page(() => import('@/features/not-found/pages/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
