import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Collapsible } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { mayOpen, type Role } from '@promo/shared';
import { cn } from '@/lib/cn';
import { CATALOG_ITEMS, NAV_ITEMS, TRAILING_ITEMS, type NavItem } from './navigation';
import { CATALOG_ICON, NAV_ICONS } from './nav-icons';

function Item({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const Icon = NAV_ICONS[item.to];
  return (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-200 hover:bg-white/10',
          isActive && 'bg-white/15 font-medium text-white',
        )
      }
    >
      {Icon && <Icon className="size-4" aria-hidden />}
      {t(`nav.${item.label}`)}
    </NavLink>
  );
}

export function Sidebar({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = (items: NavItem[]) => items.filter((i) => mayOpen(role, i.to));
  const catalog = visible(CATALOG_ITEMS);
  const catalogActive = catalog.some((i) => pathname.startsWith(i.to));
  const [catalogOpen, setCatalogOpen] = useState(catalogActive);
  const open = catalogOpen || catalogActive;
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-1 p-3" data-testid="sidebar">
      {visible(NAV_ITEMS).map((item) => (
        <Item key={item.to} item={item} />
      ))}
      {catalog.length > 0 && (
        <Collapsible.Root open={open} onOpenChange={setCatalogOpen}>
          <Collapsible.Trigger className="flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-200 hover:bg-white/10">
            <CATALOG_ICON className="size-4" aria-hidden />
            <span className="flex-1 text-left">{t('nav.catalog')}</span>
            <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </Collapsible.Trigger>
          <Collapsible.Content className="ml-4 flex flex-col gap-1 border-l border-white/10 pl-2">
            {catalog.map((item) => (
              <Item key={item.to} item={item} />
            ))}
          </Collapsible.Content>
        </Collapsible.Root>
      )}
      {visible(TRAILING_ITEMS).map((item) => (
        <Item key={item.to} item={item} />
      ))}
    </nav>
  );
}
