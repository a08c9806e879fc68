import type { AppRoute } from '@promo/shared';

export interface NavItem {
  to: AppRoute;
  /** Key under `nav` in the locale files. */
  label: string;
}

/**
 * The sidebar in the order of spec 000 §2; who sees an item comes from ROUTE_ACCESS. No icons here:
 * the page titles read these on every page, the sign-in page included (icons: nav-icons.ts).
 */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'dashboard' },
  { to: '/promotions', label: 'promotions' },
  { to: '/insights', label: 'insights' },
  { to: '/users', label: 'users' },
  { to: '/print-promotions', label: 'print_promotions' },
  { to: '/distributor-promotions', label: 'distributor_promotions' },
];

export const CATALOG_ITEMS: NavItem[] = [
  { to: '/categories', label: 'categories' },
  { to: '/surfaces', label: 'surfaces' },
  { to: '/products', label: 'products' },
  { to: '/designs', label: 'designs' },
  { to: '/catalogue-import', label: 'catalogue_import' },
  { to: '/sign-templates', label: 'sign_templates' },
];

export const TRAILING_ITEMS: NavItem[] = [
  { to: '/company-planner', label: 'company_planner' },
  { to: '/history-planner', label: 'history_planner' },
  { to: '/user-promotions', label: 'user_promotions' },
  { to: '/system-settings', label: 'system_settings' },
  { to: '/audit-log', label: 'audit_log' },
  { to: '/feedback-messages', label: 'feedback_messages' },
];
