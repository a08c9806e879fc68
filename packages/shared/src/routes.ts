import type { Role } from './constants';

/** Routes of the web app and who may open them (spec 000 §6, spec 001 §2.1); null: any signed-in user. */
export const ROUTE_ACCESS = {
  '/': null,
  '/users': ['admin', 'cm', 'cm-admin', 'designer'],
  '/promotions': ['admin', 'cm', 'cm-admin', 'designer'],
  '/promotion-settings': ['admin', 'cm', 'cm-admin', 'designer'],
  '/promotion-design': ['admin', 'cm', 'cm-admin', 'designer'],
  '/promotion-report-view': ['admin', 'cm', 'cm-admin', 'distributor'],
  '/print-promotions': ['printer'],
  '/print-promotion-report': ['printer'],
  '/distributor-promotions': ['distributor'],
  '/categories': ['admin', 'cm', 'cm-admin'],
  '/surfaces': ['admin', 'cm', 'cm-admin'],
  '/products': ['admin', 'cm', 'cm-admin'],
  '/designs': ['admin', 'cm', 'cm-admin'],
  '/catalogue-import': ['admin', 'cm-admin'],
  /** Price sign templates and their editor (/sign-templates/:id): who holds signs.manageTemplates. */
  '/sign-templates': ['admin', 'cm-admin', 'designer'],
  '/company-planner': ['user'],
  '/history-planner': ['user'],
  '/user-promotions': ['user'],
  '/system-settings': ['admin'],
  '/audit-log': ['admin'],
  '/insights': ['admin', 'cm', 'cm-admin'],
  '/feedback-messages': null,
  '/create-feedback': null,
  '/view-feedback': null,
} as const satisfies Record<string, readonly Role[] | null>;

export type AppRoute = keyof typeof ROUTE_ACCESS;

export function mayOpen(role: Role | null | undefined, route: AppRoute): boolean {
  if (!role) return false;
  const roles = ROUTE_ACCESS[route] as readonly Role[] | null;
  return roles === null || roles.includes(role);
}
