import { useEffect, useState, type MouseEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Sidebar } from './sidebar';

/**
 * Below 1024 px the sidebar is a drawer behind a menu button. Radix Dialog traps focus, closes on
 * Escape and an overlay click, and gives focus back to the button; following a link closes it too.
 */
export function MobileNav({ role }: { role: Role }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Widened to the desktop layout while open: the sidebar is back, the modal drawer must go.
    const desktop = window.matchMedia('(min-width: 1024px)');
    const onChange = () => desktop.matches && setOpen(false);
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);
  const closeOnLink = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="mr-auto lg:hidden" aria-label={t('header.open_menu')} data-testid="menu-button">
          <Menu />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-slate-900 shadow-lg lg:hidden"
          data-testid="nav-drawer"
          onClick={closeOnLink}
        >
          <div className="flex h-14 items-center justify-between px-5">
            <Dialog.Title className="text-lg font-semibold text-white">{t('app.name')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="text-slate-200 hover:bg-white/10" aria-label={t('common.close')}>
                <X />
              </Button>
            </Dialog.Close>
          </div>
          <Sidebar role={role} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
