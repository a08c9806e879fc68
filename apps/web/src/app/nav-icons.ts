import { ChartColumn, FileUp, ScrollText, FolderTree, Home, Inbox, LayoutGrid, MessageSquare, Package, Printer, Settings, ShoppingBag, Store, Tags, Truck, Users, History, CalendarRange, BadgePercent, type LucideIcon } from 'lucide-react';
import type { AppRoute } from '@promo/shared';

/** The sidebar's icon of each item of navigation.ts. */
export const NAV_ICONS: Partial<Record<AppRoute, LucideIcon>> = {
  '/': Home,
  '/promotions': CalendarRange,
  '/insights': ChartColumn,
  '/users': Users,
  '/print-promotions': Printer,
  '/distributor-promotions': Truck,
  '/categories': FolderTree,
  '/surfaces': LayoutGrid,
  '/products': ShoppingBag,
  '/designs': Tags,
  '/catalogue-import': FileUp,
  '/sign-templates': BadgePercent,
  '/company-planner': Store,
  '/history-planner': History,
  '/user-promotions': Package,
  '/system-settings': Settings,
  '/audit-log': ScrollText,
  '/feedback-messages': MessageSquare,
};

export const CATALOG_ICON = Inbox;
