import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CATALOG_ITEMS, NAV_ITEMS, TRAILING_ITEMS } from './navigation';

/** Pages without a sidebar item: their title's key. */
const OTHER_TITLES: Record<string, string> = {
  '/login': 'auth.title',
  '/promotion-settings': 'app.titles.promotion_settings',
  '/promotion-design': 'app.titles.promotion_design',
  '/promotion-report-view': 'app.titles.report_view',
  '/print-promotion-report': 'app.titles.print_report',
  '/create-feedback': 'app.titles.create_feedback',
  '/view-feedback': 'app.titles.view_feedback',
  '/user-promotions/:id': 'app.titles.user_promotion',
  '/sign-templates/:id': 'app.titles.sign_template',
};

const TITLES: Record<string, string> = {
  ...Object.fromEntries([...NAV_ITEMS, ...CATALOG_ITEMS, ...TRAILING_ITEMS].map((item) => [item.to, `nav.${item.label}`])),
  ...OTHER_TITLES,
};

/** The browser tab's title: the page, then the product ("Flater · Promo Print"). */
export function pageTitle(pathname: string, t: TFunction): string {
  const key = TITLES[pathname] ?? TITLES[pathname.replace(/\/\d+$/, '/:id')] ?? 'not_found.title';
  return `${t(key)} · ${t('app.name')}`;
}

/** The root of every route: names the tab after the page, in the interface's language. */
export function TitledPages() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(pathname, t);
  }, [pathname, t, i18n.language]);
  return <Outlet />;
}
