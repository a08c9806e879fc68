import { lazy, type ReactNode } from 'react';
import type { AppRoute } from '@promo/shared';
import { createBrowserRouter, Navigate } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { PublicLayout } from './layouts/public-layout';
import { TitledPages } from './page-title';
import { RouteGuard } from './route-guard';

const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const UsersPage = lazy(() => import('@/features/users/pages/users-page'));
const CategoriesPage = lazy(() => import('@/features/categories/pages/categories-page'));
const SurfacesPage = lazy(() => import('@/features/surfaces/pages/surfaces-page'));
const ProductsPage = lazy(() => import('@/features/products/pages/products-page'));
const DesignsPage = lazy(() => import('@/features/designs/pages/designs-page'));
const PromotionsPage = lazy(() => import('@/features/promotions/pages/promotions-page'));
const PromotionSettingsPage = lazy(() => import('@/features/promotions/pages/promotion-settings-page'));
const PromotionDesignPage = lazy(() => import('@/features/promotion-design/pages/promotion-design-page'));
const ReportViewPage = lazy(() => import('@/features/reports/pages/report-view-page'));
const PrintPromotionsPage = lazy(() => import('@/features/print/pages/print-promotions-page'));
const PrintReportPage = lazy(() => import('@/features/print/pages/print-report-page'));
const DistributorPromotionsPage = lazy(() => import('@/features/distribution/pages/distributor-promotions-page'));
const UserPromotionsPage = lazy(() => import('@/features/company/pages/user-promotions-page'));
const CompanyPlannerPage = lazy(() => import('@/features/company/pages/company-planner-page'));
const HistoryPlannerPage = lazy(() => import('@/features/company/pages/history-planner-page'));
const SystemSettingsPage = lazy(() => import('@/features/settings/pages/system-settings-page'));
const FeedbackListPage = lazy(() => import('@/features/feedback/pages/feedback-list-page'));
const CreateFeedbackPage = lazy(() => import('@/features/feedback/pages/create-feedback-page'));
const ViewFeedbackPage = lazy(() => import('@/features/feedback/pages/view-feedback-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/pages/not-found-page'));

const guarded = (path: AppRoute, element: ReactNode) => ({
  path,
  element: <RouteGuard route={path}>{element}</RouteGuard>,
});

export const router = createBrowserRouter([
  {
    element: <TitledPages />,
    children: [
      {
        element: <PublicLayout />,
        children: [{ path: '/login', element: <LoginPage /> }],
      },
      {
        element: <MainLayout />,
        children: [
          { path: '/', element: <DashboardPage /> },
          { path: '/dashboard', element: <Navigate to="/" replace /> },
          guarded('/users', <UsersPage />),
          guarded('/categories', <CategoriesPage />),
          guarded('/surfaces', <SurfacesPage />),
          guarded('/products', <ProductsPage />),
          guarded('/designs', <DesignsPage />),
          guarded('/promotions', <PromotionsPage />),
          guarded('/promotion-settings', <PromotionSettingsPage />),
          guarded('/promotion-design', <PromotionDesignPage />),
          guarded('/promotion-report-view', <ReportViewPage />),
          guarded('/print-promotions', <PrintPromotionsPage />),
          guarded('/print-promotion-report', <PrintReportPage />),
          guarded('/distributor-promotions', <DistributorPromotionsPage />),
          guarded('/user-promotions', <UserPromotionsPage />),
          guarded('/company-planner', <CompanyPlannerPage />),
          guarded('/history-planner', <HistoryPlannerPage />),
          guarded('/system-settings', <SystemSettingsPage />),
          guarded('/feedback-messages', <FeedbackListPage />),
          guarded('/create-feedback', <CreateFeedbackPage />),
          guarded('/view-feedback', <ViewFeedbackPage />),
        ],
      },
      { path: '/not-found-404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
