import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';
import { markNotificationsRead, notificationsQuery } from './api';
import { useNotificationsLive } from './use-notifications-live';

/** The header bell: the latest notifications with an unread count; opening the menu marks them read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(notificationsQuery);
  useNotificationsLive();
  const read = useMutation({
    mutationFn: () => markNotificationsRead([]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  });
  const unread = data?.unread ?? 0;
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => !open && unread > 0 && read.mutate()}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="relative flex size-9 cursor-pointer items-center justify-center rounded-md hover:bg-accent"
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden />
          {/* The name holds the visible count too: "Notifications 3". */}
          <span className="sr-only">{t('notifications.title')}</span>
          {unread > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-semibold text-white" data-testid="notification-count">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 max-h-96 w-80 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md">
          <DropdownMenu.Label className="px-2 py-1.5 text-sm font-medium">{t('notifications.title')}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {!data?.notifications.length && <p className="px-2 py-3 text-sm text-muted-foreground">{t('notifications.empty')}</p>}
          {data?.notifications.map((n) => (
            <DropdownMenu.Item key={n.id} asChild className="outline-none data-[highlighted]:bg-accent">
              <Link to={n.link} className={cn('block rounded-sm px-2 py-1.5 text-sm', !n.read && 'font-medium')}>
                <span className="block">{t(`notifications.kinds.${n.kind}`, { name: n.promotion_name })}</span>
                <span className="block text-xs text-muted-foreground">{formatDate(n.created_at)}</span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
