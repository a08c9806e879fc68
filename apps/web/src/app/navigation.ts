import { FileText, FolderTree, Home, Inbox, LayoutGrid, MessageSquare, Package, Printer, Settings, ShoppingBag, Store, Tags, Truck, Users, History, CalendarRange } from 'lucide-react';
import type { AppRoute } from '@promo/shared';
import type { LucideIcon } from 'lucide-react';

export interface NavItem {
  to: AppRoute;
  /** Key under `nav` in the locale files. */
  label: string;
  icon: LucideIcon;
}

/** The sidebar in the order of spec 000 §2; who sees an item comes from ROUTE_ACCESS. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'dashboard', icon: Home },
  { to: '/promotions', label: 'promotions', icon: CalendarRange },
  { to: '/users', label: 'users', icon: Users },
  { to: '/print-promotions', label: 'print_promotions', icon: Printer },
  { to: '/distributor-promotions', label: 'distributor_promotions', icon: Truck },
];

export const CATALOG_ITEMS: NavItem[] = [
  { to: '/categories', label: 'categories', icon: FolderTree },
  { to: '/surfaces', label: 'surfaces', icon: LayoutGrid },
  { to: '/products', label: 'products', icon: ShoppingBag },
  { to: '/designs', label: 'designs', icon: Tags },
];

export const TRAILING_ITEMS: NavItem[] = [
  { to: '/company-planner', label: 'company_planner', icon: Store },
  { to: '/history-planner', label: 'history_planner', icon: History },
  { to: '/user-promotions', label: 'user_promotions', icon: Package },
  { to: '/system-settings', label: 'system_settings', icon: Settings },
  { to: '/feedback-messages', label: 'feedback_messages', icon: MessageSquare },
];

export const CATALOG_ICON = Inbox;
export const BRAND_ICON = FileText;
