import { useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { LogOut, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { backToAdmin, logout } from '@/features/auth/api';
import { forgetThisDevice } from '@/features/push/browser-push';
import { serverMessage } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { isImpersonating } from '@/lib/session';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { EnglishFlag, NorwegianFlag } from './flags';
import { MobileNav } from './mobile-nav';

function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'no' : 'en';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setLanguage(next)}
      aria-label={t('header.switch_language')}
      title={t('header.switch_language')}
      data-testid="language-toggle"
      data-language={i18n.language}
    >
      {i18n.language === 'en' ? <EnglishFlag className="h-4 w-6" /> : <NorwegianFlag className="h-4 w-6" />}
    </Button>
  );
}

export function Header({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initials = `${user.name[0] ?? ''}${user.surname[0] ?? ''}`.toUpperCase();
  const onBack = async () => {
    const res = await backToAdmin();
    toast({ title: serverMessage(res) });
    navigate('/users');
  };
  const onLogout = async () => {
    await forgetThisDevice();
    const endSession = await logout();
    // After a single sign-on, the provider signs out too and sends the browser back to /login.
    if (endSession) window.location.assign(endSession);
    else navigate('/login');
  };
  return (
    <header className="flex h-14 items-center justify-end gap-2 border-b border-border bg-background px-4">
      <MobileNav role={user.role} />
      {isImpersonating(user) && (
        <Button variant="outline" size="sm" onClick={onBack}>
          <Undo2 /> {t('header.back_to_admin')}
        </Button>
      )}
      <NotificationBell />
      <LanguageToggle />
      {/* Not modal: a modal menu sets aria-hidden on the page around it while its links stay focusable (axe aria-hidden-focus). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {initials || '?'}
            {/* Named by what it shows, then what it is: "LK Account menu". */}
            <span className="sr-only"> {t('header.account_menu')}</span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-md border border-border bg-background p-1 shadow-md">
            <DropdownMenu.Label className="px-2 py-1.5 text-sm">
              <div className="font-medium">
                {user.name} {user.surname}
              </div>
              <div className="text-xs text-muted-foreground">{t(`roles.${user.role}`)}</div>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              onSelect={onLogout}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent"
            >
              <LogOut className="size-4" /> {t('header.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </header>
  );
}
